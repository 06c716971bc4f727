import { and, count, eq, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import * as md from "../../db/schema/master-data.ts";
import * as demo from "../../db/seed/demo.ts";
import { itemCodeInput } from "../../api/modules/master-data/charges/routes.ts";
import { customerAddressInput, customerChargeInput } from "../../api/modules/master-data/customers/contracts.ts";
import { entityPath } from "../../api/shared/fields.ts";
import { CHARGE_CODES, POLICY_CODES } from "../../api/shared/reference-lists.ts";
import { ENTITY_CONTRACTS, type EntityName, stowagePlanInput, stowageTemplateInput } from "../../api/modules/master-data/schemas.ts";
import { seedDemo } from "../../api/modules/master-data/seed.ts";
import { checkStowageGrid } from "../../api/modules/master-data/vessels/grid.ts";
import { createUser, makeTestApp, signIn } from "../support/app.ts";
import { firstStart } from "../../api/modules/index.ts";
import { MENU_IDS } from "../../api/shared/permissions.ts";
import { BOOKING_STATUSES, BATCH_STATUSES } from "../../api/modules/bookings/rules.ts";
import { bookingBatches, bookings, salesQuotations, vesselUpdateDetails, vesselUpdateHeaders, voyageScheduleDestinations, voyageSchedules } from "../../db/schema/index.ts";
import { bookingProgress, loadListEntries, loadListReleases, tallySheetLines, tallySheets, waybills } from "../../db/schema/index.ts";
import { bookingRevisions, chargeOverrides, unloadListReleases, waiverFiles, waivers, waybillChargeAdjustments } from "../../db/schema/index.ts";
import { cargoDeliveryReceipts, cargoReleaseOrders, inboundCts, vanIns } from "../../db/schema/index.ts";
import { openTestDatabase } from "../support/test-db.ts";
import { REPO_ROOT } from "../support/repo.ts";

/** The demo records of each entity that has a contract. */
const RECORDS: Record<EntityName, readonly object[]> = {
  branches: demo.DEMO_BRANCHES,
  ports: demo.DEMO_PORTS,
  areas: demo.DEMO_AREAS,
  cargoTypes: demo.DEMO_CARGO_TYPES,
  serviceModes: demo.DEMO_SERVICE_MODES,
  containerYards: demo.DEMO_CONTAINER_YARDS,
  routes: demo.DEMO_ROUTES,
  charges: demo.DEMO_CHARGES,
  chargeServicesMatrices: demo.DEMO_CHARGE_SERVICES_MATRICES,
  companyPolicies: demo.DEMO_COMPANY_POLICIES,
  freightRates: demo.DEMO_FREIGHT_RATES,
  portRates: demo.DEMO_PORT_RATES,
  truckingRates: demo.DEMO_TRUCKING_RATES,
  customers: demo.DEMO_CUSTOMERS,
  vessels: demo.DEMO_VESSELS,
  containerVans: demo.DEMO_CONTAINER_VANS,
  truckings: demo.DEMO_TRUCKINGS,
  commodityCategories: demo.DEMO_COMMODITY_CATEGORIES,
  commodities: demo.DEMO_COMMODITIES,
  holidays: demo.DEMO_HOLIDAYS,
  workSchedules: demo.DEMO_WORK_SCHEDULES,
};

/** The record as a create call would send it: only the fields of the contract. */
function asInput(name: EntityName, record: object): Record<string, unknown> {
  const fields = ENTITY_CONTRACTS[name].fields.map((f) => f.name);
  return Object.fromEntries(fields.filter((f) => f in record).map((f) => [f, (record as Record<string, unknown>)[f]]));
}

/** Each problem as "entity #index: path: message", so a failure names the record to fix. */
function problemsOf(name: string, records: readonly object[], parse: (r: object) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return records.flatMap((record, i) => {
    const result = parse(record);
    return result.success ? [] : result.error!.issues.map((issue) => `${name} #${i}: ${issue.path.join(".")}: ${issue.message}`);
  });
}

const codesOf = (records: readonly { code: string }[]) => new Set(records.map((r) => r.code));
const masterTables = Object.entries(md).filter(([, value]) => is(value, PgTable)) as [string, PgTable][];

describe("demo data set: the records", () => {
  it.each(Object.keys(RECORDS) as EntityName[])("every %s record is accepted by its contract", (name) => {
    const records = RECORDS[name];
    expect(records.length).toBeGreaterThan(0);
    expect(problemsOf(name, records, (r) => ENTITY_CONTRACTS[name].input.safeParse(asInput(name, r)))).toEqual([]);
  });

  it("every record without a contract of its own is accepted by the call that writes it", () => {
    const problems = [
      ...problemsOf("chargeItemCodes", demo.DEMO_CHARGE_ITEM_CODES, (r) => itemCodeInput.safeParse(r)),
      ...problemsOf("customerAddresses", demo.DEMO_CUSTOMER_ADDRESSES, (r) => customerAddressInput.safeParse(r)),
      ...problemsOf("customerCharges", demo.DEMO_CUSTOMER_CHARGES, (r) => customerChargeInput.safeParse(r)),
      ...problemsOf("stowageTemplates", demo.DEMO_STOWAGE_TEMPLATES, (r) => stowageTemplateInput.safeParse(r)),
      ...problemsOf("vesselStowagePlans", demo.DEMO_STOWAGE_PLANS, (r) => stowagePlanInput.safeParse(r)),
    ];
    expect(problems).toEqual([]);
  });

  it("stowage grids have slots inside the grid, none overlapping, positions unique", () => {
    for (const grid of [...demo.DEMO_STOWAGE_TEMPLATES, ...demo.DEMO_STOWAGE_PLANS]) {
      expect(grid.slots!.length).toBeGreaterThan(0);
      expect(checkStowageGrid({ rows: grid.rows, columns: grid.columns, slots: grid.slots! })).toEqual({});
    }
  });

  it("covers every charge code and policy code of the reference lists, with item codes and matrix rows", () => {
    const charges = codesOf(demo.DEMO_CHARGES);
    expect([...charges].sort()).toEqual(CHARGE_CODES.map((c) => c.code).sort());
    for (const code of charges) {
      expect(demo.DEMO_CHARGE_ITEM_CODES.filter((i) => i.chargeCode === code).length, `item codes of ${code}`).toBe(demo.DEMO_BRANCHES.length);
      expect(demo.DEMO_CHARGE_SERVICES_MATRICES.some((m) => m.chargeCode === code), `matrix rows of ${code}`).toBe(true);
    }
    const policies = new Set(demo.DEMO_COMPANY_POLICIES.map((p) => p.code));
    expect([...policies].sort()).toEqual(POLICY_CODES.map((p) => p.code).sort());
    for (const code of ["C0004", "C0005"]) {
      const dates = demo.DEMO_COMPANY_POLICIES.filter((p) => p.code === code).map((p) => p.dateEffective);
      expect(new Set(dates).size, `versions of ${code}`).toBe(2);
    }
  });

  it("names only branches that exist in its lists of branch codes", () => {
    const branches = codesOf(demo.DEMO_BRANCHES);
    const named = [
      ...demo.DEMO_CHARGES.flatMap((c) => c.appliedBranches ?? []),
      ...demo.DEMO_TRUCKINGS.flatMap((t) => t.branchCodes ?? []),
      ...demo.DEMO_ROUTES.flatMap((r) => [r.originBranchCode, ...(r.destinationBranchCodes ?? [])]),
    ];
    expect(named.filter((code) => !branches.has(code))).toEqual([]);
  });

  it("has two effective dates on every freight lane and back-load and tandem trucking prices", () => {
    const lanes = new Map<string, Set<string>>();
    for (const r of demo.DEMO_FREIGHT_RATES) {
      const key = `${r.chargeCode} ${r.portCodeOrigin}-${r.portCodeDestination}`;
      lanes.set(key, (lanes.get(key) ?? new Set()).add(r.dateEffective));
    }
    expect([...lanes.values()].every((dates) => dates.size === 2)).toBe(true);
    expect(demo.DEMO_TRUCKING_RATES.some((r) => r.backloadRateWvat)).toBe(true);
    expect(demo.DEMO_TRUCKING_RATES.some((r) => r.stdRateTandemRates)).toBe(true);
  });
});

describe("demo data set: loading it", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(() => handle?.close());

  async function tableCounts() {
    const counts: Record<string, number> = {};
    for (const [name, table] of masterTables) {
      const [{ n }] = await handle.db.select({ n: count() }).from(table);
      counts[name] = Number(n);
    }
    return counts;
  }

  it("fills every master-data table once and adds nothing on a second run", async () => {
    expect(masterTables.length).toBeGreaterThan(20);
    const loaded = await seedDemo(handle.db);
    const after = await tableCounts();
    expect(Object.entries(after).filter(([, n]) => n === 0).map(([name]) => name)).toEqual([]);
    // What it reports is what went in, table by table.
    expect(loaded).toEqual(after);
    expect(loaded.branches).toBe(demo.DEMO_BRANCHES.length);
    expect(loaded.ports).toBe(demo.DEMO_PORTS.length);

    const again = await seedDemo(handle.db);
    expect(again.branches).toBe(0);
    expect(Object.values(again).every((n) => n === 0)).toBe(true);
    expect(await tableCounts()).toEqual(after);
  });

  it("offers its records through the pickers' active lists", async () => {
    const t = makeTestApp(handle.db);
    await createUser(handle.db, { userId: "demo-md", password: "demo-password-1", menus: ["MASTERDATA"] });
    const token = await signIn(t, "demo-md", "demo-password-1");
    for (const name of ["charges", "freightRates", "portRates", "vessels", "commodityCategories"] as const) {
      const res = await t.call("GET", `/api${entityPath(ENTITY_CONTRACTS[name], "listActive")}`, { token });
      expect(res.status, name).toBe(200);
      const body = await res.json() as { data: { isActive: boolean }[] };
      expect(body.data.length, name).toBe(RECORDS[name].length);
      expect(body.data.every((row) => row.isActive)).toBe(true);
    }
  });
});

