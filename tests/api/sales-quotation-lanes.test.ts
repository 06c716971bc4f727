import { and, eq } from "drizzle-orm";
import * as XLSX from "xlsx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { areas, branches, cargoTypes, chargeServicesMatrices, companyPolicies, salesQuotations, truckingRates, userBranches } from "../../db/schema/index.ts";
import { createRole, createUser, expectErrorBody, type Grant, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { BOOK, DOOR_LANE, PORT_LANE, seedRateBook } from "../support/sq-pricing.ts";
import { openTestDatabase } from "../support/test-db.ts";

/**
 * Lanes, their charges from the rate tables, terms, amendment, deactivation, archive, memorandum and the
 * downloads of a quotation. Every expected amount is worked out by hand from the rate book in sq-pricing.ts.
 */

let handle: DatabaseHandle;
let t: TestApp;
const tokens: Record<string, string> = {};
const json = (res: Response) => res.json() as Promise<any>;
const as = (who: string, method: string, path: string, body?: unknown) => t.call(method, `/api${path}`, { token: tokens[who], body });
const price = async (lane: Record<string, unknown>, sqDate = "2026-06-15") => {
  const res = await as("ae", "POST", "/SalesQuotations/generateChargeWithTandemRates", { cargoTypeCode: "DRY", sqDate, ...lane });
  return { status: res.status, body: await json(res) };
};
const charge = (charges: any[], code: string, part: string) => {
  const found = charges.find((c) => c.chargeCode === code && c.chargePart === part);
  if (!found) throw new Error(`no ${code} ${part} among ${charges.map((c) => `${c.chargeCode} ${c.chargePart}`).join(", ")}`);
  return found;
};
const draft = async (who = "ae", sqDate = "2026-06-15") => {
  const res = await as(who, "POST", "/SalesQuotations", { customerCode: "PHT", cargoTypeCode: "DRY", sqDate, branchCode: "MNL" });
  expect(res.status).toBe(201);
  return (await json(res)).data;
};
const addLanes = (sqRefNum: string, documents: unknown[], who = "ae") =>
  as(who, "POST", "/SalesQuotationDocuments/MultipleInsertDocsWAreas", { sqRefNum, documents });
const step = (who: string, id: number, action: string, remarks = "") =>
  as(who, "PUT", `/SalesQuotations/updateSqStatusWthSBMV2/${id}`, { action, remarks });
const approved = async () => {
  const q = await draft();
  expect((await addLanes(q.sqRefNum, [PORT_LANE])).status).toBe(201);
  for (const [who, action] of [["ae", "submit"], ["sm", "smApprove"], ["aud", "audApprove"], ["fa", "faApprove"]]) {
    expect((await step(who, q.id, action)).status, `${who} ${action}`).toBe(200);
  }
  return q;
};

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  const db = handle.db;
  await seedRateBook(db);
  await db.insert(areas).values({ code: "LAPU", name: "Lapu-Lapu", branchCode: "CEB", portCode: "PCEB", province: "Cebu", city: "Lapu-Lapu" });
  await db.insert(truckingRates).values({
    chargeCode: "006", areaCode: "LAPU", portCode: "PCEB", branchCode: "CEB", dateEffective: "2026-01-01", stdRateWvat: "4800.00", stdRateTandemRates: "4000.00",
  });
  const roles: [string, Grant[]][] = [
    ["ae", ["SALESQUOTATION", "SQ_AE"]], ["ae2", ["SALESQUOTATION", "SQ_AE"]], ["sm", ["SALESQUOTATION", "SQ_SM"]],
    ["aud", ["SALESQUOTATION", "SQ_AUD"]], ["fa", ["SALESQUOTATION", "SQ_FA"]], ["sbm", ["SALESQUOTATION", "SQ_SBM"]],
    ["viewer", ["SALESQUOTATION", "SQ_APPROVED_VIEWER"]], ["booker", ["VOYAGE"]],
  ];
  const [mnl] = await db.select().from(branches).where(eq(branches.code, "MNL"));
  for (const [who, grants] of roles) {
    const role = await createRole(db, grants);
    const user = await createUser(db, { userId: `ln-${who}`, password: "ln-password-123", roleKey: role.id });
    await db.insert(userBranches).values({ userKey: user.id, branchId: mnl.id, defaultBranch: true });
    tokens[who] = await signIn(t, `ln-${who}`, "ln-password-123");
  }
});
afterAll(() => handle?.close());

