import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog } from "../../db/schema/index.ts";
import { expectErrorBody, makeTestApp, type TestApp } from "../support/app.ts";
import { type BookingWorld, PTP_BOOKING, seedBookingWorld } from "../support/bookings.ts";
import { PORT_LANE } from "../support/sq-pricing.ts";
import { openTestDatabase } from "../support/test-db.ts";

/**
 * Money and approvals in the audit log: each change of a rate, a charge, a policy, a quotation lane's prices or
 * a booking's price, and each step of an approval chain, writes exactly one row with who, the record and the
 * values before and after (only those that changed), in the same transaction; a refused change writes none.
 * The audit screen's call filters by record.
 */

let handle: DatabaseHandle;
let t: TestApp;
let w: BookingWorld;

const json = (res: Response) => res.json() as Promise<any>;
const as = (who: string, method: string, path: string, body?: unknown) => w.call(who, method, path, body);
const auditCount = async () => Number((await handle.db.select({ n: count() }).from(auditLog))[0].n);

/** The audit rows of one record as the audit screen reads them, newest first. */
async function rowsOf(kind: string, record: string, extra = "") {
  const res = await as("auditor", "GET", `/audit/load?kind=${kind}&record=${encodeURIComponent(record)}&take=100${extra}`);
  expect(res.status).toBe(200);
  return (await json(res)).data.map((r: any) => ({ actor: r.actor, action: r.action, target: r.target, detail: r.detail }));
}

/** Runs a change and answers the one audit row it wrote (failing unless it wrote exactly one). */
async function oneRowOf(change: () => Promise<Response>, status = 200) {
  const before = await auditCount();
  const res = await change();
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(status);
  expect(await auditCount()).toBe(before + 1);
  const [row] = await handle.db.select().from(auditLog).orderBy(auditLog.id).offset(before);
  return { res, row: { actor: row.actor, action: row.action, target: row.target, detail: row.detail } };
}

/** Runs a change that must be refused with `status`, and checks it wrote no audit row. */
async function noRowOf(change: () => Promise<Response>, status: number) {
  const before = await auditCount();
  const res = await change();
  expect(res.status).toBe(status);
  await expectErrorBody(res);
  expect(await auditCount()).toBe(before);
}

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  w = await seedBookingWorld(handle.db, t, { md: ["MASTERDATA"], auditor: ["SYSTEMACCOUNT"], ae2: ["SALESQUOTATION", "SQ_AE"] });
});
afterAll(() => handle?.close());

