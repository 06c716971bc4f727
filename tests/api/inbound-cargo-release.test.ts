import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordCargoStage } from "../../api/modules/bookings/index.ts";
import { daysBetween, manilaToday } from "../../api/shared/dates.ts";
import { formatAmount } from "../../api/shared/money.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog, bookingProgress, cargoReleaseOrders, companyPolicies, containerYards, customers, holidays, roles, users } from "../../db/schema/index.ts";
import { type AccountingWorld, seedAccountingWorld, writeInvoice } from "../support/accounting.ts";
import { createUser, expectErrorBody, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { type BookingWorld, PTP_BOOKING, seedBookingWorld } from "../support/bookings.ts";
import { HOLIDAYS_2025 } from "../support/holidays-2025.ts";
import { normaliseOcr, renderPdf, watermarkText } from "../support/pdf-image.ts";
import { openTestDatabase } from "../support/test-db.ts";
import { bookingsWithVansOut, openYard, waybillsOf } from "../support/voyage-cargo.ts";

/**
 * Cargo release orders (001 §3, §4 stage 7, §8, §9) on collect waybills of a Manila to Cebu voyage: refused while
 * accounting does not answer the destination side paid (not invoiced, then partly collected), with the words the
 * screens mark the booking unpaid by; made once the Cebu cashier has collected the rest; cleared at a Cebu yard;
 * printed and read back. The final inbound tally is recorded on Tue 15 Apr 2025 as the inbound tally records it; at
 * Cebu the free days are 16, 21 and 22 April (17-19 holidays, 20 a Sunday), so storage is due from 23 April.
 */

let handle: DatabaseHandle;
let t: TestApp;
let w: BookingWorld;
let acct: AccountingWorld;
/** W1 discharged and collect; W2 discharged on account of the consignee (AD); W3 not discharged. */
let W1: { wayBillRef: string; bookingRef: string };
let W2: { wayBillRef: string; bookingRef: string };
let W3: { wayBillRef: string; bookingRef: string };
/** W4 on account and discharged, released by several clerks at once. */
let W4: { wayBillRef: string; bookingRef: string };
let invoiceId: number;
const tokens: Record<string, string> = {};

const json = (res: Response) => res.json() as Promise<any>;
const manila = (date: string, time = "09:00") => new Date(`${date}T${time}:00+08:00`);
const as = (who: string, method: string, path: string, body?: unknown) => t.call(method, `/api${path}`, { token: tokens[who], body });

async function stagesOf(bookingRef: string) {
  return (await handle.db.select({ stage: bookingProgress.stage }).from(bookingProgress).where(eq(bookingProgress.bookingRef, bookingRef)))
    .map((r) => r.stage).sort((a, b) => a - b);
}

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  w = await seedBookingWorld(handle.db, t, { yard: ["OUTBOUND"] });
  acct = await seedAccountingWorld(handle.db, t);
  await openYard(handle.db);
  await handle.db.update(customers).set({ withholding: "NONE" }).where(eq(customers.code, "PHT"));
  await handle.db.insert(containerYards).values({ code: "CEBCY1", name: "Cebu Pier 4 CY", branchCode: "CEB" });
  await handle.db.insert(holidays).values(HOLIDAYS_2025.map((h) => ({ holidayDate: h.date, name: h.name, holidayType: h.holidayType, branchCode: null })));
  await handle.db.insert(companyPolicies).values([
    { code: "C0001", defaultValueDecimal: "3", dateEffective: "2025-01-01" },
    { code: "C0002", defaultValueDecimal: "5", dateEffective: "2025-01-01" },
    { code: "C0003", defaultValueDecimal: "500", dateEffective: "2025-01-01" },
    { code: "C0013", defaultValueDecimal: "1000", dateEffective: "2025-01-01" },
  ]);
  const collect = await bookingsWithVansOut(handle.db, w, 2, w.voyageNum, { ...PTP_BOOKING, modeOfPayment: "C" });
  const onAccount = await bookingsWithVansOut(handle.db, w, 2, w.voyageNum, { ...PTP_BOOKING, modeOfPayment: "AD" });
  [W1, W3] = await waybillsOf(w, collect.refs);
  [W2, W4] = await waybillsOf(w, onAccount.refs);
  await recordCargoStage(handle.db, W1.bookingRef, 6, manila("2025-04-15"));
  await recordCargoStage(handle.db, W2.bookingRef, 6, manila("2025-04-15"));

  for (const [who, branch] of [["ceb", "CEB"], ["ceb2", "CEB"], ["mnl", "MNL"]] as const) {
    await createUser(handle.db, { userId: `cro-${who}`, password: "cro-password-123", menus: ["INBOUND"], branches: [branch] });
    tokens[who] = await signIn(t, `cro-${who}`, "cro-password-123");
  }
}, 180_000);
afterAll(() => handle?.close());