describe("charges from the rate tables", () => {
  it("prices each rate unit on the lane's quantity at the rates in force on the quotation date", async () => {
    const { status, body } = await price({ ...PORT_LANE, teu: 2, bags: 40, tons: "12.5" });
    expect(status).toBe(200);
    const c = body.data.charges;
    // Per TEU: the June freight rate, 12,500.00 × 2.
    expect(charge(c, "001", "FREIGHT")).toMatchObject({ rateUnit: "perTeu", quantity: "2", standardRate: "12500.00", amount: "25000.00", source: "FREIGHT_RATE" });
    // Per TON: 1,850.50 × 12.5 = 23,131.25.
    expect(charge(c, "003", "FREIGHT")).toMatchObject({ rateUnit: "perTon", quantity: "12.5", amount: "23131.25" });
    // Arrastre at both ends (class BOTH): 1,120 × 2 and 980 × 2.
    expect(charge(c, "004", "PORT_ORIGIN").amount).toBe("2240.00");
    expect(charge(c, "004", "PORT_DESTINATION").amount).toBe("1960.00");
    // Per BAG, destination only: 35.75 × 40 = 1,430.00.
    expect(charge(c, "005", "PORT_DESTINATION")).toMatchObject({ rateUnit: "perBag", quantity: "40", amount: "1430.00" });
    expect(c.some((x: any) => x.chargeCode === "005" && x.chargePart === "PORT_ORIGIN")).toBe(false);
    // No open-van fee on a closed van, no trucking port to port.
    expect(c.map((x: any) => x.chargeCode)).not.toContain("017");
    expect(c.map((x: any) => x.chargeCode)).not.toContain("006");
    expect(body.data.total).toBe("53761.25");
    expect(body.data.standardTotal).toBe("53761.25");
  });

  it("takes the rate that was in force on an earlier quotation date", async () => {
    const { body } = await price({ ...PORT_LANE, teu: 2 }, "2026-05-31");
    expect(charge(body.data.charges, "001", "FREIGHT")).toMatchObject({ standardRate: BOOK.freightPerTeu.before, amount: "20000.00" });
  });

  it("trucks each door end: the standard rate from a plain area, the back-load rate from a back-load area", async () => {
    const { status, body } = await price({ ...DOOR_LANE, teu: 1 });
    expect(status).toBe(200);
    expect(charge(body.data.charges, "006", "TRUCKING_ORIGIN")).toMatchObject({ source: "TRUCKING_RATE", amount: "4500.00" });
    expect(charge(body.data.charges, "006", "TRUCKING_DESTINATION")).toMatchObject({ source: "BACKLOAD_RATE", amount: "4100.00" });
  });

  it("uses the tandem rates for a tandem (generateChargeWithTandemRates), and refuses a back-load tandem", async () => {
    const { status, body } = await price({ ...DOOR_LANE, destinationAreaCode: "LAPU", teu: 2, isTandem: true });
    expect(status).toBe(200);
    expect(charge(body.data.charges, "006", "TRUCKING_ORIGIN")).toMatchObject({ source: "TANDEM_RATE", standardRate: "3800.00", amount: "7600.00" });
    expect(charge(body.data.charges, "006", "TRUCKING_DESTINATION")).toMatchObject({ source: "TANDEM_RATE", standardRate: "4000.00", amount: "8000.00" });
    const backloadTandem = await price({ ...DOOR_LANE, teu: 2, isTandem: true });
    expect(backloadTandem.status).toBe(400);
    expect(backloadTandem.body.message).toContain("no back-load tandem rate");
  });

  it("adds the open-van fee on an open van, at the origin (getOpenVan lists it)", async () => {
    const { body } = await price({ ...PORT_LANE, teu: 2, isOpenVan: true });
    expect(charge(body.data.charges, "017", "PORT_ORIGIN")).toMatchObject({ source: "OPEN_VAN", amount: "3000.00" });
    const list = await json(await as("ae", "POST", "/SalesQuotations/getOpenVan", { originPortCode: "PMNL", sqDate: "2026-06-15" }));
    expect(list.data).toEqual([expect.objectContaining({ chargeCode: "017", standardRate: BOOK.openVanFee })]);
    expect((await json(await as("ae", "POST", "/SalesQuotations/getOpenVan", { originPortCode: "PCEB" }))).data).toEqual([]);
  });

  it("prices insurance from C0004 and C0005: 100,000 per TEU × 2 TEU × 0.0025 = 500.00", async () => {
    const { body } = await price({ ...PORT_LANE, teu: 2, withInsurance: true });
    expect(charge(body.data.charges, "INS", "FREIGHT")).toMatchObject({ source: "INSURANCE", standardRate: "250.00", amount: "500.00" });
    const byWeight = await price({ ...PORT_LANE, teu: 0, tons: "5", withInsurance: true });
    expect(byWeight.status).toBe(400);
    expect(byWeight.body.message).toContain("give at least one TEU");
  });

  it("keeps the requested rate beside the standard one", async () => {
    const { body } = await price({ ...PORT_LANE, teu: 2, requestedRates: [{ chargeCode: "001", chargePart: "FREIGHT", requestedRate: "11000" }] });
    expect(charge(body.data.charges, "001", "FREIGHT")).toMatchObject({ standardRate: "12500.00", requestedRate: "11000.00", standardAmount: "25000.00", amount: "22000.00" });
    expect(body.data.standardTotal).toBe("29200.00");
    expect(body.data.total).toBe("26200.00");
    const stray = await price({ ...PORT_LANE, requestedRates: [{ chargeCode: "006", chargePart: "TRUCKING_ORIGIN", requestedRate: "1" }] });
    expect(stray.status).toBe(400);
  });

  it("brings only the charges the services matrix lists for the mode and cargo type, and a truck to every door", async () => {
    await handle.db.insert(cargoTypes).values({ code: "REEF", name: "Reefer" });
    const row = (chargeCode: string, chargePart: string) => ({ chargeCode, chargePart, serviceModeCode: "DTD", cargoTypeCode: "REEF" });
    await handle.db.insert(chargeServicesMatrices).values([row("001", "FREIGHT"), row("006", "TRUCKING_ORIGIN"), row("004", "PORT_DESTINATION")]);
    const res = await as("ae", "POST", "/SalesQuotations/generateChargeWithTandemRates", { ...DOOR_LANE, cargoTypeCode: "REEF", sqDate: "2026-06-15" });
    const listed = (await json(res)).data.charges.map((c: any) => `${c.chargeCode} ${c.chargePart}`);
    // Arrastre only at the end its row names, no wharfage at all; the one trucking row serves both doors.
    expect(listed).toEqual(["001 FREIGHT", "004 PORT_DESTINATION", "006 TRUCKING_ORIGIN", "006 TRUCKING_DESTINATION"]);
    await handle.db.delete(chargeServicesMatrices).where(and(eq(chargeServicesMatrices.cargoTypeCode, "REEF"), eq(chargeServicesMatrices.chargeCode, "006")));
    const truckless = await as("ae", "POST", "/SalesQuotations/generateChargeWithTandemRates", { ...DOOR_LANE, cargoTypeCode: "REEF", sqDate: "2026-06-15" });
    expect(truckless.status).toBe(400);
    expect((await json(truckless)).message).toContain("no trucking charge to the origin door");
  });

  it("says clearly what is missing: no freight on the lane, no area at a door end, an unknown port", async () => {
    const back = await price({ ...PORT_LANE, originPortCode: "PCEB", destinationPortCode: "PMNL" });
    expect(back.status).toBe(400);
    expect(back.body.message).toBe("No freight rate is in force from PCEB to PMNL on 2026-06-15.");
    const door = await price({ ...PORT_LANE, serviceModeCode: "DTD", destinationAreaCode: "MANDAUE" });
    expect(door.status).toBe(400);
    expect(door.body.errors.originAreaCode[0]).toContain("origin area");
    expect((await price({ ...PORT_LANE, originPortCode: "NOPE" })).status).toBe(400);
    expect((await price({ ...PORT_LANE, teu: -1 })).status).toBe(400);
  });
});

