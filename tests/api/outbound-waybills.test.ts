import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { containerCheckDigit } from "../../api/shared/container-numbers.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog, bookingProgress, charges, containerVans, containerYards, outboundCts, portRates, waybills } from "../../db/schema/index.ts";
import { makeTestApp, type TestApp } from "../support/app.ts";
import { type BookingWorld, DTD_BOOKING, PTP_BOOKING, seedBookingWorld } from "../support/bookings.ts";
import { BOOK, PORT_LANE } from "../support/sq-pricing.ts";
import { normaliseOcr, renderPdf, watermarkText } from "../support/pdf-image.ts";
import { openTestDatabase } from "../support/test-db.ts";

/**
 * Waybills (001 §3 Waybill, issue 21 items 2 and 3): issued for a booking whose van is out on a transfer slip,
 * with the charge lines of its quotation lane, billed by the side the mode of payment names, totals by side and
 * the VAT worked out once.
 */

let handle: DatabaseHandle;
let t: TestApp;
let w: BookingWorld;
let vanSerial = 500000;

const json = (res: Response) => res.json() as Promise<any>;

/** A fresh valid van number of the line, at the Manila yard. */
async function newVan(size = "20"): Promise<string> {
  const first = `LADU${String(vanSerial++).padStart(6, "0")}`;
  const code = `${first}${containerCheckDigit(first)}`;
  await handle.db.insert(containerVans).values({ code, size, vanType: "DRY", condition: "Empty", cyCode: "WBCY1" });
  return code;
}

/** `n` bookings of one batch, confirmed, their ATW issued and each van out on a transfer slip (of `vanSize` feet). */
async function bookingsWithVansOut(n: number, booking: Record<string, unknown> = PTP_BOOKING, vanSize = "20"): Promise<string[]> {
  const refs = await bookingsAtAtw(n, booking);
  for (const ref of refs) {
    const cts = await w.call("yard", "POST", "/OutBound/cts/create", {
      bookingRef: ref, containerVanNum: await newVan(vanSize), truckingCode: "TRK1", plateNum: "ABC 1234", driver: "Ramon Cruz", toParty: "Shipper", vanStatus: "Empty",
    });
    expect(cts.status, JSON.stringify(await cts.clone().json())).toBe(201);
  }
  return refs;
}

/** `n` bookings of one batch, confirmed and their ATW issued; no van out yet. */
async function bookingsAtAtw(n: number, booking: Record<string, unknown> = PTP_BOOKING): Promise<string[]> {
  const opened = await w.call("staff", "POST", "/Bookings/batch", { voyageNum: w.voyageNum, customerCode: "PHT", remarks: "", bookings: Array(n).fill(booking) });
  expect(opened.status).toBe(201);
  const batch = (await json(opened)).data;
  expect((await w.call("staff", "POST", "/Bookings/confirmBatch", { bookingBatchRef: batch.bookingBatchRef })).status).toBe(200);
  const refs = batch.bookings.map((b: any) => b.bookingRef) as string[];
  expect((await w.call("staff", "POST", "/Bookings/issueATW", { bookingRefs: refs, truckingCode: "TRK1" })).status).toBe(200);
  return refs;
}

async function create(bookingRef: string, tandemBookingRef?: string) {
  const res = await w.call("yard", "POST", "/OutBound/waybill/create", { bookingRef, ...(tandemBookingRef === undefined ? {} : { tandemBookingRef }) });
  return { status: res.status, body: await json(res) };
}

/** A quotation of PHT with these lanes, taken through the whole approval chain; answers its lanes' numbers. */
async function approvedLanes(lanes: Record<string, unknown>[]): Promise<string[]> {
  const sq = (await json(await w.call("ae", "POST", "/SalesQuotations", { customerCode: "PHT", cargoTypeCode: "BKDRY" }))).data;
  const added = await w.call("ae", "POST", "/SalesQuotationDocuments/MultipleInsertDocsWAreas", { sqRefNum: sq.sqRefNum, documents: lanes });
  expect(added.status, JSON.stringify(await added.clone().json())).toBe(201);
  for (const [who, action] of [["ae", "submit"], ["sm", "smApprove"], ["aud", "audApprove"], ["fa", "faApprove"]]) {
    expect((await w.call(who, "PUT", `/SalesQuotations/updateSqStatusWthSBMV2/${sq.id}`, { action, remarks: "" })).status).toBe(200);
  }
  return (await json(await w.call("ae", "GET", `/SalesQuotations/read/${sq.sqRefNum}`))).data.lanes.map((l: any) => l.sqdocNum);
}

async function update(wayBillRef: string, body: Record<string, unknown>) {
  const res = await w.call("yard", "PUT", `/OutBound/waybill/update/${wayBillRef}`, body);
  return { status: res.status, body: await json(res) };
}

const lines = (waybill: any) => waybill.charges.map((c: any) => [c.chargeCode, c.part, c.chargeValue, c.availableTo]);

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  w = await seedBookingWorld(handle.db, t, { yard: ["OUTBOUND"] });
  await handle.db.insert(containerYards).values({ code: "WBCY1", name: "Manila South Harbor CY", branchCode: "MNL" });
}, 120_000);
afterAll(() => handle?.close());