describe("master data money records", () => {
  it("a freight rate: added, changed, deactivated and deleted, one row each with exactly what changed", async () => {
    const body = {
      chargeCode: "001", portCodeOrigin: "PMNL", portCodeDestination: "PCEB", branchCodeOrigin: "MNL", branchCodeDestination: "CEB",
      dateEffective: "2026-12-01", stdRateWvat: "13000.00",
    };
    const added = await oneRowOf(() => as("md", "POST", "/FreightRates", body), 201);
    const rate = (await json(added.res)).data;
    expect(added.row).toEqual({
      actor: "bk-md",
      action: "RATE_ADDED",
      target: `freight-rate:${rate.id}`,
      detail: {
        recordId: rate.id,
        before: null,
        after: { ...body, fastandardRates: null, isActive: true },
      },
    });

    const changed = await oneRowOf(() =>
      as("md", "PUT", `/FreightRates/update/${rate.id}`, { ...body, stdRateWvat: "1.00", dateModified: rate.dateModified })
    );
    expect(changed.row).toEqual({
      actor: "bk-md",
      action: "RATE_CHANGED",
      target: `freight-rate:${rate.id}`,
      detail: { recordId: rate.id, before: { stdRateWvat: "13000.00" }, after: { stdRateWvat: "1.00" } },
    });

    // A stale copy and a bad value are refused and write nothing.
    await noRowOf(() => as("md", "PUT", `/FreightRates/update/${rate.id}`, { ...body, stdRateWvat: "2.00", dateModified: rate.dateModified }), 409);
    await noRowOf(() => as("md", "PUT", `/FreightRates/update/${rate.id}`, { ...body, stdRateWvat: "abc", dateModified: rate.dateModified }), 400);

    const off = await oneRowOf(() => as("md", "PUT", `/FreightRates/activate/${rate.id}?isActive=false`));
    expect(off.row.detail).toEqual({ recordId: rate.id, before: { isActive: true }, after: { isActive: false } });
    expect(off.row.action).toBe("RATE_CHANGED");

    const gone = await oneRowOf(() => as("md", "DELETE", "/FreightRates/delete", [rate.id]));
    expect(gone.row).toEqual({
      actor: "bk-md",
      action: "RATE_DELETED",
      target: `freight-rate:${rate.id}`,
      detail: { recordId: rate.id, before: { ...body, stdRateWvat: "1.00", fastandardRates: null, isActive: false }, after: null },
    });
    await noRowOf(() => as("md", "DELETE", "/FreightRates/delete", [rate.id]), 404);

    expect((await rowsOf("freight-rate", String(rate.id))).map((r: any) => r.action))
      .toEqual(["RATE_DELETED", "RATE_CHANGED", "RATE_CHANGED", "RATE_ADDED"]);
  });

  it("a port rate and a trucking rate change write their rows under their own kinds", async () => {
    const [port] = (await json(await as("md", "GET", "/PortRates/load?chargeCode=004&portCode=PMNL"))).data;
    const portChange = await oneRowOf(() => as("md", "PUT", `/PortRates/update/${port.id}`, { stdRateWvat: "1200.00", dateModified: port.dateModified }));
    expect(portChange.row).toEqual({
      actor: "bk-md", action: "RATE_CHANGED", target: `port-rate:${port.id}`,
      detail: { recordId: port.id, before: { stdRateWvat: "1120.00" }, after: { stdRateWvat: "1200.00" } },
    });
    const [truck] = (await json(await as("md", "GET", "/TruckingRates/load?areaCode=QC"))).data;
    const truckChange = await oneRowOf(() =>
      as("md", "PUT", `/TruckingRates/update/${truck.id}`, { stdRateTandemRates: "3900.00", dateModified: truck.dateModified })
    );
    expect(truckChange.row).toEqual({
      actor: "bk-md", action: "RATE_CHANGED", target: `trucking-rate:${truck.id}`,
      detail: { recordId: truck.id, before: { stdRateTandemRates: "3800.00" }, after: { stdRateTandemRates: "3900.00" } },
    });
  });

  it("a charge change and a company policy change", async () => {
    const charge = (await json(await as("md", "GET", "/Charges/readByCode/017"))).data;
    const renamed = await oneRowOf(() => as("md", "PUT", "/Charges/update/017", { name: "Open van surcharge", dateModified: charge.dateModified }));
    expect(renamed.row).toEqual({
      actor: "bk-md", action: "CHARGE_CHANGED", target: "charge:017",
      detail: { recordId: charge.id, before: { name: "Open van fee" }, after: { name: "Open van surcharge" } },
    });

    const [policy] = (await json(await as("md", "GET", "/CompanyPolicies/ReadListByCode/C0005"))).data;
    const raised = await oneRowOf(() =>
      as("md", "PUT", `/CompanyPolicies/update/${policy.id}`, { defaultValueDecimal: "0.003", dateModified: policy.dateModified })
    );
    expect(raised.row).toEqual({
      actor: "bk-md", action: "POLICY_CHANGED", target: `company-policy:${policy.id}`,
      // As stored: the value column keeps four decimals.
      detail: { recordId: policy.id, before: { defaultValueDecimal: "0.0025" }, after: { defaultValueDecimal: "0.0030" } },
    });

    // Saving the same values again changes nothing, and writes nothing.
    const now = (await json(await as("md", "GET", "/CompanyPolicies/ReadListByCode/C0005"))).data[0];
    const before = await auditCount();
    const same = await as("md", "PUT", `/CompanyPolicies/update/${policy.id}`, { defaultValueDecimal: now.defaultValueDecimal, dateModified: now.dateModified });
    expect(same.status).toBe(200);
    expect(await auditCount()).toBe(before);
  });
});

