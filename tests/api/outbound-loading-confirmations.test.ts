import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Caller, callerOfUser } from "../../api/modules/auth/index.ts";
import { confirmLoading } from "../../api/modules/outbound/loading-confirmations/service.ts";
import { seedDemoStowage } from "../../api/modules/outbound/stowage/demo.ts";
import { randomToken, sha256Hex } from "../../api/shared/tokens.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog, bookings, customers, emailOutbox, loadingConfirmations, stowagePlacements, users, vesselStowagePlans } from "../../db/schema/index.ts";
import { createUser, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { type BookingWorld, seedBookingWorld } from "../support/bookings.ts";
import { cargoWithWaybills, type LoadedCargo, loadingWorld, type LoadingWorld, newVoyage, secondShipper, tallyOnto } from "../support/loaded-voyage.ts";
import { normaliseOcr, renderPdf } from "../support/pdf-image.ts";
import { openTestDatabase } from "../support/test-db.ts";

/**
 * Loading confirmations (001 §3, §9; issue 22 item 5): the final tally's confirmLoading() makes one per shipper
 * and voyage (LC series at the origin branch) and e-mails each shipper a link; the link opens the confirmation
 * and its PDF without a session, never says its token back, and answers a wrong token or a booking not on the
 * confirmation exactly as a missing one. Staff list, print and send the link again (a new token replaces the old).
 */

let handle: DatabaseHandle;
let t: TestApp;
let w: BookingWorld;
let lw: LoadingWorld;
let yard: Caller;
let cebuClerk: string;
let addressSerial = 0;

const LINK_BASE = "https://lading.example.test";
const year = new Date().getFullYear();
const json = (res: Response) => res.json() as Promise<any>;
const NOT_FOUND = { message: "This loading confirmation was not found. Ask the line's staff to send the link again.", errors: { "": [] } };

/** A client address of its own per call site, so the lookups of one test never count against another's limit. */
const freshAddress = () => `198.51.100.${++addressSerial}`;

/** The public page's call, as a shipper's browser makes it: no session. */
async function openLink(bookingRef: string, token: string, address = freshAddress(), pdf = false) {
  const res = await t.call("GET", `/api/Bookings/loadingConfirmation/${encodeURIComponent(bookingRef)}/${encodeURIComponent(token)}${pdf ? "/pdf" : ""}`, {
    headers: { "x-forwarded-for": address },
  });
  return res;
}

/** The token of the last link e-mailed to an address, read from the outbox. */
async function tokenMailedTo(to: string): Promise<{ base: string; bookingRef: string; token: string; mail: typeof emailOutbox.$inferSelect }> {
  const mails = await handle.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, "loadingConfirmation")))
    .orderBy(asc(emailOutbox.id));
  const mail = mails.at(-1)!;
  const found = /(https?:\/\/[^/\s]+)\/booking\/loadingConfirmation\/([^/\s]+)\/([A-Za-z0-9_-]+)/.exec(mail.textBody);
  expect(found, mail.textBody).not.toBeNull();
  return { base: found![1], bookingRef: decodeURIComponent(found![2]), token: found![3], mail };
}

