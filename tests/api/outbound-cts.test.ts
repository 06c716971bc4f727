import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog, bookingProgress, bookings, containerVans, containerYards, roles, statusHistory, truckings, users } from "../../db/schema/index.ts";
import { makeTestApp, type TestApp } from "../support/app.ts";
import { type BookingWorld, PTP_BOOKING, seedBookingWorld } from "../support/bookings.ts";
import { normaliseOcr, renderPdf, watermarkText } from "../support/pdf-image.ts";
import { openTestDatabase } from "../support/test-db.ts";

/**
 * Outbound cargo transfer slips (001 §3 CTS, issue 21 item 1): a van leaves the yard for a booking whose ATW is
 * issued. Every refusal is asserted with the message staff read.
 */

let handle: DatabaseHandle;
let t: TestApp;
let w: BookingWorld;

const json = (res: Response) => res.json() as Promise<any>;

/** A booking of its own batch, confirmed and with its ATW issued to TRK1: ready for a slip. */
async function atwBooking(): Promise<string> {
  const opened = await w.call("staff", "POST", "/Bookings/batch", { voyageNum: w.voyageNum, customerCode: "PHT", remarks: "", bookings: [PTP_BOOKING] });
  expect(opened.status).toBe(201);
  const batch = (await json(opened)).data;
  expect((await w.call("staff", "POST", "/Bookings/confirmBatch", { bookingBatchRef: batch.bookingBatchRef })).status).toBe(200);
  const ref = batch.bookings[0].bookingRef as string;
  const atw = await w.call("staff", "POST", "/Bookings/issueATW", { bookingRefs: [ref], truckingCode: "TRK1" });
  expect(atw.status, JSON.stringify(await atw.clone().json())).toBe(200);
  return ref;
}

const slip = (bookingRef: string, overrides: Record<string, unknown> = {}) => ({
  bookingRef, containerVanNum: "CSQU3054383", truckingCode: "TRK1", plateNum: "ABC 1234", driver: "Ramon Cruz",
  toParty: "Shipper", vanStatus: "Empty", vanLocator: "Row 4, bay 2", vanLocatorAmount: "350.00", remarks: "For stuffing at the shipper",
  ...overrides,
});

async function issue(body: unknown, who = "yard") {
  const res = await w.call(who, "POST", "/OutBound/cts/create", body);
  return { status: res.status, body: await json(res) };
}

async function bookingStatus(ref: string) {
  const [row] = await handle.db.select({ status: bookings.status, van: bookings.containerVanNum }).from(bookings).where(eq(bookings.bookingRef, ref));
  return row;
}

async function vanUsed(code: string) {
  const [row] = await handle.db.select({ isUsed: containerVans.isUsed }).from(containerVans).where(eq(containerVans.code, code));
  return row.isUsed;
}

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  w = await seedBookingWorld(handle.db, t, { yard: ["OUTBOUND"], yard2: ["OUTBOUND"] });
  await handle.db.insert(containerYards).values([
    { code: "MNLCY1", name: "Manila North Harbor CY", branchCode: "MNL" },
    { code: "CEBCY1", name: "Cebu Pier 3 CY", branchCode: "CEB" },
  ]).onConflictDoNothing();
  await handle.db.insert(containerVans).values([
    { code: "CSQU3054383", size: "20", vanType: "DRY", condition: "Empty", cyCode: "MNLCY1" },
    { code: "CBHU3202732", size: "20", vanType: "DRY", condition: "Empty", cyCode: "MNLCY1" },
    { code: "TRDU9258963", size: "20", vanType: "DRY", condition: "Empty", cyCode: "MNLCY1" },
    { code: "APZU4812090", size: "40", vanType: "DRY", condition: "Empty", cyCode: "MNLCY1" },
    { code: "LADU1234500", size: "20", vanType: "DRY", condition: "Empty", cyCode: "MNLCY1", isUsed: true },
    { code: "MSCU1234566", size: "20", vanType: "DRY", condition: "Full", cyCode: "MNLCY1" },
  ]);
}, 120_000);
afterAll(() => handle?.close());