describe("a release order is made only for a paid waybill", () => {
  it("lists the discharged waybills of the branch with accounting's answer, the unpaid one marked", async () => {
    const res = await as("ceb", "GET", "/InBound/cro/candidates");
    expect(res.status).toBe(200);
    const rows = (await json(res)).data.map((r: any) => [r.wayBillRef, r.modeOfPayment, r.paid, r.paidReason]);
    expect(rows).toEqual([
      [W1.wayBillRef, "C", false, `Not invoiced yet: the destination charges of ${W1.wayBillRef} have no invoice.`],
      [W2.wayBillRef, "AD", true, "Origin: Nothing is billed on this side. Destination: On account: the customer is billed on its account."],
    ]);
    // Another branch's staff see none of Cebu's cargo.
    expect((await json(await as("mnl", "GET", "/InBound/cro/candidates"))).data).toEqual([]);
  });

  it("refuses a waybill not invoiced 'in BASE Accounting', and changes nothing", async () => {
    const res = await as("ceb", "POST", "/InBound/cro/create", { wayBillRef: W1.wayBillRef });
    expect(res.status).toBe(409);
    expect((await expectErrorBody(res)).message).toBe(
      `Booking ${W1.bookingRef} (waybill ${W1.wayBillRef}) is not paid in BASE Accounting: the destination side is unpaid. ` +
        `Not invoiced yet: the destination charges of ${W1.wayBillRef} have no invoice.`,
    );
    expect(await handle.db.select().from(cargoReleaseOrders)).toEqual([]);
    expect(await stagesOf(W1.bookingRef)).toEqual([0, 1, 6]);
  });

  it("refuses it while part of the invoice is open, then makes it once the cashier has collected the rest", async () => {
    invoiceId = (await writeInvoice(handle.db, {
      branchCode: "CEB", payer: { code: "PHT", company: "Pacific Harbor Trading" }, wayBillRef: W1.wayBillRef, voyageNum: w.voyageNum, billedSide: "C",
      totals: { vatableSales: "8928.57", vatAmount: "1071.43", total: "10000.00" }, invoiceNo: "SI-CEB-CRO001",
    })).id;
    const collect = (applied: string) =>
      acct.call("ceb", "POST", "/Collections/create", {
        branchCode: "CEB", customerCode: "PHT", collectionDate: "2025-05-05", paymentMethod: "CASH", lines: [{ invoiceId, applied }],
      });
    expect((await collect("6000.00")).status).toBe(201);
    const partly = await as("ceb", "POST", "/InBound/cro/create", { wayBillRef: W1.wayBillRef });
    expect(partly.status).toBe(409);
    expect((await expectErrorBody(partly)).message).toBe(
      `Booking ${W1.bookingRef} (waybill ${W1.wayBillRef}) is not paid in BASE Accounting: the destination side is unpaid. ` +
        "4,000.00 is open on invoice SI-CEB-CRO001.",
    );
    expect(await handle.db.select().from(cargoReleaseOrders)).toEqual([]);

    expect((await collect("4000.00")).status).toBe(201);
    const made = await as("ceb", "POST", "/InBound/cro/create", { wayBillRef: W1.wayBillRef, remarks: "Consignee's broker collects" });
    expect(made.status).toBe(201);
    const body = await json(made);
    const year = new Date().getFullYear();
    const overdue = daysBetween("2025-04-22", manilaToday());
    expect(body.message).toBe("Cargo release order created successfully");
    expect(body.data).toMatchObject({
      cargorReleaseOrderId: `CRO-CEB-${year}-000001`,
      status: "Created",
      cleared: false,
      wayBillRef: W1.wayBillRef,
      bookingRef: W1.bookingRef,
      branchCode: "CEB",
      originBranchCode: "MNL",
      modeOfPayment: "C",
      paidReason: "Origin: Nothing is billed on this side. Destination: Collected in full.",
      storageRate: "900.00",
      storageTeu: "1.00",
      storageDueDate: "2025-04-22",
      storagePerDay: "1400.00",
      storageAmount: `${overdue * 900}.00`,
      note: "Storage fee of 900.00 per TEU per day from the day after Apr 22, 2025.",
      remarks: "Consignee's broker collects",
      releasedBy: "cro-ceb",
      releasedByName: "User cro-ceb",
      cyPullOutCode: null,
      clearedBy: null,
      dateCleared: null,
    });
    expect(await stagesOf(W1.bookingRef)).toEqual([0, 1, 6, 7]);
    const [audit] = await handle.db.select().from(auditLog).where(eq(auditLog.action, "CARGO_RELEASE_ORDER_CREATED"));
    expect([audit.actor, audit.target]).toEqual(["cro-ceb", `cargo-release-order:CRO-CEB-${year}-000001`]);
    // Released, the waybill is no longer waiting.
    expect((await json(await as("ceb", "GET", "/InBound/cro/candidates"))).data.map((r: any) => r.wayBillRef)).toEqual([W2.wayBillRef]);
  });

  it("makes one for a waybill on account without an invoice", async () => {
    const res = await as("ceb2", "POST", "/InBound/cro/create", { wayBillRef: W2.wayBillRef });
    expect(res.status).toBe(201);
    expect((await json(res)).data.cargorReleaseOrderId).toBe(`CRO-CEB-${new Date().getFullYear()}-000002`);
  });

  it("refuses a second order, a waybill not discharged, another branch's waybill and bad input", async () => {
    const again = await as("ceb", "POST", "/InBound/cro/create", { wayBillRef: W1.wayBillRef });
    expect(again.status).toBe(409);
    expect((await expectErrorBody(again)).message).toBe(`Waybill ${W1.wayBillRef} already has cargo release order CRO-CEB-${new Date().getFullYear()}-000001.`);
    const early = await as("ceb", "POST", "/InBound/cro/create", { wayBillRef: W3.wayBillRef });
    expect(early.status).toBe(400);
    expect((await expectErrorBody(early)).message).toBe(
      `Waybill ${W3.wayBillRef} has not been tallied off the vessel yet; its cargo is released after the final unloading tally sheet.`,
    );
    const elsewhere = await as("mnl", "POST", "/InBound/cro/create", { wayBillRef: W3.wayBillRef });
    expect(elsewhere.status).toBe(404);
    expect((await expectErrorBody(elsewhere)).message).toBe(`Waybill ${W3.wayBillRef} was not found.`);
    const blank = await as("ceb", "POST", "/InBound/cro/create", { wayBillRef: " " });
    expect(blank.status).toBe(400);
    expect((await expectErrorBody(blank)).errors.wayBillRef).toEqual(["wayBillRef is required"]);
    expect(await handle.db.select({ n: cargoReleaseOrders.id }).from(cargoReleaseOrders)).toHaveLength(2);
  });
});