/** A voyage with cargo of PHT (two bookings) and of a second shipper (one), all counted and the tally final. */
async function loadedVoyage(ref: string, second: string): Promise<{ voyageNum: string; pht: LoadedCargo[]; other: LoadedCargo[] }> {
  const voyageNum = await newVoyage(lw, ref);
  const pht = await cargoWithWaybills(lw, voyageNum, 2);
  const other = await cargoWithWaybills(lw, voyageNum, 1, second);
  await tallyOnto(lw, voyageNum, [...pht, ...other], { final: true, seal: (i) => `MNL-04567${10 + i}` });
  return { voyageNum, pht, other };
}

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  w = await seedBookingWorld(handle.db, t, { yard: ["OUTBOUND"] });
  lw = await loadingWorld(handle.db, w, "yard", 620000);
  await secondShipper(lw, "BAY", "Bayanihan Trading Corporation", "shipping@bayanihan.example");
  await secondShipper(lw, "QRM", "Quezon Rice Mills", "logistics@qrm.example");
  await secondShipper(lw, "NOMAIL", "Silent Shipper Inc.", "silent@shipper.example");
  await handle.db.update(customers).set({ customerContactEmail: "" }).where(eq(customers.code, "NOMAIL"));
  const [yardUser] = await handle.db.select({ id: users.id }).from(users).where(eq(users.userId, "bk-yard"));
  yard = await callerOfUser(handle.db, yardUser.id);
  await createUser(handle.db, { userId: "lc-cebu", password: "lc-cebu-password", menus: ["OUTBOUND"], branches: ["CEB"] });
  cebuClerk = await signIn(t, "lc-cebu", "lc-cebu-password");
}, 240_000);
afterAll(() => handle?.close());

describe("confirmLoading after a final tally", () => {
  it("makes one confirmation per shipper, numbered at the origin branch, each e-mailed its link; a second call makes none", async () => {
    const { voyageNum, pht, other } = await loadedVoyage("LC-ONE", "BAY");
    const refs = [...pht, ...other].map((c) => c.bookingRef);
    const outboxBefore = (await handle.db.select().from(emailOutbox)).length;
    const first = await confirmLoading(handle.db, { voyageNum, bookingRefs: refs, actor: yard, linkBase: LINK_BASE });
    // Shippers in code order: BAY, then PHT.
    expect(first).toEqual({ made: [`LC-MNL-${year}-000001`, `LC-MNL-${year}-000002`] });
    const made = await handle.db.select().from(loadingConfirmations).where(eq(loadingConfirmations.voyageNum, voyageNum)).orderBy(asc(loadingConfirmations.id));
    expect(made.map((c) => [c.transactionRef, c.customerCode, c.branchCode, c.shipperEmail, c.sentBy])).toEqual([
      [`LC-MNL-${year}-000001`, "BAY", "MNL", "shipping@bayanihan.example", "bk-yard"],
      [`LC-MNL-${year}-000002`, "PHT", "MNL", "ops@pacific.example", "bk-yard"],
    ]);

    const toPht = await tokenMailedTo("ops@pacific.example");
    expect(toPht.mail.subject).toBe(`Loading confirmation LC-MNL-${year}-000002: your cargo is on ${voyageNum} (LC-ONE, MV Lady of Manila)`);
    const [firstPht, secondPht] = [...pht].sort((a, b) => a.bookingRef.localeCompare(b.bookingRef));
    expect(toPht.mail.textBody).toContain(`Your cargo of 2 bookings (${firstPht.bookingRef}, ${secondPht.bookingRef}) is loaded on voyage ${voyageNum} (LC-ONE, MV Lady of Manila)`);
    expect([toPht.base, toPht.bookingRef]).toEqual([LINK_BASE, firstPht.bookingRef]);
    // 256 random bits; the database keeps only their SHA-256.
    expect(toPht.token).toHaveLength(43);
    expect(made[1].tokenHash).toBe(await sha256Hex(toPht.token));
    expect(JSON.stringify(made)).not.toContain(toPht.token);
    const toBay = await tokenMailedTo("shipping@bayanihan.example");
    expect(toBay.bookingRef).toBe(other[0].bookingRef);

    const audit = await handle.db.select().from(auditLog).where(inArray(auditLog.target, made.map((c) => `loading-confirmation:${c.transactionRef}`)));
    expect(audit.map((a) => [a.action, a.actor, a.target]).sort()).toEqual([
      ["LOADING_CONFIRMATION_SENT", "bk-yard", `loading-confirmation:LC-MNL-${year}-000001`],
      ["LOADING_CONFIRMATION_SENT", "bk-yard", `loading-confirmation:LC-MNL-${year}-000002`],
    ]);

    // The tally reopened and made final again hands the same bookings on: nothing new, no second e-mail.
    expect(await confirmLoading(handle.db, { voyageNum, bookingRefs: refs, actor: yard, linkBase: LINK_BASE })).toEqual({ made: [] });
    expect(await handle.db.select().from(loadingConfirmations).where(eq(loadingConfirmations.voyageNum, voyageNum))).toHaveLength(2);
    expect((await handle.db.select().from(emailOutbox)).length).toBe(outboxBefore + 2);
  });

  it("makes the confirmation of a shipper with no e-mail address unsent, for staff to send to an address they type", async () => {
    const voyageNum = await newVoyage(lw, "LC-NOMAIL");
    const cargo = await cargoWithWaybills(lw, voyageNum, 1, "NOMAIL");
    await tallyOnto(lw, voyageNum, cargo, { final: true });
    const { made: [ref] } = await confirmLoading(handle.db, { voyageNum, bookingRefs: cargo.map((c) => c.bookingRef), actor: yard, linkBase: LINK_BASE });
    const row = (await json(await w.call("yard", "GET", `/OutBound/loadingConfirmation/get/${ref}`))).data;
    expect([row.shipperEmail, row.dateSent, row.sentBy]).toEqual(["", null, null]);
    const [audit] = await handle.db.select().from(auditLog).where(eq(auditLog.target, `loading-confirmation:${ref}`));
    expect(audit.action).toBe("LOADING_CONFIRMATION_MADE");

    const refused = await w.call("yard", "PUT", `/OutBound/loadingConfirmation/resend/${ref}`, { dateModified: row.dateModified });
    expect([refused.status, await json(refused)]).toEqual([400, {
      message: "Customer NOMAIL has no e-mail address; type one to send the link to.", errors: { "": ["email: E-mail is required"], email: ["E-mail is required"] },
    }]);
    const typo = await w.call("yard", "PUT", `/OutBound/loadingConfirmation/resend/${ref}`, { dateModified: row.dateModified, email: "not an address" });
    expect([typo.status, (await json(typo)).errors.email]).toEqual([400, ["email must be an e-mail address"]]);
    const sent = await w.call("yard", "PUT", `/OutBound/loadingConfirmation/resend/${ref}`, { dateModified: row.dateModified, email: "desk@silent.example" });
    const body = await json(sent);
    expect([sent.status, body.message, body.data.shipperEmail, body.data.sentBy]).toEqual([200, "Email was sent successfully", "desk@silent.example", "bk-yard"]);
    const { bookingRef, token } = await tokenMailedTo("desk@silent.example");
    expect((await openLink(bookingRef, token)).status).toBe(200);
  });
});