describe("lanes of a quotation", () => {
  it("saves two lanes with their charges, lists them (getListSQCharges) and reads one by number", async () => {
    const q = await draft();
    const res = await addLanes(q.sqRefNum, [{ ...PORT_LANE, teu: 2 }, { ...DOOR_LANE, teu: 1, termsAndConditions: "Pick-up by appointment" }]);
    expect(res.status).toBe(201);
    const lanes = (await json(res)).data;
    expect(lanes.map((l: any) => l.sqdocNum)).toEqual([`${q.sqRefNum}-01`, `${q.sqRefNum}-02`]);
    expect(lanes[1]).toMatchObject({ originProvince: "Metro Manila", destinationProvince: "Cebu", termsAndConditions: "Pick-up by appointment" });
    expect(lanes[0].total).toBe("29200.00");
    const listed = await json(await as("sm", "POST", "/SalesQuotations/getListSQCharges", { sqRefNum: q.sqRefNum }));
    expect(listed.data).toHaveLength(2);
    const one = await json(await as("sm", "GET", `/SalesQuotationDocuments/${q.sqRefNum}-02`));
    expect(charge(one.data.charges, "006", "TRUCKING_DESTINATION").amount).toBe("4100.00");
    const full = await json(await as("ae", "GET", `/SalesQuotations/read/${q.sqRefNum}`));
    expect(full.data.total).toBe((29200 + Number(lanes[1].total)).toFixed(2));
  });

  it("refuses a duplicate area province on one quotation, in one call or across calls, and writes nothing", async () => {
    const q = await draft();
    const twice = await addLanes(q.sqRefNum, [DOOR_LANE, { ...DOOR_LANE, teu: 3 }]);
    expect(twice.status).toBe(409);
    expect((await expectErrorBody(twice)).message).toContain("Duplicate area province: QC, Metro Manila to MANDAUE, Cebu is already lane 1");
    expect((await json(await as("ae", "POST", "/SalesQuotations/getListSQCharges", { sqRefNum: q.sqRefNum }))).data).toEqual([]);
    expect((await addLanes(q.sqRefNum, [DOOR_LANE])).status).toBe(201);
    const again = await addLanes(q.sqRefNum, [{ ...DOOR_LANE, originAreaCode: "qc" }]);
    expect(again.status).toBe(409);
    // Another destination area is another lane.
    expect((await addLanes(q.sqRefNum, [{ ...DOOR_LANE, destinationAreaCode: "LAPU" }])).status).toBe(201);
  });

  it("prices an edited lane again, removes a lane, and lets only the owning AE change a draft", async () => {
    const q = await draft();
    const [lane] = (await json(await addLanes(q.sqRefNum, [PORT_LANE]))).data;
    const edited = await as("ae", "PUT", `/SalesQuotationDocuments/UpdateManyDocsWAreas/${lane.sqdocNum}`, { ...PORT_LANE, teu: 3 });
    expect(edited.status).toBe(200);
    expect(charge((await json(edited)).data.charges, "001", "FREIGHT").amount).toBe("37500.00");
    expect((await addLanes(q.sqRefNum, [PORT_LANE], "ae2")).status).toBe(403);
    expect((await as("ae2", "DELETE", `/SalesQuotationDocuments/deleteDocsWArea/${lane.id}`)).status).toBe(403);
    expect((await addLanes(q.sqRefNum, [PORT_LANE], "sm")).status).toBe(403);
    expect((await step("ae", q.id, "submit")).status).toBe(200);
    const late = await as("ae", "PUT", `/SalesQuotationDocuments/UpdateManyDocsWAreas/${lane.sqdocNum}`, { ...PORT_LANE, teu: 1 });
    expect(late.status).toBe(409);
    expect((await json(late)).message).toContain("is For Approval");
    expect((await step("sm", q.id, "smDeny", "Rate too low")).status).toBe(200);
    expect((await as("ae", "DELETE", `/SalesQuotationDocuments/deleteDocsWArea/${lane.id}`)).status).toBe(200);
    const empty = await step("ae", q.id, "submit");
    expect(empty.status).toBe(400);
    expect((await json(empty)).message).toContain("Add at least one lane");
  });
});