describe("a customer's agreed charges and rates basis", () => {
  it("a change of an agreed amount writes the lines that changed; a refused change writes nothing", async () => {
    const customer = (await json(await as("md", "GET", "/Customers/load?search=PHT"))).data.find((c: any) => c.code === "PHT");
    const first = await oneRowOf(() =>
      as("md", "PUT", `/Customers/updateWithDetailsV1/${customer.id}`, {
        dateModified: customer.dateModified, charges: [{ chargeCode: "017", amount: "500" }, { chargeCode: "005", amount: "20" }],
      })
    );
    expect(first.row).toEqual({
      actor: "bk-md",
      action: "CUSTOMER_CHARGES_CHANGED",
      target: "customer:PHT",
      detail: { before: { "005": null, "017": null }, after: { "005": { amount: "20.00" }, "017": { amount: "500.00" } } },
    });
    const saved = (await json(first.res)).data;
    await noRowOf(() =>
      as("md", "PUT", `/Customers/updateWithDetailsV1/${customer.id}`, {
        dateModified: saved.dateModified, charges: [{ chargeCode: "017", amount: "450" }, { chargeCode: "NOPE", amount: "1" }],
      }), 400);
    const second = await oneRowOf(() =>
      as("md", "PUT", `/Customers/updateWithDetailsV1/${customer.id}`, {
        dateModified: saved.dateModified, charges: [{ chargeCode: "017", amount: "450" }, { chargeCode: "005", amount: "20" }],
      })
    );
    expect(second.row.detail).toEqual({ before: { "017": { amount: "500.00" } }, after: { "017": { amount: "450.00" } } });

    const basis = await oneRowOf(() => as("md", "PUT", `/Customers/ratesBasis/${customer.id}?isPerBag=true`));
    expect(basis.row).toEqual({
      actor: "bk-md",
      action: "CUSTOMER_RATES_BASIS_CHANGED",
      target: "customer:PHT",
      detail: { recordId: customer.id, before: { isPerBag: false }, after: { isPerBag: true } },
    });
    // Setting the basis it already has changes nothing, and writes nothing.
    const before = await auditCount();
    expect((await as("md", "PUT", `/Customers/ratesBasis/${customer.id}?isPerBag=true`)).status).toBe(200);
    expect(await auditCount()).toBe(before);
    await as("md", "PUT", `/Customers/ratesBasis/${customer.id}?isPerBag=false`);
  });
});