describe("the shipper's link", () => {
  let voyageNum: string;
  let pht: LoadedCargo[];
  let other: LoadedCargo[];
  let link: { bookingRef: string; token: string };

  beforeAll(async () => {
    ({ voyageNum, pht, other } = await loadedVoyage("LC-LINK", "QRM"));
    await confirmLoading(handle.db, { voyageNum, bookingRefs: [...pht, ...other].map((c) => c.bookingRef), actor: yard, linkBase: LINK_BASE });
    link = await tokenMailedTo("ops@pacific.example");
  }, 120_000);

  it("opens the confirmation without a session: the voyage, the vessel and each loaded booking's details, and never the token", async () => {
    const res = await openLink(link.bookingRef, link.token);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(link.token);
    const { data } = JSON.parse(text);
    const [phtRef] = await handle.db.select({ ref: loadingConfirmations.transactionRef }).from(loadingConfirmations)
      .where(and(eq(loadingConfirmations.voyageNum, voyageNum), eq(loadingConfirmations.customerCode, "PHT")));
    expect(data).toMatchObject({
      transactionRef: phtRef.ref, voyageNum, voyageRef: "LC-LINK", vessel: "MV Lady of Manila", origin: "Manila",
      shipper: "Pacific Harbor Trading", shipperEmail: "ops@pacific.example",
    });
    const [a, b] = [...pht].sort((x, y) => x.bookingRef.localeCompare(y.bookingRef));
    expect(data.lines.map((l: any) => l.bookingRef)).toEqual([a.bookingRef, b.bookingRef]);
    const [eta] = (await json(await w.call("staff", "GET", `/VoyageSchedules/get/${voyageNum}`))).data.destinations.map((d: any) => d.estimatedTimeArrival);
    expect(data.lines[0]).toEqual({
      bookingRef: a.bookingRef, wayBillRef: a.wayBillRef, bookingDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), cyIn: null,
      cargo: "1 x 20'", goods: "Canned goods, 400 Box", sealNum: expect.stringMatching(/^MNL-04567\d\d$/), containerVanNum: a.containerVanNum,
      modeOfDelivery: "PTP", modeOfPayment: "P", consignee: "", consigneeEmail: "", destination: "Cebu", eta: new Date(eta).toISOString(),
      cargoType: "Dry containerized", declaredValue: "250000.00", remarks: expect.any(String),
    });
    // Any of the shipper's loaded bookings opens it.
    expect((await openLink(b.bookingRef, link.token)).status).toBe(200);
  });

  it("answers a wrong token, a malformed one and another shipper's booking exactly as a missing confirmation", async () => {
    for (const [bookingRef, token] of [
      [link.bookingRef, randomToken(32)],
      [link.bookingRef, `${link.token.slice(0, -1)}${link.token.endsWith("A") ? "B" : "A"}`],
      [link.bookingRef, "short"],
      [link.bookingRef, `${link.token}x`],
      [other[0].bookingRef, link.token],
      ["BK-MNL-1999-000001", link.token],
    ]) {
      for (const pdf of [false, true]) {
        const res = await openLink(bookingRef, token, freshAddress(), pdf);
        const text = await res.text();
        expect([res.status, JSON.parse(text)], `${bookingRef} ${token} ${pdf ? "pdf" : ""}`).toEqual([404, NOT_FOUND]);
        expect(text).not.toContain(link.token);
      }
    }
  });

  it("gives the shipper the PDF, the original, named after the confirmation", async () => {
    const res = await openLink(link.bookingRef, link.token, freshAddress(), true);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const disposition = res.headers.get("content-disposition") ?? "";
    expect(disposition).toMatch(/^inline; filename="LC-MNL-\d{4}-\d{6}\.pdf"/);
    expect(disposition).not.toContain(link.token);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const pdf = await renderPdf(bytes, { pageSegmentation: 4 });
    const text = normaliseOcr(pdf.pages[0].text ?? "").replace(/ /g, "");
    for (const expected of ["loadingconfirmation", "vessel:mvladyofmanila", `bookingref:${pht[0].bookingRef.toLowerCase()}`, `van#:${pht[1].containerVanNum.toLowerCase()}`]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain(other[0].bookingRef.toLowerCase());
  }, 60_000);

  it("counts lookups per address: a burst from one network is refused for a minute", async () => {
    const address = freshAddress();
    for (let i = 0; i < 30; i++) expect((await openLink(link.bookingRef, "wrong", address)).status).toBe(404);
    const refused = await openLink(link.bookingRef, link.token, address);
    expect([refused.status, await json(refused)]).toEqual([429, {
      message: "Too many loading confirmation lookups from your network. Wait a minute and try again.", errors: { "": [] },
    }]);
    expect((await openLink(link.bookingRef, link.token, freshAddress())).status).toBe(200);
  });

  it("stops opening once the cargo is no longer loaded (the final tally reopened)", async () => {
    const voyage = await loadedVoyage("LC-UNDO", "BAY");
    await confirmLoading(handle.db, { voyageNum: voyage.voyageNum, bookingRefs: voyage.pht.map((c) => c.bookingRef), actor: yard, linkBase: LINK_BASE });
    const mailed = await tokenMailedTo("ops@pacific.example");
    expect((await openLink(mailed.bookingRef, mailed.token)).status).toBe(200);
    await handle.db.update(bookings).set({ status: "Outbound CTS Issued" }).where(inArray(bookings.bookingRef, voyage.pht.map((c) => c.bookingRef)));
    const res = await openLink(mailed.bookingRef, mailed.token);
    expect([res.status, await json(res)]).toEqual([404, NOT_FOUND]);
  });
});