describe("terms", () => {
  it("offers the policies of the cargo type at their values in force (getTermsByCargoTypeCode)", async () => {
    const dry = await json(await as("ae", "GET", "/SalesQuotations/getTermsByCargoTypeCode?cargoTypeCode=DRY&on=2026-06-15"));
    expect(dry.data.map((p: any) => p.policyCode)).toEqual(["C0001", "C0002", "C0003", "C0013", "C0004", "C0005", "C0007"]);
    expect(dry.data[0]).toEqual({ policyCode: "C0001", description: "Free storage days", standardValue: "5" });
    const loose = await json(await as("ae", "GET", "/SalesQuotations/getTermsByCargoTypeCode?cargoTypeCode=BULK&on=2026-06-15"));
    expect(loose.data.map((p: any) => p.policyCode)).toEqual(["C0001", "C0003", "C0005", "C0007"]);
    expect((await as("ae", "GET", "/SalesQuotations/getTermsByCargoTypeCode?cargoTypeCode=DRY&on=2025-12-31").then(json)).data).toEqual([]);
    const policies = await json(await as("ae", "GET", "/SalesQuotations/getCompanyPolicy?on=2026-06-15"));
    expect(policies.data.find((p: any) => p.policyCode === "C0005").standardValue).toBe("0.0025");
  });

  it("writes the terms with the standard, requested and applied values, and changes them while a draft", async () => {
    const q = await draft();
    const res = await as("ae", "POST", "/SalesQuotations/CreateSQWTerms", { sqRefNum: q.sqRefNum, requested: [{ policyCode: "C0001", requestedValue: "10" }] });
    expect(res.status).toBe(201);
    const terms = (await json(res)).data;
    expect(terms).toHaveLength(7);
    const storage = terms.find((x: any) => x.policyCode === "C0001");
    expect(storage).toMatchObject({ standardValue: "5", requestedValue: "10", appliedValue: "10" });
    expect(terms.find((x: any) => x.policyCode === "C0002")).toMatchObject({ standardValue: "7", requestedValue: "", appliedValue: "7" });
    const updated = await as("ae", "PUT", `/SalesQuotations/UpdateSqWTerms/${storage.id}`, { requestedValue: "10", appliedValue: "8" });
    expect((await json(updated)).data).toMatchObject({ requestedValue: "10", appliedValue: "8" });
    const word = await as("ae", "PUT", `/SalesQuotations/UpdateSqWTerms/${storage.id}`, { requestedValue: "ten" });
    expect(word.status).toBe(400);
    expect((await expectErrorBody(word)).errors.requestedValue[0]).toContain("must be a number");
    const foreign = await as("ae", "POST", "/SalesQuotations/CreateSQWTerms", { sqRefNum: q.sqRefNum, requested: [{ policyCode: "C9999", requestedValue: "1" }] });
    expect(foreign.status).toBe(400);
    // Writing the terms again adds nothing twice and keeps the values changed.
    const again = await json(await as("ae", "POST", "/SalesQuotations/CreateSQWTerms", { sqRefNum: q.sqRefNum }));
    expect(again.data).toHaveLength(7);
    expect(again.data.find((x: any) => x.policyCode === "C0001").appliedValue).toBe("8");
    const withTerms = await json(await as("sm", "GET", `/SalesQuotations/getSqWTerms/${q.id}`));
    expect(withTerms.data.terms).toHaveLength(7);
    expect((await as("ae", "DELETE", "/SalesQuotations/deleteSqWTerms", { ids: [storage.id] })).status).toBe(200);
    expect((await json(await as("ae", "GET", `/SalesQuotations/getSqWTerms/${q.id}`))).data.terms).toHaveLength(6);
    expect((await as("ae2", "DELETE", "/SalesQuotations/deleteSqWTerms", { ids: [terms[1].id] })).status).toBe(403);
  });
});

