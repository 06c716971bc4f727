import { and, count, eq } from "drizzle-orm";
import * as XLSX from "xlsx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog, bookingCharges, bookingRevisions, bookings, notifications, waybillCharges, waybills } from "../../db/schema/index.ts";
import { makeTestApp, type TestApp } from "../support/app.ts";
import { type BookingChangeWorld, DAVAO, seedBookingChangeWorld } from "../support/booking-changes.ts";
import { BOOK } from "../support/sq-pricing.ts";
import { openTestDatabase } from "../support/test-db.ts";

/**
 * Booking changes through the API (issue 25 point 1): refused while the booking is Draft or Confirmed, every rule of
 * 001 §5 with its message, the chain draft → For Endorse → For Approval → Management Approved → approved under four
 * eyes with the accounting approver's step when the charges change, the approval applied to the booking and its
 * waybill (re-priced from the quotation, the amendment fee where due), the SI/SH references, the lists by flag and
 * the approved changes' workbook. The bookings are Manila's, one TEU port to port to Cebu, prepaid.
 */

let handle: DatabaseHandle;
let t: TestApp;
let bw: BookingChangeWorld;
const WHY = "The consignee moved the delivery to their Davao warehouse";

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  bw = await seedBookingChangeWorld(handle.db, t, 870000);
}, 240_000);
afterAll(() => handle?.close());

async function draft(who: string, bookingRef: string, proposed: Record<string, unknown>, remarks = WHY) {
  const res = await bw.call(who, "POST", "/BookingRevisions/createRevisionV1", { bookingRef, remarks, proposed });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}
const move = (who: string, r: { revisionId: string; dateModified: string }, action: string, remarks = "") =>
  bw.call(who, "PUT", "/BookingRevisions/updateRevisionStatusV1", { revisionId: r.revisionId, action, dateModified: r.dateModified, remarks });