describe("staff", () => {
  let voyageNum: string;
  let pht: LoadedCargo[];

  beforeAll(async () => {
    ({ voyageNum, pht } = await loadedVoyage("LC-STAFF", "QRM"));
    await confirmLoading(handle.db, { voyageNum, bookingRefs: pht.map((c) => c.bookingRef), actor: yard, linkBase: LINK_BASE });
  }, 120_000);

  it("list the voyage's confirmations with the bookings each covers, and read one, never with a token", async () => {
    const listed = await w.call("yard", "POST", "/OutBound/loadingConfirmation/load", { voyageNum });
    const text = await listed.text();
    const body = JSON.parse(text);
    expect([listed.status, body.total]).toEqual([200, 1]);
    expect(body.data[0]).toMatchObject({
      voyageNum, voyageRef: "LC-STAFF", vesselName: "MV Lady of Manila", branchCode: "MNL", customerCode: "PHT", shipperName: "Pacific Harbor Trading",
      shipperEmail: "ops@pacific.example", bookingRefs: pht.map((c) => c.bookingRef).sort(), sentBy: "bk-yard",
    });
    const { token } = await tokenMailedTo("ops@pacific.example");
    expect(text).not.toContain(token);
    expect(text).not.toMatch(/token/i);
    const read = await w.call("yard", "GET", `/OutBound/loadingConfirmation/get/${body.data[0].transactionRef}`);
    const readText = await read.text();
    expect(read.status).toBe(200);
    expect(readText).not.toContain(token);
    expect(JSON.parse(readText).data.view.lines.map((l: any) => l.bookingRef)).toEqual(pht.map((c) => c.bookingRef).sort());
    const empty = await w.call("yard", "POST", "/OutBound/loadingConfirmation/load", { search: "no such shipper" });
    expect(await json(empty)).toEqual({ data: [], total: 0, message: "No more data to load" });
  });

  it("send the link again: a new token, the old link stops opening; a stale dateModified is refused", async () => {
    const [row] = (await json(await w.call("yard", "POST", "/OutBound/loadingConfirmation/load", { voyageNum }))).data;
    const old = await tokenMailedTo("ops@pacific.example");
    const again = await w.call("yard", "PUT", `/OutBound/loadingConfirmation/resend/${row.transactionRef}`, { dateModified: row.dateModified });
    const againText = await again.text();
    expect([again.status, JSON.parse(againText).message]).toEqual([200, "Email was sent successfully"]);
    const fresh = await tokenMailedTo("ops@pacific.example");
    expect(fresh.token).not.toBe(old.token);
    // Sent again from a request, the link points where that request reached the app.
    expect(fresh.base).toBe("http://localhost");
    expect(againText).not.toContain(fresh.token);
    expect((await openLink(old.bookingRef, old.token)).status).toBe(404);
    expect((await openLink(fresh.bookingRef, fresh.token)).status).toBe(200);

    const stale = await w.call("yard", "PUT", `/OutBound/loadingConfirmation/resend/${row.transactionRef}`, { dateModified: row.dateModified });
    expect([stale.status, await json(stale)]).toEqual([409, {
      message: "This loading confirmation was changed by someone else after you opened it. Reload it and try again.", errors: { "": [] },
    }]);
    const audit = await handle.db.select({ action: auditLog.action, detail: auditLog.detail }).from(auditLog).where(eq(auditLog.target, `loading-confirmation:${row.transactionRef}`))
      .orderBy(asc(auditLog.id));
    expect(audit.map((a) => [a.action, (a.detail as any).again ?? false])).toEqual([["LOADING_CONFIRMATION_SENT", false], ["LOADING_CONFIRMATION_SENT", true]]);
  });

  it("print a copy, and answer another branch's confirmation exactly as a missing one", async () => {
    const [row] = (await json(await w.call("yard", "POST", "/OutBound/loadingConfirmation/load", { voyageNum }))).data;
    const print = await w.call("yard", "GET", `/OutBound/loadingConfirmation/print/${row.transactionRef}`);
    expect([print.status, print.headers.get("content-type")]).toEqual([200, "application/pdf"]);
    const missing = { message: "Loading confirmation LC-MNL-1999-999999 was not found.", errors: { "": [] } };
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await t.call(method, `/api${path}`, { token: cebuClerk, body });
      return [res.status, await json(res)];
    };
    expect(await call("GET", "/OutBound/loadingConfirmation/get/LC-MNL-1999-999999")).toEqual([404, missing]);
    const foreign = [404, { message: `Loading confirmation ${row.transactionRef} was not found.`, errors: { "": [] } }];
    expect(await call("GET", `/OutBound/loadingConfirmation/get/${row.transactionRef}`)).toEqual(foreign);
    expect(await call("GET", `/OutBound/loadingConfirmation/print/${row.transactionRef}`)).toEqual(foreign);
    expect(await call("PUT", `/OutBound/loadingConfirmation/resend/${row.transactionRef}`, { dateModified: row.dateModified })).toEqual(foreign);
    const [, listed] = await call("POST", "/OutBound/loadingConfirmation/load", { voyageNum });
    expect((listed as any).data).toEqual([]);
  });
});

