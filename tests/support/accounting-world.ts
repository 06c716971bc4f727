import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  bookingBatches,
  bookings,
  branches,
  charges,
  containerYards,
  customers,
  outboundCts,
  routes,
  truckings,
  userBranches,
  vessels,
  voyageScheduleDestinations,
  voyageSchedules,
  waybillCharges,
  waybills,
} from "../../db/schema/index.ts";
import { createRole, createUser, ensureBranch, type Grant, signIn, type TestApp } from "./app.ts";

/**
 * A world to bill in, written straight into the tables (the waybills are the outbound module's, made as its
 * service leaves them): three branches with their seller's particulars, buyers with and without a TIN, the
 * charges of domain notes §7's waybill W1 (VATable, a test VAT-exempt and a test zero-rated line), a voyage
 * Manila to Davao, and cashiers. `waybill()` makes a waybill with exactly the charge lines a test names.
 */

export const SELLERS = {
  MNL: { registeredName: "Lading Shipping Lines, Inc.", businessStyle: "Lading Lines", tin: "009-284-517-00000", address: "Pier 2, North Harbor, Tondo, Manila" },
  DVO: { registeredName: "Lading Shipping Lines, Inc.", businessStyle: "Lading Lines", tin: "009-284-517-00002", address: "Sasa Wharf, Davao City" },
  CEB: { registeredName: "Lading Shipping Lines, Inc.", businessStyle: "Lading Lines", tin: "009-284-517-00001", address: "Pier 4, Cebu International Port, Cebu City" },
} as const;

export const BUYERS = {
  /** VAT-registered with its TIN: every invoice may be issued. */
  PHT: { code: "PHT", company: "Pacific Harbor Trading Corp.", address: "Unit 5, Delpan St., Tondo, Manila", tin: "001-001-418-000", vatRegistered: true },
  /** VAT-registered without a TIN on record: 1,000.00 or more cannot be invoiced. */
  NOTIN: { code: "NOTIN", company: "Davao Fresh Produce Corp.", address: "J.P. Laurel Ave., Davao City", tin: "", vatRegistered: true },
  /** Not VAT-registered. */
  SARI: { code: "SARI", company: "Aling Nena Sari-sari Store", address: "Matina, Davao City", tin: "", vatRegistered: false },
  /** A registered consignee at the destination. */
  DFP: { code: "DFP", company: "Mindanao Banana Growers Assn.", address: "Km. 9, Sasa, Davao City", tin: "009-009-418-000", vatRegistered: true },
} as const;

export interface Line {
  chargeCode: string;
  chargeValue: string;
  /** P, C, AO or AD. */
  availableTo: string;
  part?: string;
  rateUnit?: string;
  quantity?: string;
  rate?: string;
  isVatable?: boolean;
}

export interface AccountingWorld {
  voyageNum: string;
  call: (who: string, method: string, path: string, body?: unknown) => Promise<Response>;
  tokens: Record<string, string>;
  /** A waybill of the voyage from Manila to Davao with these charge lines; answers its number. */
  waybill: (lines: readonly Line[], o?: { customerCode?: string; consigneeCode?: string | null; consigneeName?: string; modeOfPayment?: string; status?: string; voyageNum?: string }) => Promise<string>;
  /** Another voyage of the same route, leaving `days` later. */
  voyage: (ref: string, days?: number) => Promise<string>;
}

let world = 0;