describe("issuing a cargo transfer slip", () => {
  it("numbers the slip from the origin branch's CTS series, takes the van, moves the booking and records stage 0", async () => {
    const ref = await atwBooking();
    const { status, body } = await issue(slip(ref));
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.message).toBe("Outbound CTS issued successfully");
    const year = new Date().getFullYear();
    expect(body.data).toMatchObject({
      ctsNum: `CTS-MNL-${year}-000001`, status: "Issued", bookingRef: ref, branchCode: "MNL", containerVanNum: "CSQU3054383",
      isShipperOwned: false, truckingCode: "TRK1", truckerName: "Northline Haulers", plateNum: "ABC 1234", driver: "Ramon Cruz",
      fromCyCode: "MNLCY1", fromCyName: "Manila North Harbor CY", toParty: "Shipper", vanStatus: "Empty", damages: [],
      vanLocatorAmount: "350.00", issuedBy: "bk-yard", dateCancelled: null, numberOverrideReason: null,
    });
    expect(body.data.toName).not.toBe("");
    expect(await bookingStatus(ref)).toEqual({ status: "Outbound CTS Issued", van: "CSQU3054383" });
    expect(await vanUsed("CSQU3054383")).toBe(true);
    const stages = await handle.db.select({ stage: bookingProgress.stage }).from(bookingProgress).where(eq(bookingProgress.bookingRef, ref));
    expect(stages).toEqual([{ stage: 0 }]);
    const tracking = await json(await t.call("GET", `/api/Bookings/shipmentTracking/${ref}`));
    expect(tracking.data.stages[0].label).toBe("Outbound CTS Issued");
    expect(tracking.data.stages[0].reachedAt).not.toBeNull();
    expect(tracking.data.stages[1].reachedAt).toBeNull();
    // The booking's move is in its history and the audit log, as every workflow move is.
    const moved = await handle.db.select({ to: statusHistory.toStatus }).from(statusHistory)
      .where(and(eq(statusHistory.entity, "booking"), eq(statusHistory.action, "issueCts")));
    expect(moved.map((m) => m.to)).toEqual(["Outbound CTS Issued"]);
  });

  it("refuses a van already used, naming it, and changes nothing", async () => {
    const ref = await atwBooking();
    const { status, body } = await issue(slip(ref, { containerVanNum: "LADU1234500" }));
    expect(status).toBe(409);
    expect(body.message).toBe("Container van LADU1234500 is already used by another booking or transfer.");
    expect(await bookingStatus(ref)).toEqual({ status: "ATW Issued", van: "" });
  });

  it("refuses a van that is not empty, and one the line does not have", async () => {
    const ref = await atwBooking();
    expect((await issue(slip(ref, { containerVanNum: "MSCU1234566" }))).body.message)
      .toBe("Container van MSCU1234566 is Full; only an empty van leaves on a transfer slip.");
    expect((await issue(slip(ref, { containerVanNum: "CAIU2345678" }))).body.message)
      .toBe("Container van CAIU2345678 is not an active van of the line.");
  });

  it("refuses a trucker not authorised at the origin branch, and says when the branch has none", async () => {
    const ref = await atwBooking();
    const other = await issue(slip(ref, { truckingCode: "TRK2", containerVanNum: "CBHU3202732" }));
    expect(other.status).toBe(400);
    expect(other.body.message).toBe("Trucker Cebu Movers is not authorised at branch MNL.");
    expect(other.body.errors.truckingCode).toEqual(["Trucker Cebu Movers is not authorised at branch MNL."]);
    await handle.db.update(truckings).set({ isAuthorized: false }).where(eq(truckings.code, "TRK1"));
    try {
      const none = await issue(slip(ref, { containerVanNum: "CBHU3202732" }));
      expect(none.status).toBe(400);
      expect(none.body.message).toBe("No Authorized Trucker on MNL Branch");
    } finally {
      await handle.db.update(truckings).set({ isAuthorized: true }).where(eq(truckings.code, "TRK1"));
    }
    expect(await vanUsed("CBHU3202732")).toBe(false);
  });

  it("requires the number of a shipper's own van, checks it against ISO 6346, and lets a bad one pass only with an audited reason", async () => {
    const ref = await atwBooking();
    const shipperVan = (overrides: Record<string, unknown>) => slip(ref, { isShipperOwned: true, fromCyCode: "MNLCY1", ...overrides });
    const missing = await issue(shipperVan({ containerVanNum: "" }));
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("A shipper-owned container requires the container number.");
    const bad = await issue(shipperVan({ containerVanNum: "CSQU3054384" }));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("CSQU3054384 is not a valid container number: its check digit should be 3. Give the reason to accept the shipper's van anyway.");
    expect(await bookingStatus(ref)).toEqual({ status: "ATW Issued", van: "" });

    const accepted = await issue(shipperVan({ containerVanNum: "csqu 305438-4", numberOverrideReason: "Number as painted on the shipper's van; owner confirmed" }));
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    expect(accepted.body.data).toMatchObject({
      containerVanNum: "CSQU3054384", isShipperOwned: true, numberOverrideReason: "Number as painted on the shipper's van; owner confirmed", numberOverrideBy: "bk-yard",
    });
    const audit = await handle.db.select().from(auditLog).where(eq(auditLog.action, "CONTAINER_NUMBER_OVERRIDE"));
    expect(audit.map((a) => [a.actor, a.target, (a.detail as any).reason, (a.detail as any).containerVanNum])).toEqual([
      ["bk-yard", `outbound-cts:${accepted.body.data.ctsNum}`, "Number as painted on the shipper's van; owner confirmed", "CSQU3054384"],
    ]);
  });

  it("accepts a valid shipper's number without a reason, and refuses a van of the line brought as the shipper's", async () => {
    const ref = await atwBooking();
    const lineVan = await issue(slip(ref, { isShipperOwned: true, fromCyCode: "MNLCY1", containerVanNum: "APZU4812090" }));
    expect([lineVan.status, lineVan.body.message]).toEqual([400, "APZU4812090 is a van of the line; issue it as one of the branch's vans, not as the shipper's."]);
    const own = await issue(slip(ref, { isShipperOwned: true, fromCyCode: "MNLCY1", containerVanNum: "SEGU6000012" }));
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    expect(own.body.data).toMatchObject({ containerVanNum: "SEGU6000012", isShipperOwned: true, numberOverrideReason: null, numberOverrideBy: null });
  });

  it("puts the damages on a damaged van, and refuses damages on any other status", async () => {
    const ref = await atwBooking();
    const none = await issue(slip(ref, { containerVanNum: "TRDU9258963", vanStatus: "Damaged" }));
    expect([none.status, none.body.message]).toEqual([400, "List the damaged parts of a damaged van."]);
    const stray = await issue(slip(ref, { containerVanNum: "TRDU9258963", damages: [{ vanPart: "Roof Panel", damageType: "Dented" }] }));
    expect([stray.status, stray.body.message]).toEqual([400, "Damages are listed only when the van status is Damaged."]);
    const twice = await issue(slip(ref, {
      containerVanNum: "TRDU9258963", vanStatus: "Damaged",
      damages: [{ vanPart: "Roof Panel", damageType: "Dented" }, { vanPart: "Roof Panel", damageType: "Dented" }],
    }));
    expect([twice.status, twice.body.message]).toEqual([400, "Roof Panel: Dented is listed twice."]);
    const unknown = await issue(slip(ref, { containerVanNum: "TRDU9258963", vanStatus: "Damaged", damages: [{ vanPart: "Wheel", damageType: "Dented" }] }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors["damages.0.vanPart"]).toEqual([
      "vanPart must be one of: Roof Panel, Bottom Side Rail, Front End Frame, Joint Strip, Endwall Panel, Threshold Plate, Ventilator, Door Assembly, Sidewall Panel, Rear End Frame, Marking Panel, Top Side Rail, Forklift Pocket, Cross Member",
    ]);

    const damaged = await issue(slip(ref, {
      containerVanNum: "TRDU9258963", vanStatus: "Damaged",
      damages: [{ vanPart: "Roof Panel", damageType: "Dented" }, { vanPart: "Door Assembly", damageType: "Loose" }],
    }));
    expect(damaged.status, JSON.stringify(damaged.body)).toBe(201);
    expect(damaged.body.data.damages).toEqual([{ vanPart: "Roof Panel", damageType: "Dented" }, { vanPart: "Door Assembly", damageType: "Loose" }]);
  });

  it("refuses a booking whose ATW is not issued, and a second slip for the same booking", async () => {
    const opened = await w.call("staff", "POST", "/Bookings/batch", { voyageNum: w.voyageNum, customerCode: "PHT", remarks: "", bookings: [PTP_BOOKING] });
    const draft = (await json(opened)).data.bookings[0].bookingRef;
    const early = await issue(slip(draft, { containerVanNum: "CBHU3202732" }));
    expect([early.status, early.body.message]).toEqual([409, `Booking ${draft} is Draft; a transfer slip is issued once its ATW is issued and before its van leaves.`]);
    const ref = await atwBooking();
    expect((await issue(slip(ref, { containerVanNum: "CBHU3202732" }))).status).toBe(201);
    const again = await issue(slip(ref, { containerVanNum: "APZU4812090" }));
    expect([again.status, again.body.message]).toEqual([409, `Booking ${ref} is Outbound CTS Issued; a transfer slip is issued once its ATW is issued and before its van leaves.`]);
  });

  it("is refused to staff without the Outbound menu", async () => {
    const ref = await atwBooking();
    const res = await w.call("staff", "POST", "/OutBound/cts/create", slip(ref));
    expect(res.status).toBe(403);
  });
});

