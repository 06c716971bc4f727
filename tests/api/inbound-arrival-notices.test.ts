import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordCargoStage } from "../../api/modules/bookings/index.ts";
import { daysBetween, manilaToday } from "../../api/shared/dates.ts";
import { formatCentavos, toCentavos } from "../../api/shared/money.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { arrivalNotices, auditLog, bookings, companyPolicies, emailOutbox, holidays, waybillCharges, waybills } from "../../db/schema/index.ts";
import { type AccountingWorld, seedAccountingWorld, writeInvoice } from "../support/accounting.ts";
import { createUser, expectErrorBody, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { type BookingWorld, PTP_BOOKING, seedBookingWorld } from "../support/bookings.ts";
import { HOLIDAYS_2025 } from "../support/holidays-2025.ts";
import { normaliseOcr, renderPdf, watermarkText } from "../support/pdf-image.ts";
import { openTestDatabase } from "../support/test-db.ts";
import { bookingsWithVansOut, openYard, waybillsOf } from "../support/voyage-cargo.ts";

/**
 * Arrival notices (001 §3, §7 InBound, §9) on a Manila to Cebu voyage: the vessel arrival notice lists the cargo
 * loaded for Cebu; the cargo arrival notice of a collect waybill shows its charges under the arrival-notice labels,
 * the amount payable and the storage due date of the free-time rule set (final inbound tally Tue 15 Apr 2025: free
 * days 16, 21, 22 April at Cebu, 17-19 holidays, 20 a Sunday); a prepaid waybill's items show only the amount
 * payable. Sending it queues an e-mail with a public link whose page shows the amount due, whether it is paid, the
 * countdown and the release; a consignee with no address gets 001 §9's 8-character value and no e-mail.
 */

let handle: DatabaseHandle;
let t: TestApp;
let w: BookingWorld;
let acct: AccountingWorld;
/** W1 collect and discharged, with the consignee's address; W2 prepaid and discharged, no address; W3 collect, loaded only. */
let W1: { wayBillRef: string; bookingRef: string };
let W2: { wayBillRef: string; bookingRef: string };
let W3: { wayBillRef: string; bookingRef: string };
const tokens: Record<string, string> = {};
let addressSerial = 0;

const json = (res: Response) => res.json() as Promise<any>;
const manila = (date: string, time = "09:00") => new Date(`${date}T${time}:00+08:00`);
const as = (who: string, method: string, path: string, body?: unknown) => t.call(method, `/api${path}`, { token: tokens[who], body });
const freshAddress = () => `198.51.100.${++addressSerial}`;
const openLink = (wayBillRef: string, token: string, pdf = false) =>
  t.call("GET", `/api/InBound/arrivalNotice/link/${encodeURIComponent(wayBillRef)}/${encodeURIComponent(token)}${pdf ? "/pdf" : ""}`, {
    headers: { "x-forwarded-for": freshAddress() },
  });
const NOT_FOUND = "This arrival notice was not found. Ask the line's staff to send it again.";

/** The lines of a waybill billed at the destination (C, AD), added up by hand. */
async function destinationTotal(wayBillRef: string) {
  const lines = await handle.db.select().from(waybillCharges).where(eq(waybillCharges.wayBillRef, wayBillRef));
  return formatCentavos(lines.filter((l) => ["C", "AD"].includes(l.availableTo)).reduce((s, l) => s + toCentavos(l.chargeValue), 0n));
}

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  w = await seedBookingWorld(handle.db, t, { yard: ["OUTBOUND"] });
  acct = await seedAccountingWorld(handle.db, t);
  await openYard(handle.db);
  await handle.db.insert(holidays).values(HOLIDAYS_2025.map((h) => ({ holidayDate: h.date, name: h.name, holidayType: h.holidayType, branchCode: null })));
  await handle.db.insert(companyPolicies).values([
    { code: "C0001", defaultValueDecimal: "3", dateEffective: "2025-01-01" },
    { code: "C0002", defaultValueDecimal: "5", dateEffective: "2025-01-01" },
    { code: "C0003", defaultValueDecimal: "500", dateEffective: "2025-01-01" },
    { code: "C0013", defaultValueDecimal: "1000", dateEffective: "2025-01-01" },
  ]);
  const collect = await bookingsWithVansOut(handle.db, w, 2, w.voyageNum, { ...PTP_BOOKING, modeOfPayment: "C" });
  const prepaid = await bookingsWithVansOut(handle.db, w, 1, w.voyageNum, { ...PTP_BOOKING, modeOfPayment: "P" });
  [W1, W3] = await waybillsOf(w, collect.refs);
  [W2] = await waybillsOf(w, prepaid.refs);
  await handle.db.update(bookings).set({ consigneeEmail: "receiving@lapulapu.example" }).where(eq(bookings.bookingRef, W1.bookingRef));
  await handle.db.update(bookings).set({ consigneeEmail: "" }).where(eq(bookings.bookingRef, W2.bookingRef));
  for (const ref of [W1, W2, W3]) await recordCargoStage(handle.db, ref.bookingRef, 4, manila("2025-04-12"));
  await recordCargoStage(handle.db, W1.bookingRef, 6, manila("2025-04-15"));
  await recordCargoStage(handle.db, W2.bookingRef, 6, manila("2025-04-15"));

  for (const [who, branch] of [["ceb", "CEB"], ["mnl", "MNL"]] as const) {
    await createUser(handle.db, { userId: `an-${who}`, password: "an-password-123", menus: ["INBOUND"], branches: [branch] });
    tokens[who] = await signIn(t, `an-${who}`, "an-password-123");
  }
}, 180_000);
afterAll(() => handle?.close());