export async function seedAccountingWorld(db: Db, t: TestApp, people: Record<string, { grants: Grant[]; branches: string[] }> = {}): Promise<AccountingWorld> {
  const tag = `A${++world}`;
  for (const [code, seller] of Object.entries(SELLERS)) {
    await ensureBranch(db, code, code === "MNL" ? "Manila" : code === "DVO" ? "Davao" : "Cebu");
    await db.update(branches).set(seller).where(eq(branches.code, code));
  }
  await db.insert(customers).values(Object.values(BUYERS).map((b) => ({
    code: b.code, company: b.company, address: b.address, tin: b.tin, vatRegistered: b.vatRegistered, customerContactEmail: `${b.code.toLowerCase()}@example.test`, customerType: "BOTH",
  }))).onConflictDoNothing();
  const charge = (code: string, name: string, extra: Partial<typeof charges.$inferInsert> = {}) =>
    ({ code, name, printName: name, category: "OTHER", chargeClass: "BOTH", unitOfMeasure: "perTeu", effectiveDateBasis: "BOOKING_DATE", ...extra });
  await db.insert(charges).values([
    charge("001", "Ocean freight", { category: "FREIGHT" }),
    charge("004", "Arrastre", { category: "PORT" }),
    charge("005", "Wharfage", { category: "PORT" }),
    charge("STO", "Storage"),
    charge("DEM", "Demurrage"),
    charge("EXM", "Exempt test charge", { isVatable: false, taxClass: "EXEMPT" }),
    charge("ZRO", "Zero-rated test charge", { isVatable: false, taxClass: "ZERO_RATED" }),
  ]).onConflictDoNothing();
  await db.insert(vessels).values({ code: "MVACC", name: "MV Accounting Star", vesselType: "Container" }).onConflictDoNothing();
  await db.insert(routes).values({ code: "ACC-MNL-DVO", name: "Manila - Davao", originBranchCode: "MNL", destinationBranchCodes: ["DVO"] }).onConflictDoNothing();
  await db.insert(truckings).values({ code: "ACCTRK", name: "Accounting Haulers", branchCodes: ["MNL"] }).onConflictDoNothing();
  await db.insert(containerYards).values({ code: "ACCCY", name: "Accounting CY", branchCode: "MNL" }).onConflictDoNothing();

  let voyages = 0;
  const voyage = async (ref: string, days = 10) => {
    const voyageNum = `VOY-${tag}-${String(++voyages).padStart(3, "0")}`;
    const etd = new Date(Date.now() + days * 86_400_000);
    await db.insert(voyageSchedules).values({ voyageNum, voyageRef: ref, vesselCode: "MVACC", routeCode: "ACC-MNL-DVO", originBranchCode: "MNL", estimatedTimeDeparture: etd });
    await db.insert(voyageScheduleDestinations).values({ voyageNum, seq: 1, destinationBranchCode: "DVO", estimatedTimeArrival: new Date(etd.getTime() + 2 * 86_400_000) });
    return voyageNum;
  };
  const voyageNum = await voyage(`V-${tag}`);

  let serial = 0;
  const waybill: AccountingWorld["waybill"] = async (lines, o = {}) => {
    const n = `${tag}-${String(++serial).padStart(5, "0")}`;
    const voyage = o.voyageNum ?? voyageNum;
    const customerCode = o.customerCode ?? "PHT";
    const mode = o.modeOfPayment ?? lines[0]?.availableTo ?? "P";
    const batchRef = `BB-${n}`;
    const bookingRef = `BK-${n}`;
    await db.insert(bookingBatches).values({ bookingBatchRef: batchRef, voyageNum: voyage, customerCode, branchCode: "MNL", status: "Confirmed" });
    await db.insert(bookings).values({
      bookingRef, bookingBatchRef: batchRef, voyageNum: voyage, customerCode, branchCode: "MNL", status: "Outbound CTS Issued", destinationBranchCode: "DVO",
      modeOfDelivery: "PTP", modeOfPayment: mode, consigneeCode: o.consigneeCode ?? null, consigneeName: o.consigneeName ?? "Mindanao Banana Growers Assn.",
      publicId: `pub-${n}`, bookingDate: "2026-11-20",
    });
    await db.insert(outboundCts).values({
      ctsNum: `CTS-${n}`, status: "Issued", bookingRef, branchCode: "MNL", voyageNum: voyage, containerVanNum: "LADU1234500", truckingCode: "ACCTRK",
      plateNum: "ABC 1234", driver: "Ramon Cruz", fromCyCode: "ACCCY", toParty: "Shipper", toName: "Pacific Harbor", vanStatus: "Empty",
      dateIssued: new Date(), issuedBy: "test",
    });
    const wayBillRef = `WB-${n}`;
    await db.insert(waybills).values({
      wayBillRef, status: o.status ?? "Draft", bookingRef, ctsNum: `CTS-${n}`, branchCode: "MNL", destinationBranchCode: "DVO", voyageNum: voyage, customerCode,
      consigneeName: o.consigneeName ?? "Mindanao Banana Growers Assn.", consigneeAddress: "Km. 9, Sasa, Davao City", modeOfDelivery: "PTP", modeOfPayment: mode,
      containerVanNum: "LADU1234500", truckingCode: "ACCTRK", quantityTeu: 2, size: "40", datePrepared: new Date(), preparedBy: "test",
    });
    if (lines.length) {
      await db.insert(waybillCharges).values(lines.map((l, i) => ({
        wayBillRef, chargeCode: l.chargeCode, part: l.part ?? `PART_${i}`, particulars: l.chargeCode, rateUnit: l.rateUnit ?? "perTeu",
        quantity: l.quantity ?? "1", rate: l.rate ?? l.chargeValue, chargeValue: l.chargeValue, availableTo: l.availableTo,
        isVatable: l.isVatable ?? !["EXM", "ZRO"].includes(l.chargeCode), source: "SQ",
      })));
    }
    return wayBillRef;
  };

  const tokens: Record<string, string> = {};
  const cast: Record<string, { grants: Grant[]; branches: string[] }> = {
    cashier: { grants: ["CROACCOUNTING"], branches: ["MNL", "DVO"] },
    ...people,
  };
  for (const [who, p] of Object.entries(cast)) {
    const role = await createRole(db, p.grants);
    const user = await createUser(db, { userId: `${tag.toLowerCase()}-${who}`, password: "acc-password-123", roleKey: role.id });
    for (const [i, code] of p.branches.entries()) {
      const branch = await ensureBranch(db, code);
      await db.insert(userBranches).values({ userKey: user.id, branchId: branch.id, defaultBranch: i === 0 });
    }
    tokens[who] = await signIn(t, `${tag.toLowerCase()}-${who}`, "acc-password-123");
  }
  const call = (who: string, method: string, path: string, body?: unknown) => t.call(method, `/api${path}`, { token: tokens[who], body });
  return { voyageNum, call, tokens, waybill, voyage };
}