describe("two clerks issuing on the same van at once", () => {
  it("lets one through; the other is told the van is taken and nothing of theirs is written", async () => {
    await handle.db.insert(containerVans).values({ code: "HLXU8765430", size: "20", vanType: "DRY", condition: "Empty", cyCode: "MNLCY1" });
    const [first, second] = [await atwBooking(), await atwBooking()];
    const answers = await Promise.all([
      issue(slip(first, { containerVanNum: "HLXU8765430" }), "yard"),
      issue(slip(second, { containerVanNum: "HLXU8765430" }), "yard2"),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)!.body.message).toBe("Container van HLXU8765430 is already used by another booking or transfer.");
    const statuses = [(await bookingStatus(first)).status, (await bookingStatus(second)).status].sort();
    expect(statuses).toEqual(["ATW Issued", "Outbound CTS Issued"]);
  });
});

describe("cancelling a slip", () => {
  it("frees the van, moves the booking back and takes stage 0 back; a stale copy is refused", async () => {
    await handle.db.insert(containerVans).values({ code: "MAEU1234567", size: "20", vanType: "DRY", condition: "Empty", cyCode: "MNLCY1" });
    const ref = await atwBooking();
    const issued = (await issue(slip(ref, { containerVanNum: "MAEU1234567" }))).body.data;
    const stale = await w.call("yard", "PUT", `/OutBound/cts/cancel/${issued.ctsNum}`, { dateModified: new Date(Date.parse(issued.dateModified) - 1000).toISOString() });
    expect(stale.status).toBe(409);
    expect((await json(stale)).message).toBe("This transfer slip was changed by someone else after you opened it. Reload it and try again.");

    const res = await w.call("yard", "PUT", `/OutBound/cts/cancel/${issued.ctsNum}`, { dateModified: issued.dateModified });
    const body = await json(res);
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.message).toBe("Outbound CTS cancelled successfully");
    expect(body.data).toMatchObject({ ctsNum: issued.ctsNum, status: "Cancelled", cancelledBy: "bk-yard" });
    expect(await vanUsed("MAEU1234567")).toBe(false);
    expect(await bookingStatus(ref)).toEqual({ status: "ATW Issued", van: "" });
    const stages = await handle.db.select().from(bookingProgress).where(eq(bookingProgress.bookingRef, ref));
    expect(stages).toEqual([]);

    const twice = await w.call("yard", "PUT", `/OutBound/cts/cancel/${issued.ctsNum}`, { dateModified: body.data.dateModified });
    expect(twice.status).toBe(409);
    expect((await json(twice)).message).toBe("This transfer slip is Cancelled; it cannot be moved to Cancelled from there. Reload it to see its state.");
    // The van can go out again on a new slip.
    expect((await issue(slip(ref, { containerVanNum: "MAEU1234567" }))).status).toBe(201);
  });
});