describe("demo data set: the line on first start", () => {
  let handle: DatabaseHandle;
  let t: ReturnType<typeof makeTestApp>;
  let admin: string;
  const ADMIN_PASSWORD = "first-start-admin-1";
  const json = (res: Response) => res.json() as Promise<any>;

  beforeAll(async () => {
    handle = await openTestDatabase();
    const started = Date.now();
    const seeded = await firstStart(handle.db, { adminPassword: ADMIN_PASSWORD, linkBase: "http://localhost:8000" });
    // The first start stays quick: the whole line through the services in a few seconds.
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(seeded!.line).toMatchObject({ voyages: 5, quotations: 7 });
    t = makeTestApp(handle.db);
    admin = await signIn(t, "admin", ADMIN_PASSWORD);
  }, 60_000);
  afterAll(() => handle?.close());

  it("has voyages planned, at sea and arrived, read from what the vessels reported", async () => {
    const voyages = await handle.db.select().from(voyageSchedules);
    const lastCall = new Map<string, string>();
    for (const d of await handle.db.select().from(voyageScheduleDestinations).orderBy(voyageScheduleDestinations.seq)) lastCall.set(d.voyageNum, d.destinationBranchCode);
    const reports = await handle.db.select({ voyageNum: vesselUpdateHeaders.voyageNum, branchCode: vesselUpdateDetails.branchCode, ata: vesselUpdateDetails.actualTimeArrival, atd: vesselUpdateDetails.actualTimeDeparture })
      .from(vesselUpdateDetails).innerJoin(vesselUpdateHeaders, eq(vesselUpdateHeaders.vuid, vesselUpdateDetails.vuid));
    const stateOf = (v: typeof voyages[number]) => {
      const mine = reports.filter((r) => r.voyageNum === v.voyageNum);
      if (mine.some((r) => r.ata && r.branchCode === lastCall.get(v.voyageNum))) return "Arrived";
      if (mine.some((r) => r.atd && r.branchCode === v.originBranchCode)) return "Departed";
      return "Planned";
    };
    const states = Object.fromEntries(voyages.map((v) => [v.voyageRef, stateOf(v)]));
    expect(states).toEqual({ "DEMO-ARRIVED": "Arrived", "DEMO-AT-SEA": "Departed", "DEMO-OPEN": "Planned", "DEMO-DRAFT": "Planned", "DEMO-LOADING": "Planned" });
    expect(new Set(Object.values(states)).size).toBeGreaterThanOrEqual(3);
    expect(voyages.filter((v) => v.approvedBy !== null).map((v) => v.voyageRef).sort()).toEqual(["DEMO-ARRIVED", "DEMO-AT-SEA", "DEMO-LOADING", "DEMO-OPEN"]);
    // Approved by someone other than the clerk who scheduled them.
    expect(voyages.map((v) => [v.userCreated, v.approvedBy])).toEqual(voyages.map((v) => ["demo.ops", v.approvedBy && "demo.opsmgr"]));
  });

  it("has quotations approved by finance and others at each step, every approval by a person other than the drafter", async () => {
    const rows = await handle.db.select().from(salesQuotations);
    const byStatus = (status: string) => rows.filter((q) => q.status === status).length;
    expect(byStatus("FA Approved")).toBe(2);
    expect(rows.map((q) => q.status).sort()).toEqual(["AUD Approved", "Draft", "FA Approved", "FA Approved", "For Approval", "SM Approved", "SM Denied"]);
    expect(new Set(rows.map((q) => q.userId))).toEqual(new Set(["demo.ae"]));
    // Each approved quotation's history names the three approvers, each once and none the drafter.
    const approved = rows.filter((q) => q.status === "FA Approved");
    for (const q of approved) {
      const history = await json(await t.call("GET", `/api/SalesQuotations/read/${q.sqRefNum}`, { token: admin }));
      const steps = (history.data.history as { action: string; actor: string }[]).map((h) => `${h.action} by ${h.actor}`);
      expect(steps).toEqual(["submit by demo.ae", "smApprove by demo.sm", "audApprove by demo.aud", "faApprove by demo.fa"]);
    }
  });

  it("has a booking in every booking status and a batch in every batch status", async () => {
    const statuses = new Set((await handle.db.select({ status: bookings.status }).from(bookings)).map((b) => b.status));
    expect([...statuses].sort()).toEqual([...BOOKING_STATUSES].sort());
    const batchStatuses = new Set((await handle.db.select({ status: bookingBatches.status }).from(bookingBatches)).map((b) => b.status));
    expect([...batchStatuses].sort()).toEqual([...BATCH_STATUSES].sort());
  });

  it("has a waybill whose cargo goes with a permit, billing the lane's permit fee, its charges split between the ends", async () => {
    const [open] = await handle.db.select().from(voyageSchedules).where(eq(voyageSchedules.voyageRef, "DEMO-OPEN"));
    const list = await json(await t.call("POST", "/api/OutBound/waybill/load", { token: admin, body: { voyageNum: open.voyageNum } }));
    // Beside it, a freight-collect waybill with neither.
    type Listed = { isWithPermit: boolean; isSplitCharge: boolean; sealNum: string; modeOfPayment: string };
    expect(list.data.map((w: Listed) => [w.sealNum, w.isWithPermit, w.isSplitCharge]).sort())
      .toEqual([["MNL-0456712", true, true], ["MNL-0456713", false, false]]);
    const waybill = list.data.find((w: Listed) => w.sealNum === "MNL-0456712");
    // The demo rate book's permit fee at Manila North Harbor, 750.00 for the one TEU, VAT-exempt, billed at origin.
    expect(waybill.charges.find((c: { chargeCode: string }) => c.chargeCode === "016"))
      .toMatchObject({ part: "PORT_ORIGIN", rate: "750.00", chargeValue: "750.00", isVatable: false, availableTo: "P", source: "SQ" });
    // No van went out on its own at either end: neither van-out fee is billed.
    expect(waybill.charges.map((c: { chargeCode: string }) => c.chargeCode).filter((code: string) => code === "020" || code === "VOFD")).toEqual([]);
  });

  it("loads the open voyage through its load list and final tally, stows its vans and confirms the loading, and leaves the load list of the voyage after it open", async () => {
    const voyageOf = async (ref: string) => (await handle.db.select().from(voyageSchedules).where(eq(voyageSchedules.voyageRef, ref)))[0];
    const loadingOf = async (voyageNum: string) => {
      const releases = await handle.db.select().from(loadListReleases).where(eq(loadListReleases.voyageNum, voyageNum));
      const entries = await handle.db.select({ releaseId: loadListEntries.releaseId, status: waybills.status, destination: waybills.destinationBranchCode, booking: bookings.status })
        .from(loadListEntries).innerJoin(waybills, eq(waybills.wayBillRef, loadListEntries.wayBillRef)).innerJoin(bookings, eq(bookings.bookingRef, waybills.bookingRef))
        .where(eq(waybills.voyageNum, voyageNum));
      const loading = and(eq(tallySheets.voyageNum, voyageNum), eq(tallySheets.tallySheetType, "Loading"));
      const sheets = await handle.db.select().from(tallySheets).where(loading);
      const lines = await handle.db.select({ type: tallySheetLines.containerType, van: tallySheetLines.containerVanNum, by: tallySheetLines.userCreated })
        .from(tallySheetLines).innerJoin(tallySheets, eq(tallySheets.id, tallySheetLines.tallySheetId)).where(loading);
      return { releases: releases.map((r) => [r.releaseType, r.userCreated]), entries, sheets: sheets.map((x) => [x.destinationBranchCode, x.status]), lines };
    };

    const open = await voyageOf("DEMO-OPEN");
    expect(open.finalTallyAt).not.toBeNull();
    const loaded = await loadingOf(open.voyageNum);
    expect(loaded.releases).toEqual([["Final Release", "demo.yard"]]);
    expect(loaded.entries.map((e) => [e.status, e.booking])).toEqual([["Loaded", "At Vessel Loaded"], ["Loaded", "At Vessel Loaded"]]);
    expect(loaded.sheets).toEqual([["CEB", "Final"]]);
    expect(loaded.lines.map((x) => [x.type, x.by])).toEqual([["FL", "demo.yard"], ["FL", "demo.yard"], ["MT", "demo.yard"]]);
    // The split waybill's booking first, then the freight-collect one.
    const [atVessel, collect] = await handle.db.select({ ref: bookings.bookingRef }).from(bookings).where(eq(bookings.status, "At Vessel Loaded")).orderBy(bookings.id);
    const stages = await handle.db.select({ stage: bookingProgress.stage }).from(bookingProgress).where(eq(bookingProgress.bookingRef, atVessel.ref));
    // Discharged at Cebu since (the inbound demo): on its unload list (5), the final inbound tally (6), released once
    // its consignee paid at the counter (7), trucked out (8) and its van back (9).
    expect(stages.map((x) => x.stage).sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // The freight-collect cargo came off the vessel with it (5, 6) and waits for its consignee to pay at Cebu.
    const waits = await handle.db.select({ stage: bookingProgress.stage }).from(bookingProgress).where(eq(bookingProgress.bookingRef, collect.ref));
    expect(waits.map((x) => x.stage).sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const releases = await handle.db.select().from(unloadListReleases).where(eq(unloadListReleases.voyageNum, open.voyageNum));
    expect(releases.map((r) => [r.branchCode, r.releaseType, r.userCreated])).toEqual([["CEB", "Final Release", "demo.inbound"]]);
    const unloading = await handle.db.select().from(tallySheets).where(and(eq(tallySheets.voyageNum, open.voyageNum), eq(tallySheets.tallySheetType, "Unloading")));
    expect(unloading.map((x) => [x.branchCode, x.status, x.finalizedBy])).toEqual([["CEB", "Final", "demo.inbound"]]);
    // Each discharged waybill's consignee was sent its arrival notice by the Cebu inbound clerk.
    const [discharged] = await handle.db.select({ wayBillRef: waybills.wayBillRef }).from(waybills).where(eq(waybills.bookingRef, atVessel.ref));
    const [unpaid] = await handle.db.select({ wayBillRef: waybills.wayBillRef }).from(waybills).where(eq(waybills.bookingRef, collect.ref));
    const notices = (await json(await t.call("GET", `/api/InBound/arrivalNotice/voyage/${open.voyageNum}`, { token: admin }))).data;
    expect(notices.waybills.map((w: { wayBillRef: string; sent: { sentBy: string }[] }) => [w.wayBillRef, w.sent.map((x) => x.sentBy)]))
      .toEqual([[discharged.wayBillRef, ["demo.inbound"]], [unpaid.wayBillRef, ["demo.inbound"]]]);
    expect(await handle.db.select().from(cargoReleaseOrders).where(eq(cargoReleaseOrders.wayBillRef, unpaid.wayBillRef))).toEqual([]);
    const released = await handle.db.select().from(cargoReleaseOrders).where(eq(cargoReleaseOrders.wayBillRef, discharged.wayBillRef));
    expect(released.map((r) => [r.branchCode, r.status, r.userCreated, r.clearedBy])).toEqual([["CEB", "Cleared", "demo.inbound", "demo.inbound"]]);
    const [slip] = await handle.db.select().from(inboundCts).where(eq(inboundCts.wayBillRef, discharged.wayBillRef));
    const [receipt] = await handle.db.select().from(cargoDeliveryReceipts).where(eq(cargoDeliveryReceipts.wayBillRef, discharged.wayBillRef));
    const [vanIn] = await handle.db.select().from(vanIns).where(eq(vanIns.wayBillRef, discharged.wayBillRef));
    expect([slip?.status, receipt?.receivedBy, vanIn?.cyCode, vanIn?.receivedBy]).toEqual(["Issued", "Warehouse supervisor", "CEB-CY1", "demo.inbound"]);

    // Its stowage plan holds the three vans counted, slot after slot from the vessel's first plan; its shipper has the
    // loading confirmation the final tally e-mailed. Read as staff read them.
    const plan = (await json(await t.call("GET", `/api/OutBound/stowage/get/${open.voyageNum}`, { token: admin }))).data;
    expect(plan.plan.planName).toBe("Bay 01 standard");
    expect(plan.placements.map((p: { containerVanNum: string; position: string }) => [p.containerVanNum, p.position])).toEqual([
      ["LDGU2010020", "010190"], ["LDGU2010159", "010290"], ["LDGU2010040", "010390"],
    ]);
    const confirmations = await json(await t.call("POST", "/api/OutBound/loadingConfirmation/load", { token: admin, body: { voyageNum: open.voyageNum } }));
    expect(confirmations.data.map((c: { shipperName: string; bookingRefs: string[]; sentBy: string | null; shipperEmail: string }) =>
      [c.shipperName, c.bookingRefs, c.sentBy, c.shipperEmail])).toEqual([["Pacific Harbor Trading Corp.", [atVessel.ref, collect.ref], "demo.yard", "logistics@pacificharbor.example.ph"]]);

    const next = await voyageOf("DEMO-LOADING");
    expect(next.finalTallyAt).toBeNull();
    const loading = await loadingOf(next.voyageNum);
    expect(loading.releases).toEqual([["Partial Release", "demo.yard"]]);
    expect(loading.entries.map((e) => [e.status, e.destination, e.booking])).toEqual([
      ["On Load List", "CEB", "Outbound CTS Issued"], ["On Load List", "CEB", "Outbound CTS Issued"],
    ]);
    expect(loading.sheets).toEqual([["CEB", "Open"]]);
    expect(loading.lines.map((x) => x.type)).toEqual(["FL"]);
    // The Davao booking's waybill waits for the list.
    const waiting = await handle.db.select({ status: waybills.status }).from(waybills).where(and(eq(waybills.voyageNum, next.voyageNum), eq(waybills.destinationBranchCode, "DVO")));
    expect(waiting).toEqual([{ status: "Draft" }]);
  });

  it("has a waiver approved, one endorsed and waiting for approval with its letter, and an override waiting, each step by another person", async () => {
    const rows = await handle.db.select().from(waivers).orderBy(waivers.id);
    expect(rows.map((w) => [w.status, w.branchCode, w.requestedBy, w.endorsedBy, w.decidedBy])).toEqual([
      ["Approved", "MNL", "demo.waiver", "demo.endorser", "demo.approver"],
      ["For Approval", "MNL", "demo.waiver", "demo.endorser", null],
    ]);
    const files = await handle.db.select({ waiverId: waiverFiles.waiverId, fileName: waiverFiles.fileName, contentType: waiverFiles.contentType }).from(waiverFiles);
    expect(files).toEqual([{ waiverId: rows[1].id, fileName: "Consignee letter - rolled over cargo.pdf", contentType: "application/pdf" }]);
    const log = await handle.db.select().from(waybillChargeAdjustments);
    expect(log.map((a) => [a.kind, a.sourceRef, a.approvedBy])).toEqual([["WAIVER", rows[0].waiverNum, "demo.approver"]]);
    const overrides = await handle.db.select().from(chargeOverrides);
    expect(overrides.map((o) => [o.status, o.wayBillRef, o.part, o.requestedBy])).toEqual([["For Approval", rows[0].wayBillRef, "FREIGHT", "demo.waiver"]]);
    expect(Number(overrides[0].valueBefore) - Number(overrides[0].newValue)).toBe(500);
  });

  it("has a booking change endorsed and waiting for the management approver, drafted and endorsed by two people", async () => {
    const rows = await handle.db.select().from(bookingRevisions);
    expect(rows.map((r) => [r.status, r.branchCode, r.requestedBy, r.endorsedBy, r.chargesChange, r.proposed])).toEqual([
      ["For Approval", "MNL", "demo.bc", "demo.bcendorser", false, { consigneeEmail: "receiving@visayancopra.example", consigneeContactNum: "0917 555 0142" }],
    ]);
  });

  it("grants the seeded administrator every menu and every branch, and shows it the demo quotations", async () => {
    const me = (await json(await t.call("GET", "/api/users/session", { token: admin }))).data;
    expect([...me.menus].sort()).toEqual([...MENU_IDS].sort());
    expect(me.capabilities).toEqual(expect.arrayContaining(["SQ_SBM"]));
    expect(me.branches.map((b: { branchCode: string }) => b.branchCode).sort()).toEqual(demo.DEMO_BRANCHES.map((b) => b.code).sort());
    expect(me.branches.filter((b: { defaultBranch: boolean }) => b.defaultBranch).map((b: { branchCode: string }) => b.branchCode)).toEqual(["MNL"]);

    // The line was made before the administrator existed: its notices went to the demo staff only.
    const unread = await t.call("GET", "/api/Notifications/getDataMongoByRoleId", { token: admin });
    expect(unread.status).toBe(200);
    expect((await json(unread)).data).toEqual([]);

    const list = await t.call("GET", "/api/SalesQuotations/loadSBM?take=50", { token: admin });
    expect(list.status).toBe(200);
    const body = await json(list);
    const all = await handle.db.select({ sqRefNum: salesQuotations.sqRefNum }).from(salesQuotations);
    expect(body.total).toBe(7);
    expect(body.data.map((q: { sqRefNum: string }) => q.sqRefNum).sort()).toEqual(all.map((q) => q.sqRefNum).sort());
  });

  it("lets each demo person sign in with the password the README publishes", async () => {
    const readme = readFileSync(path.join(REPO_ROOT, "README.md"), "utf8");
    expect(readme).toContain(`password \`${demo.DEMO_PASSWORD}\``);
    for (const p of Object.values(demo.DEMO_PEOPLE)) {
      expect(readme).toContain(`| \`${p.userId}\` |`);
      const token = await signIn(t, p.userId, demo.DEMO_PASSWORD);
      const me = (await json(await t.call("GET", "/api/users/session", { token }))).data;
      expect({ userId: me.userId, roleId: me.roleId, menus: me.menus, capabilities: me.capabilities })
        .toEqual({ userId: p.userId, roleId: p.roleId, menus: [...p.menus], capabilities: [...p.capabilities] });
    }
  });
});