describe("issuing a waybill", () => {
  it("fills it from the booking and its slip, with the quotation's charges at the rates quoted, and records stage 1", async () => {
    const [ref] = await bookingsWithVansOut(1);
    const { status, body } = await create(ref);
    expect(status, JSON.stringify(body)).toBe(201);
    const year = new Date().getFullYear();
    const wb = body.data;
    expect(wb).toMatchObject({
      wayBillRef: `WB-MNL-${year}-000001`, status: "Draft", bookingRef: ref, branchCode: "MNL", destinationBranchCode: "CEB",
      shipperName: "Pacific Harbor Trading", goods: "Canned goods", packaging: "Box", quantity: 400, quantityTeu: 1, cargoWeight: "12.500",
      modeOfDelivery: "PTP", modeOfPayment: "P", truckingCode: "TRK1", plateNum: "ABC 1234", driver: "Ramon Cruz", size: "20", isSplitCharge: false,
      preparedBy: "bk-yard", actualVessel: "MV Lady of Manila", ratesApplied: "Per TEU", releaseType: "", releaseTag: "", cyIn: null, dateGrounded: null,
      shipperAreaCode: null, shipperAreaName: "", consigneeAreaName: "",
    });
    const slip = (await json(await w.call("yard", "GET", `/OutBound/cts/ofBooking/${ref}`))).data;
    expect([wb.ctsNum, wb.ctsDate]).toEqual([slip.ctsNum, slip.dateIssued]);
    expect(wb.containerVanNum).toMatch(/^LADU\d{7}$/);
    // By hand, from the rate book the port-to-port lane was quoted at (tests/support/sq-pricing.ts) for 1 TEU:
    // freight 12,500.00 per TEU (the rate from June), arrastre 1,120.00 at Manila and 980.00 at Cebu, all
    // prepaid, the booking's mode of payment.
    expect([BOOK.freightPerTeu.fromJune, BOOK.arrastreOrigin, BOOK.arrastreDestination]).toEqual(["12500.00", "1120.00", "980.00"]);
    expect(lines(wb)).toEqual([
      ["001", "FREIGHT", "12500.00", "P"],
      ["004", "PORT_ORIGIN", "1120.00", "P"],
      ["004", "PORT_DESTINATION", "980.00", "P"],
    ]);
    expect(wb.charges.map((c: any) => c.particulars)).toEqual([
      "Ocean freight, per teu, 1 x 12,500.00", "Arrastre, per teu, 1 x 1,120.00", "Arrastre, per teu, 1 x 980.00",
    ]);
    // 14,600.00 VAT included: net 14,600.00 / 1.12 = 13,035.71 (half up), VAT the remaining 1,564.29.
    expect(wb.totals).toEqual({
      prepaid: "14600.00", collect: "0.00", accountOrigin: "0.00", accountDestination: "0.00", total: "14600.00",
      vat: { vatableInclusive: "14600.00", vatableNet: "13035.71", vat: "1564.29", exempt: "0.00" },
    });
    const stages = await handle.db.select({ stage: bookingProgress.stage }).from(bookingProgress).where(eq(bookingProgress.bookingRef, ref));
    expect(stages.map((s) => s.stage).sort()).toEqual([0, 1]);
    const tracking = await json(await t.call("GET", `/api/Bookings/shipmentTracking/${ref}`));
    expect(tracking.data.stages.slice(0, 3).map((s: any) => [s.label, s.reachedAt !== null])).toEqual([
      ["Outbound CTS Issued", true], ["WayBill Issued", true], ["LoadList Created", false],
    ]);
  });

  it("is refused before the van is out, and a second time for the same booking", async () => {
    const opened = await w.call("staff", "POST", "/Bookings/batch", { voyageNum: w.voyageNum, customerCode: "PHT", remarks: "", bookings: [PTP_BOOKING] });
    const draft = (await json(opened)).data.bookings[0].bookingRef;
    expect(await create(draft)).toEqual({ status: 409, body: { message: `Booking ${draft} is Draft; its waybill is made once its van is out on a transfer slip.`, errors: { "": [] } } });
    const [ref] = await bookingsWithVansOut(1);
    const first = await create(ref);
    expect(first.status).toBe(201);
    const again = await create(ref);
    expect([again.status, again.body.message]).toEqual([409, `Booking ${ref} already has waybill ${first.body.data.wayBillRef}.`]);
  });
});

describe("an open-van lane", () => {
  it("gives the waybill the lane's open-van fee and marks it open van", async () => {
    const sq = (await json(await w.call("ae", "POST", "/SalesQuotations", { customerCode: "PHT", cargoTypeCode: "BKDRY" }))).data;
    const lanes = await w.call("ae", "POST", "/SalesQuotationDocuments/MultipleInsertDocsWAreas", { sqRefNum: sq.sqRefNum, documents: [{ ...PORT_LANE, isOpenVan: true }] });
    expect(lanes.status).toBe(201);
    for (const [who, action] of [["ae", "submit"], ["sm", "smApprove"], ["aud", "audApprove"], ["fa", "faApprove"]]) {
      expect((await w.call(who, "PUT", `/SalesQuotations/updateSqStatusWthSBMV2/${sq.id}`, { action, remarks: "" })).status).toBe(200);
    }
    const sqdocNum = (await json(await w.call("ae", "GET", `/SalesQuotations/read/${sq.sqRefNum}`))).data.lanes[0].sqdocNum;
    const [ref] = await bookingsWithVansOut(1, { ...PTP_BOOKING, sqdocNum });
    const wb = (await create(ref)).body.data;
    expect(wb.isOpenVan).toBe(true);
    // The lane's charges and the open-van fee at Manila, 1,500.00 per TEU, on the origin side.
    expect(lines(wb)).toEqual([
      ["001", "FREIGHT", "12500.00", "P"],
      ["004", "PORT_ORIGIN", "1120.00", "P"],
      ["017", "PORT_ORIGIN", "1500.00", "P"],
      ["004", "PORT_DESTINATION", "980.00", "P"],
    ]);
    expect(wb.totals.total).toBe("16100.00");
  });
});