describe("several clerks releasing one waybill at once", () => {
  it("makes one order: one answer 201, the others 409, stage 7 once", async () => {
    await recordCargoStage(handle.db, W4.bookingRef, 6, manila("2025-04-15"));
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => as(i % 2 ? "ceb" : "ceb2", "POST", "/InBound/cro/create", { wayBillRef: W4.wayBillRef })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await handle.db.select().from(cargoReleaseOrders).where(eq(cargoReleaseOrders.wayBillRef, W4.wayBillRef))).toHaveLength(1);
    expect(await stagesOf(W4.bookingRef)).toEqual([0, 1, 6, 7]);
    expect((await handle.db.select().from(auditLog).where(eq(auditLog.action, "CARGO_RELEASE_ORDER_CREATED"))).map((a) => a.target)).toHaveLength(3);
  });
});

describe("clearance, the list and the printout", () => {
  const id = () => `CRO-CEB-${new Date().getFullYear()}-000001`;

  it("clears at a yard of the branch, naming who cleared it and the CY pull-out", async () => {
    const read = (await json(await as("ceb", "GET", `/InBound/cro/get/${id()}`))).data;
    const manilaYard = await as("ceb2", "PUT", `/InBound/cro/clear/${id()}`, { dateModified: read.dateModified, cyPullOutCode: "VCCY1" });
    expect(manilaYard.status).toBe(400);
    expect((await expectErrorBody(manilaYard)).message).toBe("Container yard VCCY1 is not a yard of branch CEB.");
    const stale = await as("ceb2", "PUT", `/InBound/cro/clear/${id()}`, { dateModified: "2025-01-01T00:00:00.000Z", cyPullOutCode: "CEBCY1" });
    expect(stale.status).toBe(409);
    const other = await as("mnl", "PUT", `/InBound/cro/clear/${id()}`, { dateModified: read.dateModified, cyPullOutCode: "CEBCY1" });
    expect(other.status).toBe(404);

    const cleared = await as("ceb2", "PUT", `/InBound/cro/clear/${id()}`, { dateModified: read.dateModified, cyPullOutCode: "cebcy1" });
    expect(cleared.status).toBe(200);
    const body = await json(cleared);
    expect(body.message).toBe("Cleared Successfully");
    expect(body.data).toMatchObject({ status: "Cleared", cleared: true, clearedBy: "cro-ceb2", clearedByName: "User cro-ceb2", cyPullOutCode: "CEBCY1", cyPullOutName: "Cebu Pier 4 CY" });
    const twice = await as("ceb2", "PUT", `/InBound/cro/clear/${id()}`, { dateModified: body.data.dateModified, cyPullOutCode: "CEBCY1" });
    expect(twice.status).toBe(409);
    expect((await expectErrorBody(twice)).message).toBe("This cargo release order is Cleared; it cannot be moved to Cleared from there. Reload it to see its state.");
  });

  it("lists the branch's orders newest first, 20 a page, by status and search; none for another branch", async () => {
    const all = await json(await as("ceb", "POST", "/InBound/cro/load", {}));
    expect([all.total, all.data.map((r: any) => [r.wayBillRef, r.status])])
      .toEqual([3, [[W4.wayBillRef, "Created"], [W2.wayBillRef, "Created"], [W1.wayBillRef, "Cleared"]]]);
    const cleared = await json(await as("ceb", "POST", "/InBound/cro/load", { status: "Cleared" }));
    expect(cleared.data.map((r: any) => r.wayBillRef)).toEqual([W1.wayBillRef]);
    const searched = await json(await as("ceb", "POST", "/InBound/cro/load", { search: W2.wayBillRef.toLowerCase() }));
    expect(searched.data.map((r: any) => r.wayBillRef)).toEqual([W2.wayBillRef]);
    const none = await json(await as("mnl", "POST", "/InBound/cro/load", {}));
    expect([none.total, none.data, none.message]).toEqual([0, [], "No more data to load"]);
    const bad = await as("ceb", "POST", "/InBound/cro/load", { take: 0 });
    expect(bad.status).toBe(400);
  });

  it("prints the order with its release note, a copy unless DAT staff print it", async () => {
    const printed = async (who: string) => {
      const res = await as(who, "GET", `/InBound/cro/print/${id()}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      expect(res.headers.get("content-disposition")).toBe(`inline; filename="${id()}.pdf"`);
      return new Uint8Array(await res.arrayBuffer());
    };
    const [dat] = await handle.db.select({ roleId: users.roleId }).from(users).where(eq(users.userId, "cro-ceb2"));
    await handle.db.update(roles).set({ isDat: true }).where(eq(roles.id, dat.roleId!));
    const copy = await printed("ceb");
    const original = await printed("ceb2");
    const squeeze = (text: string) => normaliseOcr(text).replace(/ /g, "");
    const text = squeeze((await renderPdf(copy)).pages.map((p) => p.text ?? "").join(" "));
    const overdue = daysBetween("2025-04-22", manilaToday());
    for (const expected of [
      "CARGO RELEASE ORDER", id(), W1.wayBillRef, W1.bookingRef, "Cleared", "Cebu Pier 4 CY", "User cro-ceb2",
      "Storage fee of 900.00 per TEU per day from the day after Apr 22, 2025.", "PHP 1,400.00",
      `PHP ${formatAmount(String(overdue * 900))}`, "Destination: Collected in full.", "Consignee's broker collects",
    ]) {
      expect(text).toContain(squeeze(expected));
    }
    expect(await watermarkText(copy, 1)).toBe("copy");
    expect(await watermarkText(original, 1)).not.toBe("copy");
    const missing = await as("ceb", "GET", "/InBound/cro/print/CRO-CEB-1999-000001");
    expect(missing.status).toBe(404);
  }, 120_000);
});
