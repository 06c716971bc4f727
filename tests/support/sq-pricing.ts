import type { Db } from "../../db/client.ts";
import {
  areas,
  branches,
  cargoTypes,
  charges,
  companyPolicies,
  customers,
  freightRates,
  ports,
  portRates,
  serviceModes,
  truckingRates,
} from "../../db/schema/index.ts";

/**
 * A small rate book for pricing quotations, with figures chosen so every amount can be worked out by hand:
 * Manila (port PMNL) to Cebu (PCEB); a door area at each end, the Cebu one a back-load area; freight per TEU
 * and per TON, port charges per TEU and per BAG, trucking with tandem and back-load rates, an open-van fee and
 * the insurance policies. The older freight rate shows the rate in force follows the quotation date.
 */
export const BOOK = {
  freightPerTeu: { before: "10000.00", fromJune: "12500.00" },
  freightPerTon: "1850.50",
  arrastreOrigin: "1120.00",
  arrastreDestination: "980.00",
  wharfagePerBag: "35.75",
  openVanFee: "1500.00",
  truckingQc: { standard: "4500.00", tandem: "3800.00" },
  truckingMandaue: { standard: "5200.00", backload: "4100.00", tandem: "4400.00" },
  insuredValuePerTeu: "100000.00",
  insuranceRate: "0.0025",
} as const;

export async function seedRateBook(db: Db) {
  await db.insert(branches).values([{ code: "MNL", name: "Manila" }, { code: "CEB", name: "Cebu" }]).onConflictDoNothing();
  await db.insert(ports).values([
    { code: "PMNL", name: "Port of Manila", branchCode: "MNL" },
    { code: "PCEB", name: "Port of Cebu", branchCode: "CEB" },
  ]);
  await db.insert(areas).values([
    { code: "QC", name: "Quezon City", branchCode: "MNL", portCode: "PMNL", province: "Metro Manila", city: "Quezon City" },
    { code: "MANDAUE", name: "Mandaue", branchCode: "CEB", portCode: "PCEB", province: "Cebu", city: "Mandaue", isBackLoad: true },
  ]);
  await db.insert(serviceModes).values([
    { code: "PTP", name: "Port to port" },
    { code: "DTD", name: "Door to door", doorOrigin: true, doorDestination: true },
  ]);
  await db.insert(cargoTypes).values([{ code: "DRY", name: "Dry cargo" }, { code: "BULK", name: "Breakbulk", isContainerized: false }]);
  await db.insert(customers).values({ code: "PHT", company: "Pacific Harbor Trading", customerContactEmail: "ops@pacific.example", customerType: "BOTH" });
  const charge = (code: string, name: string, category: string, chargeClass: string, unitOfMeasure: string, extra: Partial<typeof charges.$inferInsert> = {}) =>
    ({ code, name, category, chargeClass, unitOfMeasure, effectiveDateBasis: "SQ_DATE", ...extra });
  await db.insert(charges).values([
    charge("001", "Ocean freight", "FREIGHT", "ORIGIN", "perTeu"),
    charge("003", "Ocean freight by weight", "FREIGHT", "ORIGIN", "perTon"),
    charge("004", "Arrastre", "PORT", "BOTH", "perTeu"),
    charge("005", "Wharfage", "PORT", "DESTINATION", "perBag"),
    charge("006", "Trucking tariff", "TRUCKING", "BOTH", "perTeu", { backLoadApply: true }),
    charge("017", "Open van fee", "PORT", "ORIGIN", "perTeu", { openVanApply: true }),
    charge("INS", "Insurance premium", "INSURANCE", "ORIGIN", "perTeu", { isInsurancePremium: true }),
  ]);
  await db.insert(freightRates).values([
    { chargeCode: "001", portCodeOrigin: "PMNL", portCodeDestination: "PCEB", branchCodeOrigin: "MNL", branchCodeDestination: "CEB", dateEffective: "2026-01-01", stdRateWvat: BOOK.freightPerTeu.before },
    { chargeCode: "001", portCodeOrigin: "PMNL", portCodeDestination: "PCEB", branchCodeOrigin: "MNL", branchCodeDestination: "CEB", dateEffective: "2026-06-01", stdRateWvat: BOOK.freightPerTeu.fromJune },
    { chargeCode: "003", portCodeOrigin: "PMNL", portCodeDestination: "PCEB", branchCodeOrigin: "MNL", branchCodeDestination: "CEB", dateEffective: "2026-01-01", stdRateWvat: BOOK.freightPerTon },
  ]);
  await db.insert(portRates).values([
    { chargeCode: "004", branchCode: "MNL", portCode: "PMNL", dateEffective: "2026-01-01", stdRateWvat: BOOK.arrastreOrigin },
    { chargeCode: "004", branchCode: "CEB", portCode: "PCEB", dateEffective: "2026-01-01", stdRateWvat: BOOK.arrastreDestination },
    { chargeCode: "005", branchCode: "CEB", portCode: "PCEB", dateEffective: "2026-01-01", stdRateWvat: BOOK.wharfagePerBag },
    { chargeCode: "017", branchCode: "MNL", portCode: "PMNL", dateEffective: "2026-01-01", stdRateWvat: BOOK.openVanFee },
  ]);
  await db.insert(truckingRates).values([
    { chargeCode: "006", areaCode: "QC", portCode: "PMNL", branchCode: "MNL", dateEffective: "2026-01-01", stdRateWvat: BOOK.truckingQc.standard, stdRateTandemRates: BOOK.truckingQc.tandem },
    { chargeCode: "006", areaCode: "MANDAUE", portCode: "PCEB", branchCode: "CEB", dateEffective: "2026-01-01", stdRateWvat: BOOK.truckingMandaue.standard, backloadRateWvat: BOOK.truckingMandaue.backload, stdRateTandemRates: BOOK.truckingMandaue.tandem },
  ]);
  await db.insert(companyPolicies).values([
    { code: "C0001", description: "Free storage days", defaultValueDecimal: "5", dateEffective: "2026-01-01" },
    { code: "C0002", description: "Free detention days", defaultValueDecimal: "7", dateEffective: "2026-01-01" },
    { code: "C0003", description: "Demurrage per day", defaultValueDecimal: "850", dateEffective: "2026-01-01" },
    { code: "C0004", description: "Insured value per 20-foot van", defaultValueDecimal: BOOK.insuredValuePerTeu, dateEffective: "2026-01-01" },
    { code: "C0005", description: "Insurance rate", defaultValueDecimal: BOOK.insuranceRate, dateEffective: "2026-01-01" },
    { code: "C0007", description: "Claim days", defaultValueDecimal: "30", dateEffective: "2026-01-01" },
    { code: "C0013", description: "Detention fee per day", defaultValueDecimal: "1200", dateEffective: "2026-01-01" },
  ]);
}

/** A port-to-port lane Manila to Cebu, one TEU. */
export const PORT_LANE = { serviceModeCode: "PTP", originPortCode: "PMNL", destinationPortCode: "PCEB", teu: 1 };
/** Door to door: Quezon City to Mandaue. */
export const DOOR_LANE = { ...PORT_LANE, serviceModeCode: "DTD", originAreaCode: "QC", destinationAreaCode: "MANDAUE" };