describe("what is waiting for a waybill", () => {
  it("offers a booking whose van is out until its waybill is made, and then links the booking to it", async () => {
    const [ref] = await bookingsWithVansOut(1);
    const waiting = async () => (await json(await w.call("yard", "GET", `/OutBound/waybill/candidates?search=${ref}`))).data.map((c: any) => c.bookingRef);
    expect(await waiting()).toEqual([ref]);
    expect((await json(await w.call("yard", "GET", `/OutBound/waybill/ofBooking/${ref}`))).data).toBeNull();
    const made = (await create(ref)).body.data;
    expect(await waiting()).toEqual([]);
    expect((await json(await w.call("yard", "GET", `/OutBound/waybill/ofBooking/${ref}`))).data.wayBillRef).toBe(made.wayBillRef);
  });
});

describe("a door-to-door waybill", () => {
  it("names the door areas at both ends and their provinces, and takes the yard dates staff enter", async () => {
    const [ref] = await bookingsWithVansOut(1, DTD_BOOKING);
    const wb = (await create(ref)).body.data;
    expect(wb).toMatchObject({
      modeOfDelivery: "DTD", shipperAreaCode: "QC", shipperAreaName: "Quezon City", shipperAreaProvince: "Metro Manila", shipperAreaIsBackLoad: false,
      consigneeAreaCode: "MANDAUE", consigneeAreaName: "Mandaue", consigneeAreaProvince: "Cebu",
      shipperPickUpAddress: "12 Mindanao Ave, Bahay Toro, Quezon City, Metro Manila, 1106",
      consigneeAddress: "5 A.C. Cortes Ave, Ibabao, Mandaue City, Cebu, 6014",
    });
    const dated = await update(wb.wayBillRef, { dateModified: wb.dateModified, cyIn: "2026-11-20T03:15:00.000Z", dateGrounded: "2026-11-20" });
    expect(dated.status, JSON.stringify(dated.body)).toBe(200);
    expect([dated.body.data.cyIn, dated.body.data.dateGrounded]).toEqual(["2026-11-20T03:15:00.000Z", "2026-11-20"]);
    const bad = await update(wb.wayBillRef, { dateModified: dated.body.data.dateModified, dateGrounded: "2026-02-30" });
    expect([bad.status, bad.body.errors.dateGrounded]).toEqual([400, ["dateGrounded is not a real date"]]);
    // Dangerous cargo says its IMDG class and UN number, or is refused and nothing changes.
    const unnamed = await update(wb.wayBillRef, { dateModified: dated.body.data.dateModified, isDangerousCargo: true });
    expect([unnamed.status, unnamed.body.message, unnamed.body.errors.imdgClass]).toEqual([400, "Dangerous cargo needs its IMDG class.", ["Dangerous cargo needs its IMDG class."]]);
    const named = await update(wb.wayBillRef, { dateModified: dated.body.data.dateModified, isDangerousCargo: true, imdgClass: "2.1", unNumber: "1075" });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect([named.body.data.isDangerousCargo, named.body.data.imdgClass, named.body.data.unNumber]).toEqual([true, "2.1", "1075"]);
  });
});