describe("the vessel arrival notice", () => {
  it("lists the waybills loaded for the caller's port of call, and prints them", async () => {
    const res = await as("ceb", "GET", `/InBound/arrivalNotice/vessel/${w.voyageNum}`);
    expect(res.status).toBe(200);
    const { data } = await json(res);
    expect([data.destinationBranchCode, data.destination, data.origin]).toEqual(["CEB", "Cebu", "Manila"]);
    expect(data.lines.map((l: any) => [l.wayBillRef, l.bookingRef, l.origin, l.destination, l.cargo.startsWith("1 x ")]))
      .toEqual([W1, W2, W3].sort((a, b) => a.wayBillRef.localeCompare(b.wayBillRef)).map((r) => [r.wayBillRef, r.bookingRef, "Manila", "Cebu", true]));
    expect(Object.keys(data.lines[0]).sort()).toEqual(
      ["actualTimeDeparture", "bookingRef", "cargo", "consigneeName", "destination", "goods", "origin", "remarks", "sealNum", "shipper", "vessel", "voyage", "wayBillRef"],
    );
    // Manila's staff have no port of call on the voyage: it answers as a missing one.
    expect((await as("mnl", "GET", `/InBound/arrivalNotice/vessel/${w.voyageNum}`)).status).toBe(404);
    const wrongPort = await as("ceb", "GET", `/InBound/arrivalNotice/vessel/${w.voyageNum}?destinationBranchCode=MNL`);
    expect(wrongPort.status).toBe(400);

    const pdf = await as("ceb", "GET", `/InBound/arrivalNotice/vessel/${w.voyageNum}/print`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe(`inline; filename="VAN-${w.voyageNum}-CEB.pdf"`);
    const squeeze = (text: string) => normaliseOcr(text).replace(/ /g, "");
    const text = squeeze((await renderPdf(new Uint8Array(await pdf.arrayBuffer()))).pages.map((p) => p.text ?? "").join(" "));
    for (const expected of ["VESSEL ARRIVAL NOTICE", W1.wayBillRef, W2.wayBillRef, W3.bookingRef, "Booking Ref", "Consignee"]) expect(text).toContain(squeeze(expected));
  }, 120_000);
});

describe("the cargo arrival notice", () => {
  it("shows a collect waybill's charges with their labels, the amount payable and the storage due date from the free-time rules", async () => {
    const res = await as("ceb", "GET", `/InBound/arrivalNotice/cargo/${W1.wayBillRef}`);
    expect(res.status).toBe(200);
    const { data } = await json(res);
    const lines = await handle.db.select().from(waybillCharges).where(eq(waybillCharges.wayBillRef, W1.wayBillRef)).orderBy(asc(waybillCharges.id));
    expect(data.charges.map((c: any) => [c.chargeCode, c.particulars, c.prepaid])).toEqual(lines.map((l) => [
      l.chargeCode, ["004", "007", "008"].includes(l.chargeCode) ? "Arrastre" : l.chargeCode === "005" ? "Weighing fee" : l.particulars, false,
    ]));
    expect(data.amountPaybles).toBe(await destinationTotal(W1.wayBillRef));
    expect(Number(data.amountPaybles)).toBeGreaterThan(0);
    expect(data.storage).toEqual({ dueDate: "2025-04-22", perDay: { storage: "900.00", demurrage: "500.00", total: "1400.00" }, storageRate: "900.00", teu: "1" });
    // Storage and demurrage keep the policies in force when their clock started (2025), not the later 2026 rows.
    expect(data.terms).toEqual([
      { policyCode: "C0001", policyName: "Free storage days", value: "3 days" },
      { policyCode: "STORAGE FEE PER TEU", policyName: "Storage fee per TEU per day", value: "900.00" },
      { policyCode: "C0003", policyName: "Demurrage per day", value: "500.00" },
      // The detention clock has not started: the policies in force today (the rate book's 2026 rows) are shown.
      { policyCode: "C0002", policyName: "Free detention days", value: "7 days" },
      { policyCode: "C0013", policyName: "Detention fee per day", value: "1,200.00" },
    ]);
    // Another branch's staff: the waybill does not exist.
    const other = await as("mnl", "GET", `/InBound/arrivalNotice/cargo/${W1.wayBillRef}`);
    expect([other.status, (await expectErrorBody(other)).message]).toEqual([404, `Waybill ${W1.wayBillRef} was not found.`]);
  });

  it("shows only the amount payable on a prepaid waybill's items", async () => {
    const { data } = await json(await as("ceb", "GET", `/InBound/arrivalNotice/cargo/${W2.wayBillRef}`));
    expect(data.charges.length).toBeGreaterThan(0);
    expect(data.charges.every((c: any) => c.prepaid && c.chargeValue === null && c.payable === "0.00")).toBe(true);
    expect(data.amountPaybles).toBe("0.00");
  });

  it("prints it, a copy for staff who are not DAT, with the labels, the amount and the storage due date", async () => {
    const res = await as("ceb", "GET", `/InBound/arrivalNotice/cargo/${W1.wayBillRef}/print`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(`inline; filename="AN-${W1.wayBillRef}.pdf"`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const squeeze = (text: string) => normaliseOcr(text).replace(/ /g, "");
    const text = squeeze((await renderPdf(bytes)).pages.map((p) => p.text ?? "").join(" "));
    const { data } = await json(await as("ceb", "GET", `/InBound/arrivalNotice/cargo/${W1.wayBillRef}`));
    const amount = Number(data.amountPaybles).toLocaleString("en-US", { minimumFractionDigits: 2 });
    for (const expected of ["CARGO ARRIVAL NOTICE", W1.wayBillRef, "AMOUNT PAYABLE", amount, "Apr 22, 2025", "PHP 1,400.00", "Free storage days"]) {
      expect(text).toContain(squeeze(expected));
    }
    expect(await watermarkText(bytes, 1)).toBe("copy");
  }, 120_000);
});

describe("sending the arrival notice to the consignee", () => {
  let token = "";

  it("refuses a waybill not yet tallied off the vessel, and one of another branch", async () => {
    const res = await as("ceb", "POST", `/InBound/arrivalNotice/send/${W3.wayBillRef}`, {});
    expect(res.status).toBe(400);
    expect((await expectErrorBody(res)).message).toBe(
      `Waybill ${W3.wayBillRef} has not been tallied off the vessel yet; its arrival notice is sent after the final unloading tally sheet.`,
    );
    expect((await as("mnl", "POST", `/InBound/arrivalNotice/send/${W1.wayBillRef}`, {})).status).toBe(404);
    expect((await as("ceb", "POST", `/InBound/arrivalNotice/send/${W1.wayBillRef}`, { email: "not an address" })).status).toBe(400);
    const [{ status: w1Status }] = await handle.db.select({ status: waybills.status }).from(waybills).where(eq(waybills.wayBillRef, W1.wayBillRef));
    await handle.db.update(waybills).set({ status: "Cancelled" }).where(eq(waybills.wayBillRef, W1.wayBillRef));
    const cancelled = await as("ceb", "POST", `/InBound/arrivalNotice/send/${W1.wayBillRef}`, {});
    await handle.db.update(waybills).set({ status: w1Status }).where(eq(waybills.wayBillRef, W1.wayBillRef));
    expect(cancelled.status).toBe(400);
    expect((await expectErrorBody(cancelled)).errors.wayBillRef).toEqual([`Waybill ${W1.wayBillRef} is cancelled; there is no cargo to announce.`]);
    expect(await handle.db.select().from(arrivalNotices)).toEqual([]);
  });

  it("queues an e-mail to the consignee's address on file with a public link, recorded and audited", async () => {
    const res = await as("ceb", "POST", `/InBound/arrivalNotice/send/${W1.wayBillRef}`, {});
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.message).toBe("Arrival notice was sent to receiving@lapulapu.example");
    expect(body.data.link).toBeNull();
    expect(body.data.sent).toMatchObject({ wayBillRef: W1.wayBillRef, sentTo: "receiving@lapulapu.example", mailed: true, sentBy: "an-ceb" });
    const [mail] = await handle.db.select().from(emailOutbox).where(and(eq(emailOutbox.template, "arrivalNotice"), eq(emailOutbox.toAddress, "receiving@lapulapu.example")));
    expect(mail.subject).toBe(`Arrival notice: waybill ${W1.wayBillRef} has arrived at Cebu`);
    const found = /\/arrivalNotice\/([^/\s]+)\/([A-Za-z0-9_-]{43})/.exec(mail.textBody);
    expect(found, mail.textBody).not.toBeNull();
    expect(decodeURIComponent(found![1])).toBe(W1.wayBillRef);
    token = found![2];
    const [row] = await handle.db.select().from(arrivalNotices);
    expect(row.tokenHash).not.toContain(token);
    const audits = await handle.db.select().from(auditLog).where(eq(auditLog.action, "ARRIVAL_NOTICE_SENT"));
    expect(audits.map((a) => [a.actor, a.target])).toEqual([["an-ceb", `waybill:${W1.wayBillRef}`]]);

    const screen = await json(await as("ceb", "GET", `/InBound/arrivalNotice/voyage/${w.voyageNum}`));
    expect(screen.data.waybills.map((r: any) => [r.wayBillRef, r.sent.map((s: any) => s.sentTo)]))
      .toEqual([[W1.wayBillRef, ["receiving@lapulapu.example"]], [W2.wayBillRef, []]].sort((a, b) => String(a[0]).localeCompare(String(b[0]))));
  });

  it("records 001 §9's random 8-character value when the consignee has no address, and queues no e-mail", async () => {
    const before = (await handle.db.select().from(emailOutbox)).length;
    const res = await as("ceb", "POST", `/InBound/arrivalNotice/send/${W2.wayBillRef}`, {});
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.data.sent.mailed).toBe(false);
    expect(body.data.sent.sentTo).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(body.message).toBe(
      `The consignee has no e-mail address on file: the arrival notice was recorded under ${body.data.sent.sentTo} and no e-mail was sent. Hand the consignee the link.`,
    );
    expect(body.data.link).toMatch(new RegExp(`/arrivalNotice/${W2.wayBillRef}/[A-Za-z0-9_-]{43}$`));
    expect((await handle.db.select().from(emailOutbox)).length).toBe(before);
    // A typed address is used instead, and kept on the notice.
    const typed = await json(await as("ceb", "POST", `/InBound/arrivalNotice/send/${W2.wayBillRef}`, { email: "broker@example.test" }));
    expect([typed.data.sent.sentTo, typed.data.sent.mailed]).toEqual(["broker@example.test", true]);
  });

  it("opens the consignee's page without a sign-in: amount due, unpaid, the countdown and the release", async () => {
    const res = await openLink(W1.wayBillRef, token);
    expect(res.status).toBe(200);
    const { data } = await json(res);
    const today = manilaToday();
    expect(data.notice.amountPaybles).toBe(await destinationTotal(W1.wayBillRef));
    expect(data.payment).toEqual({ paid: false, reason: `Not invoiced yet: the destination charges of ${W1.wayBillRef} have no invoice.` });
    expect(data.countdown).toEqual({ on: today, lastFreeDay: "2025-04-22", freeDaysLeft: 0, daysOverdue: daysBetween("2025-04-22", today), isLastFreeDay: false });
    expect(data.release).toEqual({ cargorReleaseOrderId: null, croStatus: null, cleared: false, cargoStage: 6, cargoStageName: "Unloaded TallySheet Created" });

    // Paid once the Cebu cashier has collected the invoice.
    const total = data.notice.amountPaybles;
    const invoiceId = (await writeInvoice(handle.db, {
      branchCode: "CEB", payer: { code: "PHT", company: "Pacific Harbor Trading" }, wayBillRef: W1.wayBillRef, voyageNum: w.voyageNum, billedSide: "C",
      totals: { vatableSales: formatCentavos(toCentavos(total) * 100n / 112n), vatAmount: formatCentavos(toCentavos(total) - toCentavos(total) * 100n / 112n), total },
      invoiceNo: "SI-CEB-AN0001",
    })).id;
    const paid = await acct.call("ceb", "POST", "/Collections/create", {
      branchCode: "CEB", customerCode: "PHT", collectionDate: "2025-05-05", paymentMethod: "CASH", lines: [{ invoiceId, applied: total }],
    });
    expect(paid.status).toBe(201);
    const after = await json(await openLink(W1.wayBillRef, token));
    expect(after.data.payment.paid).toBe(true);

    const pdf = await openLink(W1.wayBillRef, token, true);
    expect([pdf.status, pdf.headers.get("content-type")]).toEqual([200, "application/pdf"]);
    expect(await watermarkText(new Uint8Array(await pdf.arrayBuffer()), 1)).not.toBe("copy");
  }, 120_000);

  it("answers a wrong token, a token of another waybill and a malformed one with the same 404", async () => {
    for (const [ref, tok] of [[W1.wayBillRef, "A".repeat(43)], [W2.wayBillRef, token], [W1.wayBillRef, "short"]]) {
      const res = await openLink(ref, tok);
      expect(res.status).toBe(404);
      expect((await expectErrorBody(res)).message).toBe(NOT_FOUND);
    }
  });
});