describe("a quotation", () => {
  it("its lane prices and each approval step: one row each, on the quotation's record", async () => {
    const draft = (await json(await as("ae", "POST", "/SalesQuotations", { customerCode: "PHT", cargoTypeCode: "DRY" }))).data;
    const asked = (rate: string) => ({ ...PORT_LANE, requestedRates: [{ chargeCode: "001", chargePart: "FREIGHT", requestedRate: rate }] });

    const added = await oneRowOf(() =>
      as("ae", "POST", "/SalesQuotationDocuments/MultipleInsertDocsWAreas", { sqRefNum: draft.sqRefNum, documents: [asked("1.00")] }), 201);
    const lane = (await json(added.res)).data[0];
    expect(added.row.action).toBe("QUOTATION_LANE_ADDED");
    expect(added.row.target).toBe(`sales-quotation:${draft.sqRefNum}`);
    expect(added.row.detail).toMatchObject({ lane: lane.sqdocNum, lineNo: 1, before: null });
    expect((added.row.detail as any).after.charges["001/FREIGHT"]).toEqual({
      rateUnit: "perTeu", quantity: "1.000", source: "FREIGHT_RATE", standardRate: "12500.00", requestedRate: "1.00",
      standardAmount: "12500.00", amount: "1.00",
    });

    const changed = await oneRowOf(() => as("ae", "PUT", `/SalesQuotationDocuments/UpdateManyDocsWAreas/${lane.sqdocNum}`, asked("2.50")));
    expect(changed.row).toEqual({
      actor: "bk-ae",
      action: "QUOTATION_LANE_CHANGED",
      target: `sales-quotation:${draft.sqRefNum}`,
      detail: {
        lane: lane.sqdocNum,
        lineNo: 1,
        before: { charges: { "001/FREIGHT": { requestedRate: "1.00", amount: "1.00" } } },
        after: { charges: { "001/FREIGHT": { requestedRate: "2.50", amount: "2.50" } } },
      },
    });
    // Another AE may not change it: refused, and no row.
    await noRowOf(() => as("ae2", "PUT", `/SalesQuotationDocuments/UpdateManyDocsWAreas/${lane.sqdocNum}`, asked("3.00")), 403);

    const step = (who: string, action: string) => as(who, "PUT", `/SalesQuotations/updateSqStatusWthSBMV2/${draft.id}`, { action, remarks: `${action} ok` });
    const moves: [string, string, string, string, string | undefined][] = [
      ["ae", "submit", "Draft", "For Approval", undefined],
      ["sm", "smApprove", "For Approval", "SM Approved", "SM"],
      ["aud", "audApprove", "SM Approved", "AUD Approved", "AUD"],
      ["fa", "faApprove", "AUD Approved", "FA Approved", "FA"],
    ];
    for (const [who, action, from, to, stepName] of moves) {
      const { row } = await oneRowOf(() => step(who, action));
      expect(row).toEqual({
        actor: `bk-${who}`,
        action: "STATUS_CHANGED",
        target: `sales-quotation:${draft.sqRefNum}`,
        detail: {
          recordId: draft.id, action, ...(stepName ? { step: stepName } : {}),
          before: { status: from }, after: { status: to }, remarks: `${action} ok`,
        },
      });
      if (action === "smApprove") {
        // A refused approval (one person at two steps) writes no row.
        await noRowOf(() => step("sm", "audApprove"), 403);
      }
    }

    // The audit screen's call, filtered by this quotation: its lane changes and its chain, newest first, nothing else.
    const rows = await rowsOf("sales-quotation", draft.sqRefNum.toLowerCase());
    expect(rows.map((r: any) => [r.action, r.actor, r.detail.action ?? r.detail.lane])).toEqual([
      ["STATUS_CHANGED", "bk-fa", "faApprove"],
      ["STATUS_CHANGED", "bk-aud", "audApprove"],
      ["STATUS_CHANGED", "bk-sm", "smApprove"],
      ["STATUS_CHANGED", "bk-ae", "submit"],
      ["QUOTATION_LANE_CHANGED", "bk-ae", lane.sqdocNum],
      ["QUOTATION_LANE_ADDED", "bk-ae", lane.sqdocNum],
    ]);
    // With an action as well; and by reference alone.
    expect((await rowsOf("sales-quotation", draft.sqRefNum, "&action=QUOTATION_LANE_CHANGED")).map((r: any) => r.action))
      .toEqual(["QUOTATION_LANE_CHANGED"]);
    const byRef = await json(await as("auditor", "GET", `/audit/load?record=${draft.sqRefNum}&take=100`));
    expect(byRef.total).toBe(6);
  });

  it("removing a lane writes its charges before and nothing after", async () => {
    const draft = (await json(await as("ae", "POST", "/SalesQuotations", { customerCode: "PHT", cargoTypeCode: "DRY" }))).data;
    const lane = (await json(await as("ae", "POST", "/SalesQuotationDocuments/MultipleInsertDocsWAreas", { sqRefNum: draft.sqRefNum, documents: [PORT_LANE] }))).data[0];
    const removed = await oneRowOf(() => as("ae", "DELETE", `/SalesQuotationDocuments/deleteDocsWArea/${lane.id}`));
    expect(removed.row.action).toBe("QUOTATION_LANE_REMOVED");
    expect(removed.row.detail).toMatchObject({ lane: lane.sqdocNum, after: null });
    expect(Object.keys((removed.row.detail as any).before.charges).sort()).toEqual(["001/FREIGHT", "004/PORT_DESTINATION", "004/PORT_ORIGIN"]);
    // A rate this file never changes, so the figures stand whichever tests run.
    expect((removed.row.detail as any).before.charges["004/PORT_DESTINATION"]).toEqual({
      rateUnit: "perTeu", quantity: "1.000", source: "PORT_RATE", standardRate: "980.00", requestedRate: "980.00",
      standardAmount: "980.00", amount: "980.00",
    });
  });
});