describe("changing a Draft waybill", () => {
  it("moves the destination parts to the collect side when the charges are split, and back", async () => {
    const [ref] = await bookingsWithVansOut(1);
    const wb = (await create(ref)).body.data;
    const split = await update(wb.wayBillRef, { dateModified: wb.dateModified, isSplitCharge: true });
    expect(split.status, JSON.stringify(split.body)).toBe(200);
    expect(lines(split.body.data)).toEqual([
      ["001", "FREIGHT", "12500.00", "P"],
      ["004", "PORT_ORIGIN", "1120.00", "P"],
      ["004", "PORT_DESTINATION", "980.00", "C"],
    ]);
    // Origin side 12,500.00 + 1,120.00; destination side 980.00.
    expect(split.body.data.totals).toMatchObject({ prepaid: "13620.00", collect: "980.00", total: "14600.00" });
    const back = await update(wb.wayBillRef, { dateModified: split.body.data.dateModified, isSplitCharge: false });
    expect(back.body.data.totals).toMatchObject({ prepaid: "14600.00", collect: "0.00" });
    // The moves of money are in the audit log, before and after.
    const audit = await handle.db.select().from(auditLog).where(eq(auditLog.target, `waybill:${wb.wayBillRef}`)).orderBy(asc(auditLog.id));
    expect(audit.map((a) => a.action)).toEqual(["WAYBILL_CHARGES_CHANGED", "WAYBILL_CHARGES_CHANGED"]);
    expect(audit[0].detail).toEqual({
      before: { "004 PORT_DESTINATION": { availableTo: "P" } },
      after: { "004 PORT_DESTINATION": { availableTo: "C" } },
    });
  });

  it("prices an added line by the waybill's quantity in its unit and refuses a charge twice for the same part", async () => {
    const [ref] = await bookingsWithVansOut(1, { ...PTP_BOOKING, modeOfPayment: "AO" });
    const wb = (await create(ref)).body.data;
    const keep = wb.charges.map((c: any) => ({ chargeCode: c.chargeCode, part: c.part, rateUnit: c.rateUnit, rate: c.rate }));
    const twice = await update(wb.wayBillRef, { dateModified: wb.dateModified, charges: [...keep, keep[0]] });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe("Charge 001 is on this waybill twice for FREIGHT; a charge may appear once.");
    const added = await update(wb.wayBillRef, {
      dateModified: wb.dateModified, isSplitCharge: true, charges: [...keep, { chargeCode: "017", part: "OTHER", rateUnit: "perTeu", rate: BOOK.openVanFee }],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(lines(added.body.data)).toEqual([
      ["001", "FREIGHT", "12500.00", "AO"],
      ["004", "PORT_ORIGIN", "1120.00", "AO"],
      ["004", "PORT_DESTINATION", "980.00", "AD"],
      ["017", "OTHER", "1500.00", "AO"],
    ]);
    // The open van fee, 1,500.00 per TEU x 1 TEU, on the origin side with freight: 12,500.00 + 1,120.00 + 1,500.00.
    expect(added.body.data.totals).toMatchObject({ prepaid: "0.00", accountOrigin: "15120.00", accountDestination: "980.00", total: "16100.00" });
    const unknown = await update(wb.wayBillRef, { dateModified: added.body.data.dateModified, charges: [{ chargeCode: "XYZ", part: "OTHER", rateUnit: "perTeu", rate: "10" }] });
    expect([unknown.status, unknown.body.message]).toEqual([400, "Charge XYZ is not an active charge of the charge master."]);
  });

  it("refuses a stale copy and any change once the waybill is past Draft, and changes nothing", async () => {
    const [ref] = await bookingsWithVansOut(1);
    const wb = (await create(ref)).body.data;
    const stale = await update(wb.wayBillRef, { dateModified: new Date(Date.parse(wb.dateModified) - 1000).toISOString(), sealNum: "S-1" });
    expect([stale.status, stale.body.message]).toEqual([409, "This waybill was changed by someone else after you opened it. Reload it and try again."]);
    // The load list (next) moves a waybill past Draft; here it is put there directly.
    await handle.db.update(waybills).set({ status: "On Load List" }).where(eq(waybills.wayBillRef, wb.wayBillRef));
    const late = await update(wb.wayBillRef, { dateModified: wb.dateModified, sealNum: "S-2" });
    expect([late.status, late.body.message]).toEqual([409, `Waybill ${wb.wayBillRef} is On Load List; a waybill can be changed only while it is Draft.`]);
    const [row] = await handle.db.select({ sealNum: waybills.sealNum }).from(waybills).where(eq(waybills.wayBillRef, wb.wayBillRef));
    expect(row.sealNum).toBe("");
  });
});

describe("the waybill list", () => {
  it("pages 20 at a time, filters by voyage and status, and searches", async () => {
    const page = await json(await w.call("yard", "POST", "/OutBound/waybill/load", { voyageNum: w.voyageNum }));
    expect(page.total).toBeGreaterThanOrEqual(5);
    expect(page.data.length).toBe(Math.min(20, page.total));
    const onList = await json(await w.call("yard", "POST", "/OutBound/waybill/load", { status: "On Load List" }));
    expect(onList.data.map((r: any) => r.status)).toEqual(["On Load List"]);
    const none = await json(await w.call("yard", "POST", "/OutBound/waybill/load", { search: "no such waybill" }));
    expect(none).toEqual({ data: [], total: 0, message: "No more data to load" });
    expect((await w.call("staff", "POST", "/OutBound/waybill/load", {})).status).toBe(403);
  });
});

describe("many waybills at once", () => {
  it("numbers 200 waybills issued at once on one branch without a gap or a repeat", async () => {
    const refs = [...await bookingsWithVansOut(100), ...await bookingsWithVansOut(100)];
    const answers = await Promise.all(refs.map((ref) => create(ref)));
    expect(answers.filter((a) => a.status !== 201).map((a) => a.body.message)).toEqual([]);
    const numbers = answers.map((a) => Number(a.body.data.wayBillRef.slice(-6))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(200);
    expect(numbers).toEqual(Array.from({ length: 200 }, (_, i) => numbers[0] + i));
  }, 600_000);
});

describe("the printed waybills", () => {
  it("prints the waybill with its charges and totals, and the trucker's waybill on legal and letter paper without amounts", async () => {
    const [ref] = await bookingsWithVansOut(1);
    const wb = (await create(ref)).body.data;
    const fetchPdf = async (path: string) => {
      const res = await w.call("yard", "GET", path);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      return { name: res.headers.get("content-disposition"), bytes: new Uint8Array(await res.arrayBuffer()) };
    };
    const squeeze = (text: string) => normaliseOcr(text).replace(/ /g, "");
    const read = async (bytes: Uint8Array) => {
      const pdf = await renderPdf(bytes, { pageSegmentation: 4 });
      return { pdf, text: squeeze(pdf.pages.map((p) => p.text ?? "").join(" ")) };
    };

    const waybill = await fetchPdf(`/OutBound/waybill/print/${wb.wayBillRef}`);
    expect(waybill.name).toBe(`inline; filename="${wb.wayBillRef}.pdf"`);
    const { text } = await read(waybill.bytes);
    for (const expected of [wb.wayBillRef, wb.containerVanNum, "Pacific Harbor Trading", "12,500.00", "1,120.00", "980.00", "14,600.00", "13,035.71", "1,564.29"]) {
      expect(text).toContain(squeeze(expected));
    }
    expect(await watermarkText(waybill.bytes, 1)).toBe("copy");

    const legal = await fetchPdf(`/OutBound/waybill/printTrucker/${wb.wayBillRef}?layout=legal`);
    const letter = await fetchPdf(`/OutBound/waybill/printTrucker/${wb.wayBillRef}?layout=letter`);
    expect(legal.name).toBe(`inline; filename="${wb.wayBillRef}-trucker.pdf"`);
    const legalRead = await read(legal.bytes);
    const letterRead = await read(letter.bytes);
    // 8.5 x 14 inches and 8.5 x 11 inches, rendered at 200 dpi.
    expect([legalRead.pdf.pages[0].width, legalRead.pdf.pages[0].height]).toEqual([1700, 2800]);
    expect([letterRead.pdf.pages[0].width, letterRead.pdf.pages[0].height]).toEqual([1700, 2200]);
    for (const { text: trucker } of [legalRead, letterRead]) {
      // Courier at 10 pt: the van number's letters read unreliably, so the checks keep to the other fields.
      for (const expected of ["TRUCKERS WAYBILL", wb.wayBillRef, "Northline Haulers", "ABC 1234", "Ramon Cruz"]) expect(trucker).toContain(squeeze(expected));
      expect(trucker).not.toContain(squeeze("12,500.00"));
    }
    const bad = await w.call("yard", "GET", `/OutBound/waybill/printTrucker/${wb.wayBillRef}?layout=a4`);
    const refusal = await json(bad);
    expect([bad.status, refusal.message, refusal.errors.layout]).toEqual([400, "Please correct the invalid fields.", ["layout must be legal or letter"]]);
  }, 120_000);
});

describe("permit and van-out fees", () => {
  let sqdocNum = "";
  beforeAll(async () => {
    // The permit fee (016, VAT-exempt) and the van-out fees of both ends, priced at the ports of the lane.
    await handle.db.insert(charges).values([
      { code: "016", name: "Permit fee", category: "OTHER", chargeClass: "ORIGIN", unitOfMeasure: "perTeu", effectiveDateBasis: "SQ_DATE", isPermitFee: true, isVatable: false },
      { code: "020", name: "Van out", category: "OTHER", chargeClass: "ORIGIN", unitOfMeasure: "perTeu", effectiveDateBasis: "SQ_DATE", isVanOut: true },
      { code: "VOFD", name: "Van out for delivery", category: "OTHER", chargeClass: "DESTINATION", unitOfMeasure: "perTeu", effectiveDateBasis: "SQ_DATE", isVanOut: true },
    ]);
    await handle.db.insert(portRates).values([
      { chargeCode: "016", branchCode: "MNL", portCode: "PMNL", dateEffective: "2026-01-01", stdRateWvat: "750.00" },
      { chargeCode: "020", branchCode: "MNL", portCode: "PMNL", dateEffective: "2026-01-01", stdRateWvat: "2500.00" },
      { chargeCode: "VOFD", branchCode: "CEB", portCode: "PCEB", dateEffective: "2026-01-01", stdRateWvat: "2300.00" },
    ]);
    [sqdocNum] = await approvedLanes([PORT_LANE]);
  });

  const codes = (waybill: any) => lines(waybill).map((l: string[]) => l.slice(0, 3));

  it("bills a van-out fee only at the end where the booking sends the van out on its own", async () => {
    const [outAtOrigin] = await bookingsWithVansOut(1, { ...PTP_BOOKING, sqdocNum, originHandling: "VAN OUT" });
    const [outAtBoth] = await bookingsWithVansOut(1, { ...PTP_BOOKING, sqdocNum, originHandling: "VAN OUT", destinationHandling: "VAN OUT" });
    const one = (await create(outAtOrigin)).body.data;
    expect(one.remarks).toBe("VAN OUT AT ORIGIN / STRIPPING AT DESTINATION");
    // Freight 12,500.00, arrastre 1,120.00 and the van out of Manila 2,500.00, arrastre 980.00 at Cebu; no permit fee.
    expect(codes(one)).toEqual([
      ["001", "FREIGHT", "12500.00"], ["004", "PORT_ORIGIN", "1120.00"], ["020", "PORT_ORIGIN", "2500.00"], ["004", "PORT_DESTINATION", "980.00"],
    ]);
    expect(one.totals.total).toBe("17100.00");
    const both = (await create(outAtBoth)).body.data;
    // The van out at Cebu too, 2,300.00: 17,100.00 + 2,300.00.
    expect(codes(both)).toEqual([
      ["001", "FREIGHT", "12500.00"], ["004", "PORT_ORIGIN", "1120.00"], ["020", "PORT_ORIGIN", "2500.00"], ["004", "PORT_DESTINATION", "980.00"],
      ["VOFD", "PORT_DESTINATION", "2300.00"],
    ]);
    expect(both.totals.total).toBe("19400.00");
    const [stuffed] = await bookingsWithVansOut(1, { ...PTP_BOOKING, sqdocNum });
    expect(codes((await create(stuffed)).body.data).map((l: string[]) => l[0])).not.toContain("020");
  });

  it("brings the lane's permit fee in when the cargo travels with a permit, at its quoted rate, and takes it out again", async () => {
    const [ref] = await bookingsWithVansOut(1, { ...PTP_BOOKING, sqdocNum, originHandling: "VAN OUT" });
    const wb = (await create(ref)).body.data;
    const permitted = await update(wb.wayBillRef, { dateModified: wb.dateModified, isWithPermit: true });
    expect(permitted.status, JSON.stringify(permitted.body)).toBe(200);
    expect(codes(permitted.body.data)).toEqual([
      ["001", "FREIGHT", "12500.00"], ["004", "PORT_ORIGIN", "1120.00"], ["020", "PORT_ORIGIN", "2500.00"], ["004", "PORT_DESTINATION", "980.00"],
      ["016", "PORT_ORIGIN", "750.00"],
    ]);
    expect(permitted.body.data.charges.find((c: any) => c.chargeCode === "016")).toMatchObject({ source: "SQ", isVatable: false, availableTo: "P" });
    // 17,100.00 VATable and the 750.00 permit fee exempt: 17,850.00; net 17,100.00 / 1.12 = 15,267.86, VAT 1,832.14.
    expect(permitted.body.data.totals).toEqual({
      prepaid: "17850.00", collect: "0.00", accountOrigin: "0.00", accountDestination: "0.00", total: "17850.00",
      vat: { vatableInclusive: "17100.00", vatableNet: "15267.86", vat: "1832.14", exempt: "750.00" },
    });
    const audit = await handle.db.select().from(auditLog).where(eq(auditLog.target, `waybill:${wb.wayBillRef}`)).orderBy(asc(auditLog.id));
    expect(audit.map((a) => a.detail)).toEqual([{ before: { "016 PORT_ORIGIN": null }, after: { "016 PORT_ORIGIN": { rate: "750.00", quantity: "1", chargeValue: "750.00", availableTo: "P" } } }]);
    const plain = await update(wb.wayBillRef, { dateModified: permitted.body.data.dateModified, isWithPermit: false });
    expect(codes(plain.body.data).map((l: string[]) => l[0])).toEqual(["001", "004", "020", "004"]);
    expect(plain.body.data.totals.total).toBe("17100.00");
  });
});

describe("the insurance premium", () => {
  it("is worked out from the declared value, up to C0004 a TEU, at C0005, and follows a change of the declared value", async () => {
    const [ref] = await bookingsWithVansOut(1, DTD_BOOKING);
    const wb = (await create(ref)).body.data;
    expect(wb.insurance).toEqual({ insuredValuePerTeu: BOOK.insuredValuePerTeu, rate: BOOK.insuranceRate });
    // 250,000.00 declared on one TEU is insured for the 100,000.00 cover: 100,000.00 x 0.25% = 250.00.
    const premium = (w: any) => w.charges.find((c: any) => c.chargeCode === "INS");
    expect(premium(wb)).toMatchObject({ part: "FREIGHT", chargeValue: "250.00", particulars: "Insurance premium, 0.25% of 100,000.00", isInsurancePremium: true });
    expect(wb.insurancePremium).toBe("250.00");
    const lower = await update(wb.wayBillRef, { dateModified: wb.dateModified, declaredValue: "60000" });
    expect(lower.status, JSON.stringify(lower.body)).toBe(200);
    // 60,000.00 declared: 60,000.00 x 0.25% = 150.00; the total 100.00 less.
    expect(premium(lower.body.data)).toMatchObject({ chargeValue: "150.00", particulars: "Insurance premium, 0.25% of 60,000.00" });
    expect(lower.body.data.insurancePremium).toBe("150.00");
    expect(Number(wb.totals.total) - Number(lower.body.data.totals.total)).toBe(100);
    const audit = await handle.db.select().from(auditLog).where(eq(auditLog.target, `waybill:${wb.wayBillRef}`));
    expect(audit.map((a) => a.detail)).toEqual([{ before: { "INS FREIGHT": { chargeValue: "250.00" } }, after: { "INS FREIGHT": { chargeValue: "150.00" } } }]);
  });
});

describe("a tandem waybill", () => {
  let tandemLane = "";
  /** Door to pier from Quezon City on a tandem lane: trucking at the tandem rate, 3,800.00 a TEU. */
  const tandemBooking = () => ({
    ...PTP_BOOKING, modeOfDelivery: "DTP", isTandem: true, sqdocNum: tandemLane, pickUpAreaCode: "QC",
    pickUpAddress: { street: "12 Mindanao Ave", barangay: "Bahay Toro", city: "Quezon City", province: "Metro Manila", zipCode: "1106" },
  });
  beforeAll(async () => {
    [tandemLane] = await approvedLanes([{ ...PORT_LANE, serviceModeCode: "DTP", originAreaCode: "QC", isTandem: true }]);
  });

  const refusal = async (bookingRef: string, partner: string) => {
    const res = await create(bookingRef, partner);
    expect(res.body.errors.tandemBookingRef, JSON.stringify(res.body)).toEqual([res.body.message]);
    return [res.status, res.body.message];
  };

  it("refuses, naming the field, a partner that does not qualify, and changes nothing", async () => {
    const [main, other] = await bookingsWithVansOut(2, tandemBooking());
    const [portToPort] = await bookingsWithVansOut(1);
    const [waiting] = await bookingsAtAtw(1, tandemBooking());
    const [big] = await bookingsWithVansOut(1, tandemBooking(), "40");
    expect(await refusal(main, "BK-NO-SUCH")).toEqual([400, "Booking BK-NO-SUCH was not found."]);
    expect(await refusal(main, main)).toEqual([400, "A booking cannot be paired with itself; name the other booking of the tandem."]);
    expect(await refusal(main, waiting)).toEqual([400, `Booking ${waiting} is ATW Issued; only a booking whose van is out on a transfer slip can be paired.`]);
    expect(await refusal(main, portToPort)).toEqual([400, `Booking ${portToPort} is not on tandem lane ${tandemLane}; a tandem pair is priced on one tandem lane.`]);
    expect(await refusal(portToPort, main)).toEqual([400, `Booking ${portToPort} is not on a tandem lane; only a tandem lane's waybill pairs two vans.`]);
    const bigVan = (await json(await w.call("yard", "GET", `/OutBound/cts/ofBooking/${big}`))).data.containerVanNum;
    expect(await refusal(main, big)).toEqual([400, `Van ${bigVan} of booking ${big} is not a 20' van of one TEU; a tandem pairs two 20' vans.`]);
    const own = (await create(other)).body.data;
    expect(await refusal(main, other)).toEqual([409, `Booking ${other} is already on waybill ${own.wayBillRef}.`]);
    // None of it made a waybill or reached stage 1.
    expect((await json(await w.call("yard", "GET", `/OutBound/waybill/ofBooking/${main}`))).data).toBeNull();
    const stages = await handle.db.select({ stage: bookingProgress.stage }).from(bookingProgress).where(eq(bookingProgress.bookingRef, main));
    expect(stages.map((s) => s.stage)).toEqual([0]);
  });

  it("carries the 20' vans of both bookings at the tandem rates, both bookings on it and stage 1 recorded for each", async () => {
    const [main, partner] = await bookingsWithVansOut(2, tandemBooking());
    const slipOf = async (ref: string) => (await json(await w.call("yard", "GET", `/OutBound/cts/ofBooking/${ref}`))).data;
    const [mainSlip, partnerSlip] = [await slipOf(main), await slipOf(partner)];
    const made = await create(main, partner);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const wb = made.body.data;
    expect(wb).toMatchObject({
      bookingRef: main, ctsNum: mainSlip.ctsNum, containerVanNum: mainSlip.containerVanNum,
      tandemBookingRef: partner, tandemCtsNum: partnerSlip.ctsNum, tandemContainerVanNum: partnerSlip.containerVanNum,
      isTandem: true, size: "20", quantityTeu: 2, quantity: 800, cargoWeight: "25.000", declaredValue: "500000.00",
      modeOfDelivery: "DTP", remarks: "STUFFING MANO AT ORIGIN / TANDEM",
    });
    // Each booking's lane lines on two TEU: freight 2 x 12,500.00, arrastre 2 x 1,120.00 and 2 x 980.00, and the
    // trucking from Quezon City at the tandem rate, 2 x 3,800.00: 25,000.00 + 2,240.00 + 1,960.00 + 7,600.00 = 36,800.00.
    expect(lines(wb)).toEqual([
      ["001", "FREIGHT", "25000.00", "P"],
      ["004", "PORT_ORIGIN", "2240.00", "P"],
      ["004", "PORT_DESTINATION", "1960.00", "P"],
      ["006", "TRUCKING_ORIGIN", "7600.00", "P"],
    ]);
    expect(wb.charges.find((c: any) => c.chargeCode === "006").particulars).toBe("Trucking tariff, per teu, 2 x 3,800.00");
    expect(wb.totals.total).toBe("36800.00");
    for (const ref of [main, partner]) {
      expect((await json(await w.call("yard", "GET", `/OutBound/waybill/ofBooking/${ref}`))).data.wayBillRef).toBe(wb.wayBillRef);
      const stages = await handle.db.select({ stage: bookingProgress.stage }).from(bookingProgress).where(eq(bookingProgress.bookingRef, ref));
      expect(stages.map((s) => s.stage).sort()).toEqual([0, 1]);
    }
    const waiting = (await json(await w.call("yard", "GET", `/OutBound/waybill/candidates?search=${partner}`))).data;
    expect(waiting).toEqual([]);
    const again = await create(partner);
    expect([again.status, again.body.message]).toEqual([409, `Booking ${partner} already has waybill ${wb.wayBillRef}.`]);
    // The list finds it by either van.
    const found = await json(await w.call("yard", "POST", "/OutBound/waybill/load", { search: partnerSlip.containerVanNum }));
    expect(found.data.map((r: any) => r.wayBillRef)).toEqual([wb.wayBillRef]);

    // A pair stays tandem, and neither slip is cancelled while the waybill stands.
    const untick = await update(wb.wayBillRef, { dateModified: wb.dateModified, isTandem: false });
    expect([untick.status, untick.body.errors.isTandem]).toEqual([400, [
      `Waybill ${wb.wayBillRef} carries the vans of bookings ${main} and ${partner} on one trailer; it stays tandem.`,
    ]]);
    for (const slip of [mainSlip, partnerSlip]) {
      const cancel = await w.call("yard", "PUT", `/OutBound/cts/cancel/${slip.ctsNum}`, { dateModified: slip.dateModified });
      expect([cancel.status, (await json(cancel)).message]).toEqual([
        409, `Van ${slip.containerVanNum} of transfer slip ${slip.ctsNum} is on waybill ${wb.wayBillRef}; the slip cannot be cancelled while the waybill stands.`,
      ]);
    }
    const [row] = await handle.db.select({ status: outboundCts.status }).from(outboundCts).where(eq(outboundCts.ctsNum, partnerSlip.ctsNum));
    expect(row.status).toBe("Issued");

    // Both vans and both bookings on the printed waybill.
    const res = await w.call("yard", "GET", `/OutBound/waybill/print/${wb.wayBillRef}`);
    expect(res.status).toBe(200);
    const pdf = await renderPdf(new Uint8Array(await res.arrayBuffer()), { pageSegmentation: 4 });
    const text = normaliseOcr(pdf.pages.map((p) => p.text ?? "").join(" ")).replace(/ /g, "");
    for (const expected of [`tandem booking ${partner}`, `van no. ${mainSlip.containerVanNum}`, `tandem van ${partnerSlip.containerVanNum}`, "36,800.00"]) {
      expect(text).toContain(normaliseOcr(expected).replace(/ /g, ""));
    }
  }, 60_000);

  it("puts a booking on one waybill only when two clerks pair it at once", async () => {
    const [a, b] = await bookingsWithVansOut(2, tandemBooking());
    const answers = await Promise.all([create(a, b), create(b)]);
    expect(answers.map((x) => x.status).sort()).toEqual([201, 409]);
    const onIt = await handle.db.select({ ref: waybills.wayBillRef }).from(waybills)
      .where(sql`${waybills.bookingRef} in (${a}, ${b}) or ${waybills.tandemBookingRef} in (${a}, ${b})`);
    expect(onIt.length).toBe(1);
  });
});

describe("the lane's conditional charges", () => {
  it("bills stuffing when the van is stuffed, a stripping charge for the stripping type chosen, and the dangerous-cargo fee for dangerous cargo only", async () => {
    // Port rates for a CY stuffing at Manila, a CY stripping by area at Cebu and a dangerous-cargo fee at Manila; a new
    // quotation's lane takes them all, and the waybill picks those that apply.
    await handle.db.insert(charges).values([
      { code: "009", name: "CY stuffing", category: "STRIPPING_STUFFING", chargeClass: "ORIGIN", unitOfMeasure: "perTeu", effectiveDateBasis: "SQ_DATE", isStrippingStuffingCharge: true },
      { code: "010", name: "CY stripping", category: "STRIPPING_STUFFING", chargeClass: "DESTINATION", unitOfMeasure: "perTeu", effectiveDateBasis: "SQ_DATE", isStrippingStuffingCharge: true, strippingType: "010" },
      { code: "014", name: "Dangerous cargo fee", category: "PORT", chargeClass: "ORIGIN", unitOfMeasure: "perTeu", effectiveDateBasis: "SQ_DATE", isDangerousCargo: true },
    ]);
    await handle.db.insert(portRates).values([
      { chargeCode: "009", branchCode: "MNL", portCode: "PMNL", dateEffective: "2026-01-01", stdRateWvat: "1800.00" },
      { chargeCode: "010", branchCode: "CEB", portCode: "PCEB", dateEffective: "2026-01-01", stdRateWvat: "1650.00" },
      { chargeCode: "014", branchCode: "MNL", portCode: "PMNL", dateEffective: "2026-01-01", stdRateWvat: "2500.00" },
    ]);
    const sq = (await json(await w.call("ae", "POST", "/SalesQuotations", { customerCode: "PHT", cargoTypeCode: "BKDRY" }))).data;
    expect((await w.call("ae", "POST", "/SalesQuotationDocuments/MultipleInsertDocsWAreas", { sqRefNum: sq.sqRefNum, documents: [PORT_LANE] })).status).toBe(201);
    for (const [who, action] of [["ae", "submit"], ["sm", "smApprove"], ["aud", "audApprove"], ["fa", "faApprove"]]) {
      expect((await w.call(who, "PUT", `/SalesQuotations/updateSqStatusWthSBMV2/${sq.id}`, { action, remarks: "" })).status).toBe(200);
    }
    const sqdocNum = (await json(await w.call("ae", "GET", `/SalesQuotations/read/${sq.sqRefNum}`))).data.lanes[0].sqdocNum;
    const [ref] = await bookingsWithVansOut(1, { ...PTP_BOOKING, sqdocNum });
    const wb = (await create(ref)).body.data;
    // Port to port, stuffed at the origin yard by default: stuffing in, stripping and dangerous cargo out.
    expect(wb.isStuffing).toBe(true);
    expect(lines(wb).map((l: string[]) => l.slice(0, 3))).toEqual([
      ["001", "FREIGHT", "12500.00"], ["004", "PORT_ORIGIN", "1120.00"], ["009", "PORT_ORIGIN", "1800.00"], ["004", "PORT_DESTINATION", "980.00"],
    ]);
    const stripped = await update(wb.wayBillRef, { dateModified: wb.dateModified, strippingType: "010" });
    expect(lines(stripped.body.data).map((l: string[]) => l.slice(0, 3))).toEqual([
      ["001", "FREIGHT", "12500.00"], ["004", "PORT_ORIGIN", "1120.00"], ["009", "PORT_ORIGIN", "1800.00"], ["004", "PORT_DESTINATION", "980.00"],
      ["010", "PORT_DESTINATION", "1650.00"],
    ]);
    const dangerous = await update(wb.wayBillRef, { dateModified: stripped.body.data.dateModified, isDangerousCargo: true, imdgClass: "3", unNumber: "1203" });
    expect(lines(dangerous.body.data).map((l: string[]) => l[0])).toEqual(["001", "004", "009", "004", "010", "014"]);
    expect(dangerous.body.data.charges.find((c: any) => c.chargeCode === "014")).toMatchObject({ part: "PORT_ORIGIN", chargeValue: "2500.00", source: "SQ" });
    const plain = await update(wb.wayBillRef, { dateModified: dangerous.body.data.dateModified, isDangerousCargo: false, isStuffing: false, strippingType: null });
    expect(lines(plain.body.data).map((l: string[]) => l[0])).toEqual(["001", "004", "004"]);
    expect(plain.body.data.totals.total).toBe("14600.00");
  });
});