async function moved(who: string, r: { revisionId: string; dateModified: string }, action: string, remarks = "") {
  const res = await move(who, r, action, remarks);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
/** Through submit, endorse and the management approval: waiting for the last step. */
async function toManagementApproved(r: { revisionId: string; dateModified: string }) {
  let now = await moved("clerk", r, "submit");
  now = await moved("endorser", now, "endorse");
  return await moved("management", now, "approve");
}
const revisionCount = async () => Number((await handle.db.select({ n: count() }).from(bookingRevisions))[0].n);
const bookingOf = async (ref: string) => (await handle.db.select().from(bookings).where(eq(bookings.bookingRef, ref)))[0];

describe("a booking still Draft or Confirmed", () => {
  it("is refused with the spec's rule, and nothing is written", async () => {
    const [draftRef] = await bw.bookingsAt(1, "draft");
    const [confirmedRef] = await bw.bookingsAt(1, "confirm");
    const before = await revisionCount();
    for (const [ref, status] of [[draftRef, "Draft"], [confirmedRef, "Confirmed"]]) {
      const res = await bw.call("clerk", "POST", "/BookingRevisions/createRevisionV1", { bookingRef: ref, remarks: WHY, proposed: { consigneeName: "Davao Fresh Foods" } });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(`Booking changes are not allowed while booking status is ${status}: booking ${ref} can still be changed on the booking itself.`);
      const read = await bw.call("clerk", "GET", `/BookingRevisions/getBookingRefV1/${ref}`);
      expect(read.body.data.refusal).toBe(res.body.message);
    }
    expect(await revisionCount()).toBe(before);
  });
});

describe("the rules of 001 §5", () => {
  it("refuses an address of blank spaces, a door mode without its address and area, a destination the voyage skips, and no remarks", async () => {
    const [ref] = await bw.bookingsAt(1, "atw");
    const before = await revisionCount();
    const refusal = async (proposed: Record<string, unknown>, remarks = WHY) => {
      const res = await bw.call("clerk", "POST", "/BookingRevisions/createRevisionV1", { bookingRef: ref, remarks, proposed });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      // The fields refused, each with its message (the body's general entry aside).
      return Object.fromEntries(Object.entries(res.body.errors as Record<string, string[]>).filter(([field]) => field !== ""));
    };
    const blank = { street: "   ", barangay: " ", city: "  ", province: " ", zipCode: "" };
    expect(await refusal({ deliveryAddress: blank })).toEqual({ "proposed.deliveryAddress": ["The delivery address is only blank spaces; type the address or leave it empty."] });
    expect(await refusal({ pickUpAddress: blank })).toEqual({ "proposed.pickUpAddress": ["The pick-up address is only blank spaces; type the address or leave it empty."] });
    expect(await refusal({ modeOfDelivery: "PTD" })).toEqual({
      "proposed.deliveryAddress": ["PTD delivers to the door: the delivery address (city and province at least) is required."],
      "proposed.deliveryAreaCode": ["PTD delivers to the door: the delivery area is required."],
    });
    expect(await refusal({ modeOfDelivery: "PTD", deliveryAddress: { street: "5 A.C. Cortes Ave", barangay: "Ibabao", city: "Mandaue City", province: "Cebu", zipCode: "6014" } }))
      .toEqual({ "proposed.deliveryAreaCode": ["PTD delivers to the door: the delivery area is required."] });
    expect(await refusal({ destinationBranchCode: "GES" })).toEqual({ "proposed.destinationBranchCode": [`Voyage ${bw.w.voyageNum} does not call at GES; it calls at CEB, DVO.`] });
    expect(await refusal({ consigneeName: "Davao Fresh Foods" }, "  ")).toEqual({ remarks: ["Say why the booking changes."] });
    expect(await refusal({ consigneeName: "" })).toEqual({ proposed: ["Propose at least one new value, reference or charge."] });
    expect(await revisionCount()).toBe(before);
  });

  it("takes the old booking and waybill references as optional", async () => {
    const [ref] = await bw.bookingsAt(1, "atw");
    const made = await draft("clerk", ref, { oldBookingRef: "BK-OLD-0001" });
    expect(made.changes).toEqual([{ field: "oldBookingRef", label: "Old booking reference", before: "", after: "BK-OLD-0001" }]);
    expect(await moved("clerk", made, "cancel")).toMatchObject({ status: "Cancelled" });
    const other = await draft("clerk", ref, { consigneeName: "Davao Fresh Foods", oldBookingRef: "", oldWaybillRef: "" });
    expect(other.changes.map((c: any) => c.field)).toEqual(["consigneeName"]);
  });

  it("allows one change of a booking under way at a time", async () => {
    const [ref] = await bw.bookingsAt(1, "atw");
    const first = await draft("clerk", ref, { consigneeName: "Davao Fresh Foods" });
    const res = await bw.call("clerk2", "POST", "/BookingRevisions/createRevisionV1", { bookingRef: ref, remarks: WHY, proposed: { consigneeName: "Other" } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`Booking ${ref} already has a booking change under way; finish or cancel it first.`);
    expect(first.status).toBe("draft");
  });
});

describe("a change moving a waybill to Davao", () => {
  it("goes through the chain with the accounting approver's step and is applied to the booking and waybill, re-priced", async () => {
    const [ready] = await bw.withWaybills(1);
    const made = await draft("clerk", ready.bookingRef, { destinationBranchCode: "DVO" });
    expect(made.revisionId).toMatch(/^BC-MNL-\d{4}-\d{6}$/);
    expect([made.status, made.waybillref, made.chargesChange, made.amendmentFee]).toEqual(["draft", ready.wayBillRef, true, "0.00"]);
    expect(made.changes).toEqual([{ field: "destinationBranchCode", label: "Destination", before: "CEB", after: "DVO" }]);
    expect(made.chargesAfter.map((c: any) => [c.chargeCode, c.chargePart, c.amount])).toEqual([
      ["001", "FREIGHT", DAVAO.freightPerTeu], ["004", "PORT_ORIGIN", BOOK.arrastreOrigin], ["004", "PORT_DESTINATION", DAVAO.arrastre],
    ]);

    // Four eyes: the drafter takes no step; the endorser does not approve.
    let now = await moved("clerk", made, "submit");
    expect(now.status).toBe("For Endorse");
    expect((await move("clerk", now, "endorse")).status).toBe(403);
    now = await moved("endorser", now, "endorse");
    const again = await bw.call("endorser", "PUT", "/BookingRevisions/updateRevisionStatusV1", { revisionId: now.revisionId, action: "approve", dateModified: now.dateModified });
    expect(again.status).toBe(403);
    now = await moved("management", now, "approve");
    expect(now.status).toBe("Management Approved");
    const wrongStep = await move("final", now, "finalApprove");
    expect(wrongStep.status).toBe(403);
    expect(wrongStep.body.message).toBe(`Booking change ${now.revisionId} changes the charges; the accounting approver approves it.`);
    const done = await moved("accounting", now, "accountingApprove");
    expect([done.status, done.list, done.approvedBy]).toEqual(["approved", "approved", "bc-accounting"]);
    expect(done.datApproved).not.toBeNull();

    const booking = await bookingOf(ready.bookingRef);
    expect(booking.destinationBranchCode).toBe("DVO");
    const [waybill] = await handle.db.select().from(waybills).where(eq(waybills.wayBillRef, ready.wayBillRef));
    expect(waybill.destinationBranchCode).toBe("DVO");
    const lines = await handle.db.select().from(waybillCharges).where(eq(waybillCharges.wayBillRef, ready.wayBillRef));
    expect(lines.map((l) => [l.chargeCode, l.part, l.chargeValue]).sort()).toEqual([
      ["001", "FREIGHT", DAVAO.freightPerTeu], ["004", "PORT_DESTINATION", DAVAO.arrastre], ["004", "PORT_ORIGIN", BOOK.arrastreOrigin],
    ]);
    const applied = await handle.db.select().from(auditLog).where(and(eq(auditLog.action, "BOOKING_CHANGE_APPLIED"), eq(auditLog.target, `booking:${ready.bookingRef}`)));
    expect(applied).toHaveLength(1);
    expect((applied[0].detail as any).before.destinationBranchCode).toBe("CEB");
    expect((applied[0].detail as any).after.destinationBranchCode).toBe("DVO");
    // The drafter is told, with the avatar's title.
    const told = await handle.db.select().from(notifications).where(and(eq(notifications.userId, "bc-clerk"), eq(notifications.title, "Booking Changes")));
    expect(told.map((n) => n.message)).toContain(`${done.revisionId}: approved; booking ${ready.bookingRef}, waybill ${ready.wayBillRef} changed.`);
    // The read page shows the history and no more actions.
    const read = await bw.call("clerk", "GET", `/BookingRevisions/getApprovedRevisionId/${done.revisionId}`);
    expect(read.body.data.history.map((h: any) => [h.action, h.actor])).toEqual([
      ["submit", "bc-clerk"], ["endorse", "bc-endorser"], ["approve", "bc-management"], ["accountingApprove", "bc-accounting"],
    ]);
    expect(read.body.data.actions).toEqual([]);
  });

  it("is denied with a reason, and the booking stays as it was", async () => {
    const [ready] = await bw.withWaybills(1);
    const now = await toManagementApproved(await draft("clerk", ready.bookingRef, { destinationBranchCode: "DVO" }));
    expect((await move("accounting", now, "deny")).status).toBe(400);
    const denied = await moved("accounting", now, "deny", "The Davao call is full");
    expect([denied.status, denied.decisionRemarks]).toEqual(["denied", "The Davao call is full"]);
    expect((await bookingOf(ready.bookingRef)).destinationBranchCode).toBe("CEB");
  });
});

describe("the amendment fee (AMF)", () => {
  it("is not added while the booking is ATW Issued or Outbound CTS Issued", async () => {
    const [atw] = await bw.bookingsAt(1, "atw");
    const [ready] = await bw.withWaybills(1);
    for (const ref of [atw, ready.bookingRef]) {
      const made = await draft("clerk", ref, { consigneeName: "Davao Fresh Foods" });
      expect([made.chargesChange, made.amendmentFee]).toEqual([false, "0.00"]);
      const now = await toManagementApproved(made);
      expect((await move("accounting", now, "accountingApprove")).status).toBe(403);
      expect((await moved("final", now, "finalApprove")).status).toBe("approved");
      const lines = await handle.db.select().from(bookingCharges).where(eq(bookingCharges.bookingRef, ref));
      expect(lines.map((l) => l.chargeCode)).not.toContain("AMF");
      expect((await bookingOf(ref)).consigneeName).toBe("Davao Fresh Foods");
    }
  });

  it("is added once the cargo is loaded, on the booking and its waybill", async () => {
    const [ready] = await bw.withWaybills(1);
    // The booking's cargo aboard (the outbound module's loading moves it so; set here to keep the test short).
    await handle.db.update(bookings).set({ status: "At Vessel Loaded" }).where(eq(bookings.bookingRef, ready.bookingRef));
    const made = await draft("clerk", ready.bookingRef, { consigneeName: "Davao Fresh Foods" });
    expect([made.chargesChange, made.amendmentFee]).toEqual([true, DAVAO.amendmentFee]);
    // 12,500.00 freight, 1,120.00 and 980.00 arrastre, and the fee.
    expect([made.totalBefore, made.totalAfter]).toEqual(["14600.00", "15720.00"]);
    const done = await moved("accounting", await toManagementApproved(made), "accountingApprove");
    expect(done.status).toBe("approved");
    const booked = await handle.db.select().from(bookingCharges).where(and(eq(bookingCharges.bookingRef, ready.bookingRef), eq(bookingCharges.chargeCode, "AMF")));
    expect(booked.map((l) => [l.chargePart, l.amount, l.source])).toEqual([["OTHER", DAVAO.amendmentFee, "ADDED"]]);
    const onWaybill = await handle.db.select().from(waybillCharges).where(and(eq(waybillCharges.wayBillRef, ready.wayBillRef), eq(waybillCharges.chargeCode, "AMF")));
    expect(onWaybill.map((l) => [l.part, l.chargeValue, l.availableTo])).toEqual([["OTHER", DAVAO.amendmentFee, "P"]]);
  });
});

describe("SI/SH references", () => {
  it("are added, inserted, removed and generated on a draft, in order", async () => {
    const [ref] = await bw.bookingsAt(1, "atw");
    let r = await draft("clerk", ref, { consigneeName: "Davao Fresh Foods" });
    const op = async (path: string, body: Record<string, unknown>) => {
      const res = await bw.call("clerk", "POST", `/BookingRevisions/${path}`, { revisionId: r.revisionId, dateModified: r.dateModified, ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      r = res.body.data;
      return r.references.map((x: any) => `${x.kind} ${x.refNum}`);
    };
    expect(await op("addReference", { kind: "SH", refNum: "sh-100" })).toEqual(["SH SH-100"]);
    expect(await op("insertReference", { kind: "SI", refNum: "SI-9", position: 1 })).toEqual(["SI SI-9", "SH SH-100"]);
    const generated = await op("generateSINum", {});
    expect(generated).toHaveLength(3);
    expect(generated[2]).toMatch(/^SI SI-MNL-\d{4}-000001$/);
    expect(await op("removeReference", { kind: "SI", refNum: "SI-9" })).toEqual(["SH SH-100", generated[2]]);
    const twice = await bw.call("clerk", "POST", "/BookingRevisions/addReference", { revisionId: r.revisionId, dateModified: r.dateModified, kind: "SH", refNum: "SH-100" });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe(`SH reference SH-100 is already on booking change ${r.revisionId}.`);
    // A copy read before the last change (its creation time) is refused.
    const stale = await bw.call("clerk", "POST", "/BookingRevisions/addReference", { revisionId: r.revisionId, dateModified: r.dateCreated, kind: "SH", refNum: "SH-101" });
    expect(stale.status).toBe(409);
    expect(r.sH_Status).toBe("2 SI/SH references");
  });
});

describe("the lists by flag (001 §6)", () => {
  it("show each flag exactly what it should see", async () => {
    const [a, b, c, d] = await bw.bookingsAt(4, "atw");
    const drafted = await draft("clerk", a, { consigneeName: "Draft only" });
    const forEndorse = await moved("clerk", await draft("clerk", b, { consigneeName: "For endorse" }), "submit");
    const forApproval = await moved("endorser", await moved("clerk", await draft("clerk", c, { consigneeName: "For approval" }), "submit"), "endorse");
    const lastStep = await toManagementApproved(await draft("clerk", d, { consigneeName: "Last step" }));
    const ids = async (who: string, path: string) => {
      const res = await bw.call(who, "GET", path);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.data as any[]).map((r) => r.revisionId).filter((id) => [drafted, forEndorse, forApproval, lastStep].some((x) => x.revisionId === id));
    };
    expect(await ids("clerk", "/BookingRevisions/getListBookingRevisionV1?list=draft&take=200")).toEqual([drafted.revisionId]);
    expect(await ids("clerk2", "/BookingRevisions/getListBookingRevisionV1?list=draft&take=200")).toEqual([]);
    expect(await ids("endorser", "/BookingRevisions/getListBookingRevisionV1?list=forEndorse&take=200")).toEqual([forEndorse.revisionId]);
    expect(await ids("adminEndorser", "/BookingRevisions/getListBookingRevisionV1?list=forEndorse&take=200")).toEqual([forEndorse.revisionId]);
    expect(await ids("clerk2", "/BookingRevisions/getListBookingRevisionV1?list=forEndorse&take=200")).toEqual([]);
    expect(await ids("approver", "/BookingRevisions/getListApproverV1?take=200")).toEqual([forApproval.revisionId]);
    expect(await ids("management", "/BookingRevisions/getListApproverV1?take=200")).toEqual([forApproval.revisionId]);
    expect(await ids("final", "/BookingRevisions/getListApproverV1?take=200")).toEqual([lastStep.revisionId]);
    expect(await ids("accounting", "/BookingRevisions/getListApproverV1?take=200")).toEqual([]);
    expect(await ids("endorser", "/BookingRevisions/getListApproverV1?take=200")).toEqual([]);
    expect(await ids("ceb", "/BookingRevisions/getListApproverV1?take=200")).toEqual([]);
    const flags = (await bw.call("final", "GET", "/BookingRevisions/getListApproverV1")).body;
    expect([flags.isBCFinalApprover, flags.isAcctngApprover, flags.isEndorser, flags.adminEndorser, flags.isApprover, flags.isDat]).toEqual([true, false, false, false, false, false]);

    const approved = await moved("final", lastStep, "finalApprove");
    expect(await ids("clerk2", "/BookingRevisions/getListBookingRevisionV1?list=approved&take=200")).toEqual([approved.revisionId]);
    expect(await ids("clerk2", "/BookingRevisions/getListBookingRevisionV1?list=approved&showMyApproved=true&take=200")).toEqual([]);
    expect(await ids("final", "/BookingRevisions/getListBookingRevisionV1?list=approved&showMyApproved=true&take=200")).toEqual([approved.revisionId]);
    expect(await ids("ceb", "/BookingRevisions/getListBookingRevisionV1?list=approved&take=200")).toEqual([]);
    const notDat = await bw.call("clerk", "GET", "/BookingRevisions/getListDatV1");
    expect([notDat.status, notDat.body.data, notDat.body.isDat, notDat.body.message]).toEqual([200, [], false, "Only DAT staff see the DAT list of booking changes."]);
    const dat = await bw.call("dat", "GET", "/BookingRevisions/getListDatV1?take=200");
    expect(dat.body.isDat).toBe(true);
    expect((dat.body.data as any[]).every((r) => r.status === "approved" && r.waybillref !== null)).toBe(true);
  });
});

describe("fifty approvals at once", () => {
  it("apply the change once", async () => {
    const [ready] = await bw.withWaybills(1);
    const now = await toManagementApproved(await draft("clerk", ready.bookingRef, { destinationBranchCode: "DVO" }));
    const answers = await Promise.all(Array.from({ length: 50 }, () => move("accounting", now, "accountingApprove")));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    const applied = await handle.db.select().from(auditLog).where(and(eq(auditLog.action, "BOOKING_CHANGE_APPLIED"), eq(auditLog.target, `booking:${ready.bookingRef}`)));
    expect(applied).toHaveLength(1);
    const lines = await handle.db.select().from(waybillCharges).where(eq(waybillCharges.wayBillRef, ready.wayBillRef));
    expect(lines).toHaveLength(3);
  });
});

describe("downloadApprovedBC", () => {
  it("exports the approved changes as a workbook that reads back", async () => {
    const [ref] = await bw.bookingsAt(1, "atw");
    const done = await moved("final", await toManagementApproved(await draft("clerk", ref, { consigneeName: "Workbook Foods" })), "finalApprove");
    const res = await bw.call("clerk", "GET", "/BookingRevisions/downloadApprovedBC?showMyApproved=true");
    expect(res.status).toBe(200);
    expect(res.raw.headers.get("content-disposition")).toBe('attachment; filename="ApprovedBookingChanges.xlsx"');
    const book = XLSX.read(new Uint8Array(await res.raw.arrayBuffer()), { type: "array" });
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]]);
    const row = rows.find((r) => r["Revision No"] === done.revisionId)!;
    expect([row["Booking Ref"], row["Changes"], row["Amendment Fee"], row["Requested By"], row["Approved By"]])
      .toEqual([ref, "Consignee: (none) -> Workbook Foods", "0.00", "bc-clerk", "bc-final"]);
  });
});