describe("the demo line's stowage and confirmations", () => {
  it("places the counted vans of every final voyage slot after slot and confirms its shippers' loading", async () => {
    const { voyageNum, pht, other } = await loadedVoyage("LC-DEMO", "BAY");
    await handle.db.insert(vesselStowagePlans).values({
      vesselCode: "LADY", name: "A demo bay", rows: 1, columns: 4,
      slots: [1, 2, 3, 4].map((column) => ({ row: 1, column, width: 1, height: 1, position: `B0${column}` })),
    });
    const made = await seedDemoStowage(handle.db, { people: { yard } as never, now: new Date(), linkBase: LINK_BASE });
    const vans = [...pht, ...other].map((c) => c.containerVanNum);
    const placed = await handle.db.select().from(stowagePlacements).where(eq(stowagePlacements.voyageNum, voyageNum)).orderBy(asc(stowagePlacements.slotColumn));
    // The tally counted PHT's vans first, then the second shipper's: they fill the first slots in that order.
    expect(placed.map((p) => [p.slotPosition, p.containerVanNum])).toEqual([["B01", vans[0]], ["B02", vans[1]], ["B03", vans[2]]]);
    const confirmations = await handle.db.select({ customerCode: loadingConfirmations.customerCode }).from(loadingConfirmations)
      .where(eq(loadingConfirmations.voyageNum, voyageNum)).orderBy(asc(loadingConfirmations.customerCode));
    expect(confirmations.map((c) => c.customerCode)).toEqual(["BAY", "PHT"]);
    // Every final voyage of the file is covered; the counts say what this run added.
    expect(made.placedVans).toBeGreaterThanOrEqual(3);
    expect(made.loadingConfirmations).toBeGreaterThanOrEqual(2);
    // Run again, it adds nothing.
    expect(await seedDemoStowage(handle.db, { people: { yard } as never, now: new Date(), linkBase: LINK_BASE })).toEqual({ placedVans: 0, loadingConfirmations: 0 });
  });
});