describe("a booking", () => {
  it("its price: one row when saved and one when a change moves it, with the lines that changed", async () => {
    const batchBefore = await auditCount();
    const opened = await as("staff", "POST", "/Bookings/batch", { voyageNum: w.voyageNum, customerCode: "PHT", remarks: "", bookings: [PTP_BOOKING] });
    expect(opened.status).toBe(201);
    const [booking] = (await json(opened)).data.bookings;
    const priced = await handle.db.select().from(auditLog).orderBy(auditLog.id).offset(batchBefore);
    expect(priced.map((r) => [r.action, r.target])).toEqual([["BOOKING_PRICE_CHANGED", `booking:${booking.bookingRef}`]]);
    expect(Object.keys((priced[0].detail as any).before)).toEqual(Object.keys((priced[0].detail as any).after));
    expect((priced[0].detail as any).before["001/FREIGHT"]).toBeNull();
    expect((priced[0].detail as any).after["001/FREIGHT"]).toMatchObject({ quantity: "1.000", rate: "12500.00", amount: "12500.00", source: "SQ" });

    const read = (await json(await as("staff", "GET", `/Bookings/get/${booking.bookingRef}`))).data;
    const changed = await oneRowOf(() =>
      as("staff", "PUT", `/Bookings/update/${booking.bookingRef}`, { ...PTP_BOOKING, quantityTeu: 2, dateModified: read.dateModified })
    );
    expect(changed.row).toEqual({
      actor: "bk-staff",
      action: "BOOKING_PRICE_CHANGED",
      target: `booking:${booking.bookingRef}`,
      detail: {
        before: {
          "001/FREIGHT": { quantity: "1.000", amount: "12500.00" },
          "004/PORT_ORIGIN": { quantity: "1.000", amount: "1120.00" },
          "004/PORT_DESTINATION": { quantity: "1.000", amount: "980.00" },
        },
        after: {
          "001/FREIGHT": { quantity: "2.000", amount: "25000.00" },
          "004/PORT_ORIGIN": { quantity: "2.000", amount: "2240.00" },
          "004/PORT_DESTINATION": { quantity: "2.000", amount: "1960.00" },
        },
      },
    });
    // A change that leaves the price alone writes no row.
    const again = (await json(await as("staff", "GET", `/Bookings/get/${booking.bookingRef}`))).data;
    const before = await auditCount();
    const goods = await as("staff", "PUT", `/Bookings/update/${booking.bookingRef}`, { ...PTP_BOOKING, quantityTeu: 2, goods: "Rice", dateModified: again.dateModified });
    expect(goods.status).toBe(200);
    expect(await auditCount()).toBe(before);
  });
});

describe("the audit screen's record filter", () => {
  it("refuses an unknown kind and an empty record with 400", async () => {
    const kind = await as("auditor", "GET", "/audit/load?kind=spaceship&record=1");
    expect(kind.status).toBe(400);
    expect((await expectErrorBody(kind)).errors.kind).toEqual(["kind must be one of the record kinds of the audit log"]);
    const empty = await as("auditor", "GET", "/audit/load?kind=booking&record=%20");
    expect(empty.status).toBe(400);
    expect((await expectErrorBody(empty)).errors.record).toEqual(["record must not be empty"]);
  });

  it("lists every record of a kind when given the kind alone", async () => {
    const rows = await rowsOf("charge", "017");
    expect(rows.map((r: any) => r.action)).toEqual(["CHARGE_CHANGED"]);
    const all = await json(await as("auditor", "GET", "/audit/load?kind=trucking-rate&take=100"));
    expect(all.data.map((r: any) => r.action)).toEqual(["RATE_CHANGED"]);
  });
});
