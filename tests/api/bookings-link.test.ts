import { createHash, randomBytes } from "node:crypto";
import { asc, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { bookingBatches, bookingCharges, bookings, emailOutbox } from "../../db/schema/index.ts";
import { expectErrorBody, makeTestApp, type TestApp } from "../support/app.ts";
import { type BookingWorld, DTD_BOOKING, PTP_BOOKING, seedBookingWorld } from "../support/bookings.ts";
import { openTestDatabase } from "../support/test-db.ts";

/**
 * The customer's booking link: sent by e-mail, opened and submitted without signing in. It opens its own
 * batch only, works once, expires, and only the newest one works; every refusal leaves the bookings as they were.
 */

let handle: DatabaseHandle;
let t: TestApp;
let w: BookingWorld;

const json = (res: Response) => res.json() as Promise<any>;
const api = (method: string, path: string, body?: unknown) => w.call("staff", method, path, body);
const TOKEN_IN_LINK = /\/booking\/link\/t\/([A-Za-z0-9_-]+)/;
const USED = "This booking link has already been used. The bookings were submitted; the booking staff will confirm them.";
const EXPIRED = "This booking link has expired. Ask the line's booking staff to send a new one.";
const NOT_VALID = "This booking link is not valid. Ask the line's booking staff for a new one.";

/** Pier to door to Mandaue, on a lane quoted per TEU, per bag and per ton. */
const PTD_BOOKING = {
  ...PTP_BOOKING,
  modeOfDelivery: "PTD",
  deliveryAddress: DTD_BOOKING.deliveryAddress,
  deliveryAreaCode: "MANDAUE",
};

async function openBatch(list: object[]) {
  const res = await api("POST", "/Bookings/batch", { voyageNum: w.voyageNum, customerCode: "PHT", bookings: list });
  expect(res.status).toBe(201);
  return (await json(res)).data;
}

/** The token of the newest link e-mailed for a batch, as the customer reads it in the message. */
async function tokenOf(bookingBatchRef: string): Promise<string> {
  const mails = await handle.db.select().from(emailOutbox).orderBy(desc(emailOutbox.id));
  const mail = mails.find((m) => m.meta?.bookingBatchRef === bookingBatchRef);
  expect(mail, `an e-mail for ${bookingBatchRef}`).toBeDefined();
  return TOKEN_IN_LINK.exec(mail!.textBody)![1];
}

async function sentBatch(list: object[]) {
  const batch = await openBatch(list);
  const res = await api("POST", "/Bookings/sendLink", { bookingBatchRef: batch.bookingBatchRef });
  expect(res.status).toBe(200);
  return { batch, token: await tokenOf(batch.bookingBatchRef) };
}

const open = (token: string) => t.call("GET", `/api/Bookings/link/${token}`);
const submit = (token: string, body: unknown) => t.call("POST", `/api/Bookings/link/${token}`, { body });

/** What the customer's form sends back for a booking of the view: what it showed, with these changes. */
const filled = (b: any, changes: object = {}) => ({
  bookingRef: b.bookingRef,
  consigneeName: "Lapu Lapu Foods Inc.",
  consigneeEmail: "receiving@lapulapu.example",
  consigneeContactNum: "0917 555 0101",
  pickUpDate: b.pickUpDate,
  pickUpTime: b.pickUpTime,
  pickUpAddress: b.pickUpAddress,
  pickUpAreaCode: b.pickUpAreaCode,
  deliveryAddress: b.deliveryAddress,
  deliveryAreaCode: b.deliveryAreaCode,
  goods: b.goods,
  packaging: b.packaging,
  quantity: b.quantity,
  cargoWeight: b.cargoWeight,
  declaredValue: b.declaredValue,
  remarks: b.remarks,
  ...changes,
});
/** A door-to-door booking completed with the shipper's address in Quezon City. */
const withPickUp = (b: any) => filled(b, b.modeOfDelivery === "DTD" ? { pickUpAddress: DTD_BOOKING.pickUpAddress, pickUpAreaCode: "QC" } : {});

/** Every row of the booking tables: a refused link call must leave all of it as it was. */
async function state() {
  const db = handle.db;
  const [b, c, batches] = await Promise.all([
    db.select().from(bookings).orderBy(asc(bookings.id)),
    db.select().from(bookingCharges).orderBy(asc(bookingCharges.id)),
    db.select().from(bookingBatches).orderBy(asc(bookingBatches.id)),
  ]);
  return { bookings: b, charges: c, batches };
}

async function expectRefused(res: Response, status: number, message: string) {
  expect(res.status).toBe(status);
  const body = await expectErrorBody(res);
  expect(body.message).toBe(message);
  return body;
}

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  w = await seedBookingWorld(handle.db, t);
  // A second approved quotation of PHT with a pier-to-door lane counted in bags and tons too.
  const created = await w.call("ae", "POST", "/SalesQuotations", { customerCode: "PHT", cargoTypeCode: "BKDRY" });
  const quotation = (await json(created)).data;
  const lanes = await w.call("ae", "POST", "/SalesQuotationDocuments/MultipleInsertDocsWAreas", {
    sqRefNum: quotation.sqRefNum,
    documents: [{ serviceModeCode: "PTD", originPortCode: "PMNL", destinationPortCode: "PCEB", destinationAreaCode: "MANDAUE", teu: 1, bags: 100, tons: "1" }],
  });
  expect(lanes.status).toBe(201);
  for (const [who, action] of [["ae", "submit"], ["sm", "smApprove"], ["aud", "audApprove"], ["fa", "faApprove"]]) {
    expect((await w.call(who, "PUT", `/SalesQuotations/updateSqStatusWthSBMV2/${quotation.id}`, { action, remarks: "" })).status).toBe(200);
  }
}, 60_000);
afterAll(() => handle?.close());