describe("the list", () => {
  it("shows the caller's branch's slips, newest first, 10 a page, searchable", async () => {
    const page = await json(await w.call("yard", "POST", "/OutBound/cts/load", {}));
    expect(page.data.length).toBeLessThanOrEqual(10);
    expect(page.total).toBeGreaterThanOrEqual(6);
    const dates = page.data.map((r: any) => r.dateIssued);
    expect([...dates].sort().reverse()).toEqual(dates);
    const found = await json(await w.call("yard", "POST", "/OutBound/cts/load", { search: "HLXU8765430" }));
    expect(found.data.map((r: any) => r.containerVanNum)).toEqual(["HLXU8765430"]);
    const none = await json(await w.call("yard", "POST", "/OutBound/cts/load", { search: "no such slip" }));
    expect(none).toEqual({ data: [], total: 0, message: "No more data to load" });
  });

  it("numbers 20 slips issued at once without a gap or a repeat", async () => {
    const vans = Array.from({ length: 20 }, (_, i) => {
      const first = `LADU${String(700000 + i).padStart(6, "0")}`;
      const check = (() => {
        const values: Record<string, number> = { L: 23, A: 10, D: 14, U: 32 };
        let sum = 0;
        for (let k = 0; k < 10; k++) sum += (/\d/.test(first[k]) ? Number(first[k]) : values[first[k]]) * 2 ** k;
        return (sum % 11) % 10;
      })();
      return `${first}${check}`;
    });
    await handle.db.insert(containerVans).values(vans.map((code) => ({ code, size: "20", vanType: "DRY", condition: "Empty", cyCode: "MNLCY1" })));
    const refs: string[] = [];
    for (let i = 0; i < 20; i++) refs.push(await atwBooking());
    const answers = await Promise.all(refs.map((ref, i) => issue(slip(ref, { containerVanNum: vans[i] }), i % 2 ? "yard" : "yard2")));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    const numbers = answers.map((a) => Number(a.body.data.ctsNum.slice(-6))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => numbers[0] + i));
  }, 120_000);
});