describe("after finance approval", () => {
  it("amends: a new draft referencing the amended quotation, with its lanes and terms; each keeps its own history", async () => {
    const q = await approved();
    await as("ae", "GET", `/SalesQuotations/read/${q.sqRefNum}`);
    expect((await as("ae2", "POST", "/SalesQuotations/SQAmended", { sqRefNum: q.sqRefNum })).status).toBe(403);
    const res = await as("ae", "POST", "/SalesQuotations/SQAmended", { sqRefNum: q.sqRefNum, remarks: "Customer asked for a lower freight" });
    expect(res.status).toBe(201);
    const amendment = (await json(res)).data;
    expect(amendment).toMatchObject({ status: "Draft", amendedSqRef: q.sqRefNum, customerCode: "PHT" });
    expect(amendment.sqRefNum).not.toBe(q.sqRefNum);
    const original = (await json(await as("ae", "GET", `/SalesQuotations/read/${q.sqRefNum}`))).data;
    expect(original.status).toBe("Amended");
    expect(original.history.map((h: any) => h.toStatus)).toEqual(["For Approval", "SM Approved", "AUD Approved", "FA Approved", "Amended"]);
    const fresh = (await json(await as("ae", "GET", `/SalesQuotations/read/${amendment.sqRefNum}`))).data;
    expect(fresh.history).toEqual([]);
    expect(fresh.lanes.map((l: any) => l.sqdocNum)).toEqual([`${amendment.sqRefNum}-01`]);
    expect(fresh.total).toBe(original.total);
    expect((await as("ae", "POST", "/SalesQuotations/SQAmended", { sqRefNum: q.sqRefNum })).status).toBe(409);
    const listed = await json(await as("ae", "GET", `/SalesQuotations/getSqWTermsAmendedSqref?sqRefNum=${q.sqRefNum}`));
    expect(listed.data.map((x: any) => x.sqRefNum)).toEqual([amendment.sqRefNum]);
    // The amendment is an ordinary draft: its lanes can change and it goes through the chain again.
    expect((await as("ae", "PUT", `/SalesQuotationDocuments/UpdateManyDocsWAreas/${amendment.sqRefNum}-01`, {
      ...PORT_LANE, requestedRates: [{ chargeCode: "001", chargePart: "FREIGHT", requestedRate: "11500" }],
    })).status).toBe(200);
    expect((await step("ae", amendment.id, "submit")).status).toBe(200);
  });

  it("makes one amendment when the AE sends it several times at once", async () => {
    const q = await approved();
    const answers = await Promise.all(Array.from({ length: 5 }, () => as("ae", "POST", "/SalesQuotations/SQAmended", { sqRefNum: q.sqRefNum })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const drafts = await handle.db.select().from(salesQuotations).where(eq(salesQuotations.amendedSqRef, q.sqRefNum));
    expect(drafts).toHaveLength(1);
  });

  it("deactivates (finance or branch manager only) and archives ('Sales quotation archived!')", async () => {
    const q = await approved();
    expect((await as("ae", "POST", "/SalesQuotations/deactivateSQ", { sqRefNum: q.sqRefNum })).status).toBe(403);
    expect((await as("ae", "PUT", "/SalesQuotations/addToArchive", { sqRefNum: q.sqRefNum })).status).toBe(409);
    const off = await as("fa", "POST", "/SalesQuotations/deactivateSQ", { sqRefNum: q.sqRefNum, remarks: "Customer closed the account" });
    expect(off.status).toBe(200);
    expect((await json(off)).data).toMatchObject({ status: "Deactivated", isActive: false });
    expect((await as("ae2", "PUT", "/SalesQuotations/addToArchive", { sqRefNum: q.sqRefNum })).status).toBe(403);
    const archived = await as("ae", "PUT", "/SalesQuotations/addToArchive", { sqRefNum: q.sqRefNum });
    expect(archived.status).toBe(200);
    expect((await json(archived)).message).toBe("Sales quotation archived!");
    const archive = await json(await as("ae", "GET", "/SalesQuotations/loadArchive"));
    expect(archive.data.map((x: any) => x.sqRefNum)).toContain(q.sqRefNum);
    expect((await json(await as("ae2", "GET", "/SalesQuotations/loadArchive"))).message).toBe("No SQ Found!");
    // The lists filter by status name too.
    const drafts = await json(await as("ae", "GET", "/SalesQuotations/loadAE?filter=draft&take=200"));
    expect(drafts.data.length).toBeGreaterThan(0);
    expect(drafts.data.every((x: any) => x.status === "Draft")).toBe(true);
    expect((await as("ae", "GET", "/SalesQuotations/loadAE?filter=Approvedish")).status).toBe(400);
  });

  it("shows approved quotations to the viewer and to bookings in force on the date", async () => {
    const q = await approved();
    const viewer = await json(await as("viewer", "GET", "/SalesQuotations/searchCustSQViewer?customerCode=PHT"));
    expect(viewer.data.map((x: any) => x.sqRefNum)).toContain(q.sqRefNum);
    expect((await as("ae", "GET", "/SalesQuotations/searchCustSQViewer?customerCode=PHT")).status).toBe(403);
    const ask = (body: unknown) => as("booker", "POST", "/SalesQuotations/sqReportsBooking", body).then(json);
    const inForce = await ask({ customerCode: "PHT", originPortCode: "PMNL", destinationPortCode: "PCEB", on: "2026-06-20" });
    expect(inForce.data.map((x: any) => x.sqRefNum)).toContain(q.sqRefNum);
    expect((await ask({ customerCode: "PHT", originPortCode: "PCEB", on: "2026-06-20" })).message).toBe("No SQ Found!");
    expect((await ask({ customerCode: "PHT", on: "2026-08-01" })).data.map((x: any) => x.sqRefNum)).not.toContain(q.sqRefNum);
    const group = await json(await as("sm", "POST", "/SalesQuotations/readGroupSQ", { sqRefNums: [q.sqRefNum] }));
    expect(group.data[0].lanes).toHaveLength(1);
    expect((await as("sm", "POST", "/SalesQuotations/readGroupSQ", { sqRefNums: [q.sqRefNum, "SQ-NONE"] })).status).toBe(404);
  });

  it("puts approved quotations on one memorandum each, and prints it", async () => {
    const q1 = await approved();
    const q2 = await approved();
    const candidates = await json(await as("sbm", "POST", "/SalesQuotations/getListSQforMemo", { branchCode: "MNL" }));
    expect(candidates.data.map((x: any) => x.sqRefNum)).toEqual(expect.arrayContaining([q1.sqRefNum, q2.sqRefNum]));
    expect((await as("ae", "POST", "/SalesQuotations/getListSQforMemo", {})).status).toBe(403);
    const memo = await as("sbm", "POST", "/SalesQuotations/proceedtoSQMemoV1", { sqRefNums: [q1.sqRefNum, q2.sqRefNum], subject: "New rates for Pacific Harbor" });
    expect(memo.status).toBe(201);
    const written = (await json(memo)).data;
    expect(written.memoRef).toMatch(/^SQM-MNL-\d{4}-\d{6}$/);
    const twice = await as("sbm", "POST", "/SalesQuotations/proceedtoSQMemoV1", { sqRefNums: [q1.sqRefNum], subject: "Again" });
    expect(twice.status).toBe(409);
    expect((await json(twice)).message).toContain(written.memoRef);
    const left = await json(await as("sbm", "POST", "/SalesQuotations/getListSQforMemo", { branchCode: "MNL" }));
    expect(left.data.map((x: any) => x.sqRefNum)).not.toContain(q1.sqRefNum);
    const pdf = await as("sm", "GET", `/SalesQuotations/memo/${written.memoRef}`);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(new TextDecoder("latin1").decode(new Uint8Array(await pdf.arrayBuffer())).startsWith("%PDF-")).toBe(true);
  });
});

describe("documents", () => {
  it("serves the printout PDF and the presentation data it is built from", async () => {
    const q = await approved();
    const pres = await json(await as("sm", "POST", "/SalesQuotations/getPresData", { sqRefNum: q.sqRefNum }));
    expect(pres.data).toMatchObject({ sqRefNum: q.sqRefNum, customerName: "Pacific Harbor Trading", status: "FA Approved", branchName: "Manila" });
    expect(pres.data.lanes[0]).toMatchObject({ origin: "PMNL", destination: "PCEB", total: "14600.00" });
    expect(pres.data.approvals.map((a: any) => a.toStatus)).toEqual(["For Approval", "SM Approved", "AUD Approved", "FA Approved"]);
    const pdf = await as("sm", "GET", `/SalesQuotations/printout/${q.sqRefNum}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toContain(`${q.sqRefNum}.pdf`);
    expect((await as("sm", "GET", "/SalesQuotations/printout/SQ-NONE")).status).toBe(404);
  });

  it("downloads every quotation of a customer as a workbook, read back row by row", async () => {
    const q = await approved();
    const res = await as("ae", "POST", "/SalesQuotations/downloadAllSQperCustomer", { customerCode: "PHT" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain("Sales_Quotations_PHT.xlsx");
    const book = XLSX.read(new Uint8Array(await res.arrayBuffer()), { type: "array" });
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]]);
    const mine = rows.filter((r) => r["SQ Ref"] === q.sqRefNum);
    // The port-to-port lane of one TEU: freight 12,500, arrastre 1,120 and 980 at the two ends.
    expect(mine.map((r) => [r.Charge, r.Part, r.Amount])).toEqual([
      ["001", "FREIGHT", 12500],
      ["004", "PORT_ORIGIN", 1120],
      ["004", "PORT_DESTINATION", 980],
    ]);
    expect(mine[0]).toMatchObject({ Status: "FA Approved", Origin: "PMNL", Destination: "PCEB", "Standard Rate": 12500 });
    const count = (await handle.db.select().from(salesQuotations).where(eq(salesQuotations.customerCode, "PHT"))).length;
    expect(new Set(rows.map((r) => r["SQ Ref"])).size).toBe(count);
    expect((await as("ae", "POST", "/SalesQuotations/downloadAllSQperCustomer", { customerCode: "NOPE" })).status).toBe(404);
  });

  it("lists the lanes of expired quotations (ExpiredDocuments)", async () => {
    const q = await draft("ae", "2026-01-05");
    await addLanes(q.sqRefNum, [PORT_LANE]);
    await as("ae", "POST", "/SalesQuotations/sqExpiration", {});
    const expired = await json(await as("ae", "POST", "/SalesQuotationDocuments/ExpiredDocuments", { customerCode: "PHT" }));
    expect(expired.data.map((l: any) => l.sqRefNum)).toContain(q.sqRefNum);
    expect((await as("ae", "POST", "/SalesQuotationDocuments/ExpiredDocuments", { take: 0 })).status).toBe(400);
  });
});

describe("insurance rounded once", () => {
  it("prices C0004 123,456.78 × 3 TEU × C0005 0.0027 = 999.999918 as 1,000.00, the lane's total its standard total", async () => {
    // Policies in force only from 2030, so no other quotation of this file sees them.
    await handle.db.insert(companyPolicies).values([
      { code: "C0004", description: "Insured value per 20-foot van", defaultValueDecimal: "123456.78", dateEffective: "2030-01-01" },
      { code: "C0005", description: "Insurance rate", defaultValueDecimal: "0.0027", dateEffective: "2030-01-01" },
    ]);
    const { status, body } = await price({ ...PORT_LANE, teu: 3, withInsurance: true }, "2030-01-15");
    expect(status).toBe(200);
    // The rate shown is the one-TEU premium, 333.333306 -> 333.33; the amount is worked out on all three TEU
    // and rounded once: 370,370.34 × 0.0027 = 999.999918 -> 1,000.00, not 333.33 × 3 = 999.99.
    expect(charge(body.data.charges, "INS", "FREIGHT")).toMatchObject({
      source: "INSURANCE", quantity: "3", standardRate: "333.33", requestedRate: "333.33", standardAmount: "1000.00", amount: "1000.00",
    });
    // Freight 12,500.00 × 3 + arrastre 1,120.00 × 3 + 980.00 × 3 + insurance 1,000.00.
    expect(body.data.standardTotal).toBe("44800.00");
    expect(body.data.total).toBe("44800.00");

    // Saved on a quotation, the lane keeps the same amounts.
    const q = await draft("ae", "2030-01-15");
    expect((await addLanes(q.sqRefNum, [{ ...PORT_LANE, teu: 3, withInsurance: true }])).status).toBe(201);
    const [lane] = (await json(await as("ae", "GET", `/SalesQuotations/read/${q.sqRefNum}`))).data.lanes;
    expect(charge(lane.charges, "INS", "FREIGHT")).toMatchObject({ standardRate: "333.33", standardAmount: "1000.00", amount: "1000.00" });
    expect([lane.total, lane.standardTotal]).toEqual(["44800.00", "44800.00"]);

    // A rate asked for insurance is multiplied out as asked: 300.00 × 3.
    const asked = await price({ ...PORT_LANE, teu: 3, withInsurance: true, requestedRates: [{ chargeCode: "INS", chargePart: "FREIGHT", requestedRate: "300" }] }, "2030-01-15");
    expect(charge(asked.body.data.charges, "INS", "FREIGHT")).toMatchObject({ requestedRate: "300.00", standardAmount: "1000.00", amount: "900.00" });
    expect([asked.body.data.total, asked.body.data.standardTotal]).toEqual(["44700.00", "44800.00"]);
  });
});