// ---------------------------------------------------------------------------------------------------------

describe("sending the link", () => {
  it("e-mails one link to the customer's contact address and keeps only a hash of its token", async () => {
    const batch = await openBatch([PTP_BOOKING, DTD_BOOKING]);
    const mailsBefore = (await handle.db.select().from(emailOutbox)).length;
    const sentAt = Date.now();
    const res = await api("POST", "/Bookings/sendLink", { bookingBatchRef: batch.bookingBatchRef });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.message).toBe("Booking link was send successfully");
    expect(body.data).toMatchObject({ status: "Sent", linkEmail: "ops@pacific.example", linkUsedAt: null });
    // Open a week, since the voyage leaves only in ten days.
    expect(Math.abs(new Date(body.data.linkExpiresAt).getTime() - (sentAt + 7 * 86_400_000))).toBeLessThan(60_000);

    const mails = await handle.db.select().from(emailOutbox).orderBy(asc(emailOutbox.id));
    expect(mails).toHaveLength(mailsBefore + 1);
    const mail = mails.at(-1)!;
    expect(mail.toAddress).toBe("ops@pacific.example");
    const link = /\/booking\/link\/t\/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/.exec(mail.textBody);
    expect(link, mail.textBody).not.toBeNull();
    const token = link![1];

    const [row] = await handle.db.select().from(bookingBatches).where(eq(bookingBatches.bookingBatchRef, batch.bookingBatchRef));
    expect(row.linkTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.linkTokenHash).not.toBe(token);
    expect(row.linkTokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    // The token itself is nowhere in the booking tables.
    expect(JSON.stringify(await state())).not.toContain(token);
    expect((await handle.db.select().from(bookings).where(eq(bookings.bookingBatchRef, batch.bookingBatchRef))).map((b) => b.status))
      .toEqual(["Sent", "Sent"]);
  });

  it("makes the older link stop working when it is sent again", async () => {
    const { batch, token: first } = await sentBatch([PTP_BOOKING]);
    expect((await open(first)).status).toBe(200);
    expect((await api("POST", "/Bookings/sendLink", { bookingBatchRef: batch.bookingBatchRef })).status).toBe(200);
    const second = await tokenOf(batch.bookingBatchRef);
    expect(second).not.toBe(first);
    await expectRefused(await open(first), 404, NOT_VALID);
    const view = await json(await open(second));
    const done = await submit(second, { bookings: view.data.bookings.map((b: any) => filled(b)) });
    expect(done.status).toBe(200);
    await expectRefused(await submit(first, { bookings: view.data.bookings.map((b: any) => filled(b)) }), 404, NOT_VALID);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe("opening and submitting", () => {
  it("shows, without a session, only the bookings of the link's own batch", async () => {
    const other = await openBatch([PTP_BOOKING]);
    const { batch, token } = await sentBatch([PTP_BOOKING, DTD_BOOKING]);
    const res = await open(token);
    expect(res.status).toBe(200);
    const view = (await json(res)).data;
    expect(view).toMatchObject({
      bookingBatchRef: batch.bookingBatchRef,
      customerName: "Pacific Harbor Trading",
      voyageNum: w.voyageNum,
      vesselName: "MV Lady of Manila",
      originBranchName: "Manila",
      destinations: [{ branchCode: "CEB", branchName: "Cebu" }],
      pickUpAreas: [{ code: "QC", name: "Quezon City" }],
    });
    expect(view.bookings.map((b: any) => b.bookingRef)).toEqual(batch.bookings.map((b: any) => b.bookingRef));
    expect(view.bookings.map((b: any) => b.total)).toEqual(["14600.00", "23450.00"]);
    expect(JSON.stringify(view)).not.toContain(other.bookings[0].bookingRef);
  });

  it("takes the customer's details, prices the bookings again and records when they came in", async () => {
    const { batch, token } = await sentBatch([PTP_BOOKING, { ...DTD_BOOKING, pickUpAddress: undefined, pickUpAreaCode: undefined }, PTD_BOOKING]);
    const [ptp, dtd, ptd] = batch.bookings;
    // 12,500.00 + 12.5 t × 1,850.50 + 1,120.00 + 980.00 + 400 bags × 35.75 + 4,100.00 trucking to Mandaue.
    expect(ptd.total).toBe("56131.25");
    const view = (await json(await open(token))).data;
    const res = await submit(token, {
      bookings: [
        filled(view.bookings[0]),
        filled(view.bookings[1], { pickUpAddress: DTD_BOOKING.pickUpAddress, pickUpAreaCode: "QC", pickUpDate: "2030-01-15", pickUpTime: "09:00" }),
        // The customer ships less: 200 bags, 10 tons.
        filled(view.bookings[2], { quantity: 200, cargoWeight: "10" }),
      ],
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ data: { bookingRefs: [ptp.bookingRef, dtd.bookingRef, ptd.bookingRef] }, message: "Bookings submitted successfully" });

    const after = (await json(await api("GET", `/Bookings/batch/${batch.bookingBatchRef}`))).data;
    expect(after.linkUsedAt).not.toBeNull();
    for (const b of after.bookings) {
      expect(b).toMatchObject({ status: "Sent", consigneeName: "Lapu Lapu Foods Inc.", consigneeEmail: "receiving@lapulapu.example" });
      expect(b.dateSubmitted).toBe(after.linkUsedAt);
    }
    expect(after.bookings[1]).toMatchObject({ pickUpAddress: DTD_BOOKING.pickUpAddress, pickUpAreaCode: "QC", pickUpDate: "2030-01-15", pickUpTime: "09:00" });
    // 12,500.00 + 10 t × 1,850.50 + 1,120.00 + 980.00 + 200 bags × 35.75 + 4,100.00.
    expect(after.bookings[2]).toMatchObject({ quantity: 200, cargoWeight: "10.000", total: "44355.00" });
    const stored = await handle.db.select().from(bookingCharges).where(eq(bookingCharges.bookingRef, ptd.bookingRef));
    expect(stored.map((c) => [c.chargeCode, c.chargePart, c.amount]).sort()).toEqual([
      ["001", "FREIGHT", "12500.00"],
      ["003", "FREIGHT", "18505.00"],
      ["004", "PORT_DESTINATION", "980.00"],
      ["004", "PORT_ORIGIN", "1120.00"],
      ["005", "PORT_DESTINATION", "7150.00"],
      ["006", "TRUCKING_DESTINATION", "4100.00"],
    ]);
    // The booking staff can confirm what came in.
    expect((await api("POST", "/Bookings/confirmBatch", { bookingBatchRef: batch.bookingBatchRef })).status).toBe(200);
  });

  it("keeps the charges the booking staff added when the customer submits", async () => {
    const { batch, token } = await sentBatch([{ ...PTP_BOOKING, additionalCharges: [{ chargeCode: "017", amount: "1500" }] }]);
    expect(batch.bookings[0].total).toBe("16100.00");
    const view = (await json(await open(token))).data;
    expect((await submit(token, { bookings: view.bookings.map((b: any) => filled(b)) })).status).toBe(200);
    const after = (await json(await api("GET", `/Bookings/get/${batch.bookings[0].bookingRef}`))).data;
    // The customer changed nothing that prices the open-van fee away.
    expect(after.charges.find((c: any) => c.chargeCode === "017")).toMatchObject({ amount: "1500.00", source: "ADDED" });
    expect(after.total).toBe("16100.00");
  });
});

// ---------------------------------------------------------------------------------------------------------

describe("a link that no longer opens", () => {
  it("answers a used link with 410 and changes nothing", async () => {
    const { token } = await sentBatch([PTP_BOOKING]);
    const view = (await json(await open(token))).data;
    const form = { bookings: view.bookings.map((b: any) => filled(b)) };
    expect((await submit(token, form)).status).toBe(200);
    const before = await state();
    await expectRefused(await open(token), 410, USED);
    const again = await submit(token, { bookings: view.bookings.map((b: any) => filled(b, { consigneeName: "Someone Else", quantity: 9 })) });
    expect(again.status).toBe(410);
    expect((await expectErrorBody(again)).message).toContain("already been used");
    expect(await state()).toEqual(before);
  });

  it("answers an expired link with 410 and changes nothing", async () => {
    const { batch, token } = await sentBatch([PTP_BOOKING]);
    const view = (await json(await open(token))).data;
    await handle.db.update(bookingBatches).set({ linkExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(bookingBatches.bookingBatchRef, batch.bookingBatchRef));
    const before = await state();
    await expectRefused(await open(token), 410, EXPIRED);
    const late = await submit(token, { bookings: view.bookings.map((b: any) => filled(b)) });
    expect(late.status).toBe(410);
    expect((await expectErrorBody(late)).message).toContain("has expired");
    expect(await state()).toEqual(before);
  });

  it("answers a guessed or malformed token with 404 and changes nothing", async () => {
    const { batch } = await sentBatch([PTP_BOOKING]);
    const before = await state();
    const guessed = randomBytes(32).toString("base64url");
    expect(guessed).toHaveLength(43);
    for (const token of [guessed, "not-a-token", `${guessed.slice(0, 42)}*`, `${guessed}A`]) {
      await expectRefused(await open(token), 404, NOT_VALID);
      await expectRefused(await submit(token, { bookings: [filled({ ...batch.bookings[0], pickUpAddress: undefined })] }), 404, NOT_VALID);
    }
    expect(await state()).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe("a submit that is refused", () => {
  it("refuses a booking of another batch, changes nothing and leaves the link usable", async () => {
    const stranger = (await openBatch([PTP_BOOKING])).bookings[0];
    const { token } = await sentBatch([PTP_BOOKING]);
    const view = (await json(await open(token))).data;
    const before = await state();
    const res = await submit(token, { bookings: [filled(view.bookings[0], { bookingRef: stranger.bookingRef })] });
    const body = await expectRefused(res, 400, `Booking ${stranger.bookingRef} is not one of this link's bookings.`);
    expect(body.errors["bookings.0.bookingRef"]).toEqual([body.message]);
    expect(await state()).toEqual(before);
    expect((await open(token)).status).toBe(200);
    expect((await submit(token, { bookings: [filled(view.bookings[0])] })).status).toBe(200);
  });

  it("refuses a door-to-door booking without its pick-up area, naming the field", async () => {
    const { token } = await sentBatch([PTP_BOOKING, DTD_BOOKING]);
    const view = (await json(await open(token))).data;
    const before = await state();
    const res = await submit(token, { bookings: [filled(view.bookings[0]), filled(view.bookings[1], { pickUpAreaCode: null })] });
    const body = await expectRefused(res, 400, "DTD picks up at the door: the pick-up area is required.");
    expect(body.errors["bookings.1.pickUpAreaCode"]).toEqual([body.message]);
    expect(await state()).toEqual(before);
    expect((await open(token)).status).toBe(200);
  });

  it("refuses an address typed as blank spaces", async () => {
    const { token } = await sentBatch([DTD_BOOKING]);
    const view = (await json(await open(token))).data;
    const before = await state();
    const spaces = { street: "  ", barangay: "  ", city: " ", province: "   ", zipCode: " " };
    const res = await submit(token, { bookings: [filled(view.bookings[0], { pickUpAddress: spaces })] });
    const body = await expectRefused(res, 400, "The pick-up address is only blank spaces; type the address or leave it empty.");
    expect(body.errors["bookings.0.pickUpAddress"]).toEqual([body.message]);
    expect(await state()).toEqual(before);
  });

  it("refuses a submit that leaves a booking of the batch out", async () => {
    const { token } = await sentBatch([PTP_BOOKING, PTP_BOOKING]);
    const view = (await json(await open(token))).data;
    const before = await state();
    const res = await submit(token, { bookings: [filled(view.bookings[0])] });
    expect(res.status).toBe(400);
    expect((await expectErrorBody(res)).message).toContain(`${view.bookings[1].bookingRef} is missing`);
    expect(await state()).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe("submits of one link at once", () => {
  it("lets exactly one of several land and writes its data once", async () => {
    const { batch, token } = await sentBatch([PTP_BOOKING, DTD_BOOKING]);
    const view = (await json(await open(token))).data;
    const form = (name: string) => ({ bookings: view.bookings.map((b: any) => ({ ...withPickUp(b), consigneeName: name })) });
    const names = ["First Consignee", "Second Consignee", "Third Consignee", "Fourth Consignee"];
    const answers = await Promise.all(names.map((name) => submit(token, form(name))));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 410, 410, 410]);
    const winner = names[answers.findIndex((r) => r.status === 200)];
    for (const loser of answers.filter((r) => r.status === 410)) expect((await expectErrorBody(loser)).message).toBe(USED);

    const rows = await handle.db.select().from(bookings).where(eq(bookings.bookingBatchRef, batch.bookingBatchRef)).orderBy(asc(bookings.id));
    const [used] = await handle.db.select().from(bookingBatches).where(eq(bookingBatches.bookingBatchRef, batch.bookingBatchRef));
    expect(rows.map((r) => r.consigneeName)).toEqual([winner, winner]);
    for (const r of rows) expect(r.dateSubmitted?.getTime()).toBe(used.linkUsedAt?.getTime());
    // Each booking carries its lane's charges once: three and six lines.
    for (const [i, expected] of [[0, 3], [1, 6]] as const) {
      const charges = await handle.db.select().from(bookingCharges).where(eq(bookingCharges.bookingRef, rows[i].bookingRef));
      expect(charges).toHaveLength(expected);
    }
  });
});