describe("the printed slip", () => {
  it("shows a damaged van's parts, and carries COPY for staff who are not DAT only", async () => {
    await handle.db.insert(containerVans).values({ code: "TGHU1234567", size: "40", vanType: "DRY", condition: "Empty", cyCode: "MNLCY1" });
    const ref = await atwBooking();
    const issued = (await issue(slip(ref, {
      containerVanNum: "TGHU1234567", vanStatus: "Damaged", damages: [{ vanPart: "Roof Panel", damageType: "Dented" }, { vanPart: "Door Assembly", damageType: "Loose" }],
    }))).body.data;
    const [dat] = await handle.db.select({ roleId: users.roleId }).from(users).where(eq(users.userId, "bk-yard2"));
    await handle.db.update(roles).set({ isDat: true }).where(eq(roles.id, dat.roleId!));

    const printed = async (who: string) => {
      const res = await w.call(who, "GET", `/OutBound/cts/print/${issued.ctsNum}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      expect(res.headers.get("content-disposition")).toBe(`inline; filename="${issued.ctsNum}.pdf"`);
      return new Uint8Array(await res.arrayBuffer());
    };
    const copy = await printed("yard");
    const original = await printed("yard2");
    const squeeze = (text: string) => normaliseOcr(text).replace(/ /g, "");
    const text = squeeze((await renderPdf(copy)).pages.map((p) => p.text ?? "").join(" "));
    for (const expected of ["CARGO TRANSFER SLIP", issued.ctsNum, "TGHU1234567", "Northline Haulers", "ABC 1234", "Ramon Cruz", "Manila North Harbor CY", "Roof Panel Dented", "Door Assembly Loose"]) {
      expect(text).toContain(squeeze(expected));
    }
    expect(await watermarkText(copy, 1)).toBe("copy");
    expect(await watermarkText(original, 1)).not.toBe("copy");
  }, 120_000);
});
