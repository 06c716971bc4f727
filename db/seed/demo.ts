import type {
  areas,
  cargoTypes,
  chargeItemCodes,
  charges,
  chargeServicesMatrices,
  commodities,
  commodityCategories,
  companyPolicies,
  containerVans,
  customerAddresses,
  customerCharges,
  customers,
  freightRates,
  portRates,
  routes,
  serviceModes,
  StowageSlot,
  stowageTemplates,
  truckingRates,
  truckings,
  vessels,
  vesselStowagePlans,
  holidays,
  workSchedules,
} from "../schema/master-data.ts";

/**
 * The seller on every invoice a branch issues (domain notes §6): the company's registered name and business
 * style, and its TIN with the branch's own code (the head office is 00000). Test data, not a real TIN.
 */
const SELLER = { registeredName: "Lading Shipping Lines, Inc.", businessStyle: "Lading Lines" };
const sellerTin = (branchNo: number) => `009-284-517-${String(branchNo).padStart(5, "0")}`;

/** A small demo data set: the line's branches and the ports they serve. */
export const DEMO_BRANCHES = [
  { code: "MNL", name: "Manila", address: "Pier 2, North Harbor, Tondo, Manila", ...SELLER, tin: sellerTin(0) },
  { code: "CEB", name: "Cebu", address: "Pier 4, Cebu International Port, Cebu City", ...SELLER, tin: sellerTin(1) },
  { code: "DVO", name: "Davao", address: "Sasa Wharf, Davao City", ...SELLER, tin: sellerTin(2) },
  { code: "CGY", name: "Cagayan de Oro", address: "Macabalan Wharf, Cagayan de Oro City", ...SELLER, tin: sellerTin(3) },
  { code: "ILO", name: "Iloilo", address: "Fort San Pedro, Iloilo City", ...SELLER, tin: sellerTin(4) },
  { code: "BCD", name: "Bacolod", address: "BREDCO Port, Bacolod City", ...SELLER, tin: sellerTin(5) },
  { code: "GES", name: "General Santos", address: "Makar Wharf, General Santos City", ...SELLER, tin: sellerTin(6) },
  { code: "ZAM", name: "Zamboanga", address: "Port of Zamboanga, Zamboanga City", ...SELLER, tin: sellerTin(7) },
];

export const DEMO_PORTS = [
  { code: "MNLN", name: "Manila North Harbor", branchCode: "MNL", location: "Tondo, Manila" },
  { code: "MNLS", name: "Manila South Harbor", branchCode: "MNL", location: "Port Area, Manila" },
  { code: "BTG", name: "Batangas Port", branchCode: "MNL", location: "Batangas City" },
  { code: "CEB", name: "Cebu International Port", branchCode: "CEB", location: "Cebu City" },
  { code: "TAG", name: "Tagbilaran Port", branchCode: "CEB", location: "Tagbilaran, Bohol" },
  { code: "DVO", name: "Sasa Wharf", branchCode: "DVO", location: "Davao City" },
  { code: "CGY", name: "Macabalan Port", branchCode: "CGY", location: "Cagayan de Oro City" },
  { code: "ILO", name: "Iloilo Commercial Port", branchCode: "ILO", location: "Iloilo City" },
  { code: "BCD", name: "BREDCO Port", branchCode: "BCD", location: "Bacolod City" },
  { code: "GES", name: "Makar Wharf", branchCode: "GES", location: "General Santos City" },
  { code: "ZAM", name: "Zamboanga Port", branchCode: "ZAM", location: "Zamboanga City" },
  { code: "PPS", name: "Puerto Princesa Port", branchCode: "MNL", location: "Puerto Princesa, Palawan" },
];

/** Container yards (CYs) where DAT staff work; users pick theirs in the Choose CY dialog. */
export const DEMO_CONTAINER_YARDS = [
  { code: "MNL-CY1", name: "North Harbor CY 1", branchCode: "MNL", address: "Pier 2, North Harbor, Tondo, Manila" },
  { code: "MNL-CY2", name: "Parola CY", branchCode: "MNL", address: "Parola Compound, Tondo, Manila" },
  { code: "CEB-CY1", name: "Cebu Pier 4 CY", branchCode: "CEB", address: "Pier 4, Cebu City" },
  { code: "DVO-CY1", name: "Sasa CY", branchCode: "DVO", address: "Sasa, Davao City" },
];

// ---------------------------------------------------------------------------------------------------------
// Everything below fills the remaining master-data tables, so a fresh installation shows a working line on
// every screen. Records are typed by their table's insert shape (without the id and audit columns, which the
// seeder fills); tests/api/demo-data.test.ts checks each one against its entity contract as well.

type Seed<T extends { $inferInsert: object }> = Omit<T["$inferInsert"], "id" | "userCreated" | "userModified" | "dateCreated" | "dateModified">;

const BRANCH_CODES = DEMO_BRANCHES.map((b) => b.code);

/** Pick-up and delivery areas; back-load areas are where empty trucks come back through. */
export const DEMO_AREAS: Seed<typeof areas>[] = [
  { code: "MNL-TON", name: "Tondo", branchCode: "MNL", portCode: "MNLN", province: "Metro Manila", city: "Tondo I/II (Manila)" },
  { code: "MNL-QC", name: "Quezon City", branchCode: "MNL", portCode: "MNLN", province: "Metro Manila", city: "Quezon City" },
  { code: "MNL-CAV", name: "Cavite", branchCode: "MNL", portCode: "MNLS", province: "Cavite", city: "Dasmariñas City", isBackLoad: true },
  { code: "MNL-LAG", name: "Laguna", branchCode: "MNL", portCode: "MNLS", province: "Laguna", city: "Calamba City", isBackLoad: true },
  { code: "MNL-BTG", name: "Batangas City", branchCode: "MNL", portCode: "BTG", province: "Batangas", city: "Batangas City" },
  { code: "CEB-CTY", name: "Cebu City", branchCode: "CEB", portCode: "CEB", province: "Cebu", city: "Cebu City" },
  { code: "CEB-MAN", name: "Mandaue", branchCode: "CEB", portCode: "CEB", province: "Cebu", city: "Mandaue City" },
  { code: "CEB-LLC", name: "Lapu-Lapu", branchCode: "CEB", portCode: "CEB", province: "Cebu", city: "Lapu-Lapu City", isBackLoad: true },
  { code: "CEB-TAG", name: "Tagbilaran", branchCode: "CEB", portCode: "TAG", province: "Bohol", city: "Tagbilaran City" },
  { code: "DVO-CTY", name: "Davao City", branchCode: "DVO", portCode: "DVO", province: "Davao del Sur", city: "Davao City" },
  { code: "DVO-DIG", name: "Digos", branchCode: "DVO", portCode: "DVO", province: "Davao del Sur", city: "Digos City", isBackLoad: true },
  { code: "DVO-TAG", name: "Tagum", branchCode: "DVO", portCode: "DVO", province: "Davao del Norte", city: "Tagum City" },
  { code: "CGY-CTY", name: "Cagayan de Oro City", branchCode: "CGY", portCode: "CGY", province: "Misamis Oriental", city: "Cagayan De Oro City" },
  { code: "CGY-TAG", name: "Tagoloan", branchCode: "CGY", portCode: "CGY", province: "Misamis Oriental", city: "Tagoloan", isBackLoad: true },
  { code: "CGY-MAL", name: "Malaybalay", branchCode: "CGY", portCode: "CGY", province: "Bukidnon", city: "Malaybalay City" },
  { code: "ILO-CTY", name: "Iloilo City", branchCode: "ILO", portCode: "ILO", province: "Iloilo", city: "Iloilo City" },
  { code: "ILO-PAV", name: "Pavia", branchCode: "ILO", portCode: "ILO", province: "Iloilo", city: "Pavia", isBackLoad: true },
  { code: "BCD-CTY", name: "Bacolod City", branchCode: "BCD", portCode: "BCD", province: "Negros Occidental", city: "Bacolod City" },
  { code: "BCD-SIL", name: "Silay", branchCode: "BCD", portCode: "BCD", province: "Negros Occidental", city: "Silay City", isBackLoad: true },
  { code: "GES-CTY", name: "General Santos City", branchCode: "GES", portCode: "GES", province: "South Cotabato", city: "General Santos City" },
  { code: "GES-POL", name: "Polomolok", branchCode: "GES", portCode: "GES", province: "South Cotabato", city: "Polomolok", isBackLoad: true },
  { code: "GES-KOR", name: "Koronadal", branchCode: "GES", portCode: "GES", province: "South Cotabato", city: "Koronadal City" },
  { code: "ZAM-CTY", name: "Zamboanga City", branchCode: "ZAM", portCode: "ZAM", province: "Zamboanga del Sur", city: "Zamboanga City" },
  { code: "ZAM-PAG", name: "Pagadian", branchCode: "ZAM", portCode: "ZAM", province: "Zamboanga del Sur", city: "Pagadian City" },
];

export const DEMO_CARGO_TYPES: Seed<typeof cargoTypes>[] = [
  { code: "DRY", name: "Dry cargo", description: "General cargo in a standard dry van" },
  { code: "REEFER", name: "Refrigerated cargo", description: "Chilled or frozen cargo in a powered reefer van" },
  { code: "DG", name: "Dangerous goods", description: "Classified hazardous cargo that needs a permit" },
  { code: "ROLLING", name: "Rolling cargo", description: "Vehicles and equipment driven on board", isContainerized: false },
  { code: "BREAKBULK", name: "Breakbulk", description: "Loose cargo loaded piece by piece", isContainerized: false },
];

export const DEMO_SERVICE_MODES: Seed<typeof serviceModes>[] = [
  { code: "DTD", name: "Door to door", doorOrigin: true, doorDestination: true },
  { code: "DTP", name: "Door to port", doorOrigin: true, doorDestination: false },
  { code: "PTD", name: "Port to door", doorOrigin: false, doorDestination: true },
  { code: "PTP", name: "Port to port", doorOrigin: false, doorDestination: false },
];

export const DEMO_ROUTES: Seed<typeof routes>[] = [
  { code: "MNL-CEB", name: "Manila - Cebu", originBranchCode: "MNL", destinationBranchCodes: ["CEB"] },
  { code: "MNL-DVO", name: "Manila - Davao", originBranchCode: "MNL", destinationBranchCodes: ["DVO"] },
  { code: "MNL-CGY", name: "Manila - Cagayan de Oro", originBranchCode: "MNL", destinationBranchCodes: ["CGY"] },
  { code: "MNL-CEB-DVO", name: "Manila - Cebu - Davao", originBranchCode: "MNL", destinationBranchCodes: ["CEB", "DVO"] },
  { code: "MNL-ILO-BCD", name: "Manila - Iloilo - Bacolod", originBranchCode: "MNL", destinationBranchCodes: ["ILO", "BCD"] },
  { code: "MNL-ZAM-GES", name: "Manila - Zamboanga - General Santos", originBranchCode: "MNL", destinationBranchCodes: ["ZAM", "GES"] },
  { code: "CEB-MNL", name: "Cebu - Manila", originBranchCode: "CEB", destinationBranchCodes: ["MNL"] },
  { code: "CEB-DVO", name: "Cebu - Davao", originBranchCode: "CEB", destinationBranchCodes: ["DVO"] },
  { code: "DVO-MNL", name: "Davao - Manila", originBranchCode: "DVO", destinationBranchCodes: ["MNL"] },
  { code: "DVO-CEB", name: "Davao - Cebu", originBranchCode: "DVO", destinationBranchCodes: ["CEB"] },
  { code: "CGY-MNL", name: "Cagayan de Oro - Manila", originBranchCode: "CGY", destinationBranchCodes: ["MNL"] },
  { code: "ILO-MNL", name: "Iloilo - Manila", originBranchCode: "ILO", destinationBranchCodes: ["MNL"] },
  { code: "BCD-MNL", name: "Bacolod - Manila", originBranchCode: "BCD", destinationBranchCodes: ["MNL"] },
  { code: "GES-MNL", name: "General Santos - Manila", originBranchCode: "GES", destinationBranchCodes: ["MNL"] },
  { code: "ZAM-MNL", name: "Zamboanga - Manila", originBranchCode: "ZAM", destinationBranchCodes: ["MNL"] },
];

// ------------------------------------------------------------------------------------------------ charges

type ChargeSeed = Seed<typeof charges>;
/** What every charge of the line shares unless it says otherwise: all branches, booking-date rates. */
const chargeOf = (c: Pick<ChargeSeed, "code" | "name" | "category" | "chargeClass"> & Partial<ChargeSeed>): ChargeSeed => ({
  printName: c.name,
  unitOfMeasure: "perTeu",
  effectiveDateBasis: "BOOKING_DATE",
  appliedBranches: BRANCH_CODES,
  glAccount: `4100-${c.code}`,
  cargoType: null,
  strippingType: null,
  ...c,
});

/** One charge per code of the reference list (001 §9), in the same order. */
export const DEMO_CHARGES: ChargeSeed[] = [
  chargeOf({ code: "001", name: "Freight - dry", printName: "Ocean freight", category: "FREIGHT", chargeClass: "ORIGIN", cargoType: "DRY", effectiveDateBasis: "DEPARTURE_DATE" }),
  chargeOf({ code: "002", name: "Freight - reefer", printName: "Ocean freight (reefer)", category: "FREIGHT", chargeClass: "ORIGIN", cargoType: "REEFER", effectiveDateBasis: "DEPARTURE_DATE" }),
  chargeOf({ code: "003", name: "Freight - rolling cargo", printName: "Ocean freight (rolling)", category: "FREIGHT", chargeClass: "ORIGIN", cargoType: "ROLLING", unitOfMeasure: "perTon", effectiveDateBasis: "DEPARTURE_DATE" }),
  chargeOf({ code: "004", name: "Port charge - origin", printName: "Arrastre", category: "PORT", chargeClass: "ORIGIN" }),
  chargeOf({ code: "007", name: "Port charge - destination", printName: "Arrastre", category: "PORT", chargeClass: "DESTINATION" }),
  chargeOf({ code: "008", name: "Port charge - breakbulk", printName: "Arrastre", category: "PORT", chargeClass: "BOTH", cargoType: "BREAKBULK", unitOfMeasure: "perTon" }),
  chargeOf({ code: "005", name: "Wharfage", printName: "Weighing fee", category: "PORT", chargeClass: "BOTH" }),
  chargeOf({ code: "006", name: "Trucking tariff", category: "TRUCKING", chargeClass: "BOTH", backLoadApply: true }),
  chargeOf({ code: "009", name: "CY stuffing", category: "STRIPPING_STUFFING", chargeClass: "ORIGIN", isStrippingStuffingCharge: true }),
  chargeOf({ code: "010", name: "CY stripping", category: "STRIPPING_STUFFING", chargeClass: "DESTINATION", isStrippingStuffingCharge: true, strippingType: "010" }),
  chargeOf({ code: "011", name: "CY stripping MANO", category: "STRIPPING_STUFFING", chargeClass: "DESTINATION", isStrippingStuffingCharge: true, strippingType: "011" }),
  chargeOf({ code: "012", name: "Stripping - destination trucking MANO", category: "STRIPPING_STUFFING", chargeClass: "DESTINATION", isStrippingStuffingCharge: true, strippingType: "012" }),
  chargeOf({ code: "013", name: "Stuffing - origin trucking MANO", category: "STRIPPING_STUFFING", chargeClass: "ORIGIN", isStrippingStuffingCharge: true }),
  chargeOf({ code: "014", name: "Lift on/off fee", category: "OTHER", chargeClass: "BOTH", isLiftOnOff: true }),
  chargeOf({ code: "015", name: "Dangerous cargo fee", category: "OTHER", chargeClass: "ORIGIN", cargoType: "DG", isDangerousCargo: true }),
  chargeOf({ code: "016", name: "Permit fee", category: "OTHER", chargeClass: "ORIGIN", isPermitFee: true, isVatable: false, taxClass: "EXEMPT" }),
  chargeOf({ code: "017", name: "Open van fee", category: "OTHER", chargeClass: "ORIGIN", openVanApply: true }),
  chargeOf({ code: "018", name: "Stuffing mano", category: "STRIPPING_STUFFING", chargeClass: "ORIGIN", isStrippingStuffingCharge: true }),
  chargeOf({ code: "020", name: "Van out", category: "OTHER", chargeClass: "ORIGIN", isVanOut: true }),
  chargeOf({ code: "VOFD", name: "Van out for delivery", printName: "Van out", category: "OTHER", chargeClass: "DESTINATION", isVanOut: true }),
  chargeOf({ code: "SOC", name: "Shipper-owned container", printName: "SOC", category: "OTHER", chargeClass: "ORIGIN", isShipperOwn: true }),
  chargeOf({ code: "INS", name: "Insurance premium", category: "INSURANCE", chargeClass: "ORIGIN", isInsurancePremium: true, isVatable: false, taxClass: "EXEMPT" }),
  chargeOf({ code: "AMF", name: "Amendment fee", category: "OTHER", chargeClass: "BOTH", isSpecialCharge: true, showInSq: false }),
  chargeOf({ code: "BSC", name: "Fuel surcharge", printName: "Bunker surcharge", category: "FREIGHT", chargeClass: "ORIGIN", effectiveDateBasis: "DEPARTURE_DATE" }),
];

/** The accounting item code of every charge at every branch: the branch prefix and the charge code. */
export const DEMO_CHARGE_ITEM_CODES: Seed<typeof chargeItemCodes>[] = DEMO_CHARGES.flatMap((charge) =>
  DEMO_BRANCHES.map((branch) => ({
    chargeCode: charge.code,
    branchCode: branch.code,
    itemCode: `SV-${branch.code}-${charge.code}`,
    description: `${charge.name} (${branch.name})`,
  }))
);

type MatrixSeed = Seed<typeof chargeServicesMatrices>;
/** [charge, part, service modes, cargo types, required]: compact, since most charges cover several pairs. */
const MATRIX_PLAN: [string, MatrixSeed["chargePart"], string[], string[], boolean][] = [
  ["001", "FREIGHT", ["DTD", "DTP", "PTD", "PTP"], ["DRY", "DG"], true],
  ["002", "FREIGHT", ["DTD", "DTP", "PTD", "PTP"], ["REEFER"], true],
  ["003", "FREIGHT", ["PTP"], ["ROLLING"], true],
  ["BSC", "FREIGHT", ["DTD", "DTP", "PTD", "PTP"], ["DRY", "REEFER"], true],
  ["004", "PORT_ORIGIN", ["PTD", "PTP"], ["DRY", "REEFER", "DG"], true],
  ["007", "PORT_DESTINATION", ["DTP", "PTP"], ["DRY", "REEFER", "DG"], true],
  ["008", "PORT_DESTINATION", ["PTP"], ["BREAKBULK"], true],
  ["005", "PORT_ORIGIN", ["DTD", "DTP", "PTD", "PTP"], ["DRY", "REEFER"], true],
  ["006", "TRUCKING_ORIGIN", ["DTD", "DTP"], ["DRY", "REEFER"], true],
  ["006", "TRUCKING_DESTINATION", ["PTD"], ["DRY", "REEFER"], true],
  ["009", "PORT_ORIGIN", ["PTD", "PTP"], ["DRY"], false],
  ["010", "PORT_DESTINATION", ["DTP", "PTP"], ["DRY"], false],
  ["011", "PORT_DESTINATION", ["DTP", "PTP"], ["REEFER"], false],
  ["012", "TRUCKING_DESTINATION", ["DTD", "PTD"], ["DRY"], false],
  ["013", "TRUCKING_ORIGIN", ["DTD", "DTP"], ["DRY"], false],
  ["014", "PORT_ORIGIN", ["PTP"], ["DRY", "REEFER"], false],
  ["015", "FREIGHT", ["DTD", "DTP", "PTD", "PTP"], ["DG"], true],
  ["016", "PORT_ORIGIN", ["DTD", "DTP", "PTD", "PTP"], ["DRY", "REEFER", "DG"], false],
  ["017", "FREIGHT", ["PTP"], ["DRY"], false],
  ["018", "TRUCKING_ORIGIN", ["DTD", "DTP"], ["REEFER"], false],
  // A van goes out on its own only port to port (bookings' HANDLING_CHOICES): VAN OUT at either end.
  ["020", "PORT_ORIGIN", ["PTP"], ["DRY", "REEFER", "DG"], false],
  ["VOFD", "PORT_DESTINATION", ["PTP"], ["DRY", "REEFER", "DG"], false],
  ["SOC", "FREIGHT", ["PTP", "DTP"], ["DRY"], false],
  ["INS", "FREIGHT", ["DTD", "DTP", "PTD", "PTP"], ["DRY", "REEFER", "DG"], false],
  ["AMF", "FREIGHT", ["PTP"], ["REEFER"], false],
];

export const DEMO_CHARGE_SERVICES_MATRICES: MatrixSeed[] = MATRIX_PLAN.flatMap(([chargeCode, chargePart, modes, kinds, isRequired]) =>
  modes.flatMap((serviceModeCode) => kinds.map((cargoTypeCode) => ({ chargeCode, serviceModeCode, cargoTypeCode, chargePart, isRequired })))
);

/** One value per policy code, with C0004 and C0005 raised in mid-2026 so both versions show. */
export const DEMO_COMPANY_POLICIES: Seed<typeof companyPolicies>[] = [
  { code: "C0001", description: "Free storage days", defaultValueDecimal: "5", dateEffective: "2025-01-01" },
  { code: "C0002", description: "Free detention days", defaultValueDecimal: "7", dateEffective: "2025-01-01" },
  { code: "C0003", description: "Demurrage per day", defaultValueDecimal: "850.00", dateEffective: "2025-01-01" },
  { code: "C0004", description: "Insured value per 20-foot van", defaultValueDecimal: "100000.00", dateEffective: "2025-01-01" },
  { code: "C0004", description: "Insured value per 20-foot van", defaultValueDecimal: "150000.00", dateEffective: "2026-06-01" },
  { code: "C0005", description: "Insurance rate (fraction of the insured value)", defaultValueDecimal: "0.0025", dateEffective: "2025-01-01" },
  { code: "C0005", description: "Insurance rate (fraction of the insured value)", defaultValueDecimal: "0.0030", dateEffective: "2026-06-01" },
  { code: "C0007", description: "Claim days", defaultValueDecimal: "30", dateEffective: "2025-01-01" },
  { code: "AMENDMENT FEE", description: "Amendment fee of a booking change approved once the cargo is loaded", defaultValueDecimal: "1120.00", dateEffective: "2025-01-01" },
  { code: "C0013", description: "Detention fee per day", defaultValueDecimal: "1200.00", dateEffective: "2025-01-01" },
  { code: "VAN-OUT FEE IN PESO", description: "Van-out fee", defaultValueDecimal: "2500.00", dateEffective: "2025-01-01", inputtedString: "PHP" },
  { code: "STORAGE FEE PER TEU", description: "Storage fee per TEU per day", defaultValueDecimal: "900.00", dateEffective: "2025-01-01" },
  { code: "FREE TIME RATE BASIS", description: "Demurrage and detention per TEU or per van", dateEffective: "2025-01-01", inputtedString: "TEU" },
  { code: "OUTBOUND DEMURRAGE", description: "Demurrage at the origin from CY-in to loading", dateEffective: "2025-01-01", inputtedString: "OFF" },
];

// -------------------------------------------------------------------------------------------------- rates

/** Rates are kept with VAT; a whole-peso net amount times 1.12 stays exact to the centavo. */
const withVat = (net: number) => (net * 112 / 100).toFixed(2);
const PORT_BRANCH = new Map(DEMO_PORTS.map((p) => [p.code, p.branchCode]));
const RATE_DATES = ["2026-01-01", "2026-07-01"] as const;

/** Main lanes by origin and destination port, with the dry-van net rate per TEU of the first half of 2026. */
const LANES: [string, string, number][] = [
  ["MNLN", "CEB", 18000], ["MNLN", "DVO", 26000], ["MNLN", "CGY", 23000], ["MNLN", "ILO", 17000],
  ["MNLN", "BCD", 17500], ["MNLN", "ZAM", 24000], ["MNLN", "GES", 27000], ["BTG", "CEB", 16500],
  ["CEB", "MNLN", 16000], ["CEB", "DVO", 15000], ["DVO", "MNLN", 21000], ["DVO", "CEB", 14000],
  ["CGY", "MNLN", 19000], ["ILO", "MNLN", 14500], ["BCD", "MNLN", 15000], ["GES", "MNLN", 22000], ["ZAM", "MNLN", 20000],
];

/** Dry (001) and reefer (002) freight per lane; the July 2026 rates are 6 % up on January's. */
export const DEMO_FREIGHT_RATES: Seed<typeof freightRates>[] = LANES.flatMap(([from, to, dry]) =>
  RATE_DATES.flatMap((dateEffective, version) =>
    ([["001", dry], ["002", dry * 1.6]] as const).map(([chargeCode, base]) => {
      const net = Math.round((version === 0 ? base : base * 1.06) / 100) * 100;
      return {
        dateEffective,
        chargeCode,
        portCodeOrigin: from,
        portCodeDestination: to,
        branchCodeOrigin: PORT_BRANCH.get(from)!,
        branchCodeDestination: PORT_BRANCH.get(to)!,
        fastandardRates: net.toFixed(2),
        stdRateWvat: withVat(net),
      };
    })
  )
);

/**
 * Arrastre (004 and 007) and wharfage (005) at every port, the two big Manila harbours dearer; the permit fee (016,
 * VAT-exempt: the permit's own cost) and the van-out fees (020 leaving the origin, VOFD at the destination, at the
 * VAN-OUT FEE IN PESO policy's 2,500.00) everywhere too. A waybill bills these last three only when they apply.
 */
export const DEMO_PORT_RATES: Seed<typeof portRates>[] = DEMO_PORTS.flatMap((port) => {
  const big = port.code === "MNLN" || port.code === "MNLS";
  const rates: [string, string][] = [
    ["004", withVat(big ? 2100 : 1650)], ["007", withVat(big ? 2100 : 1650)], ["005", withVat(big ? 450 : 380)],
    ["016", "750.00"], ["020", "2500.00"], ["VOFD", "2500.00"],
  ];
  return rates.map(([chargeCode, stdRateWvat]) => ({
    dateEffective: RATE_DATES[0],
    chargeCode,
    branchCode: port.branchCode,
    portCode: port.code,
    stdRateWvat,
  }));
});

/** The trucking tariff (006) of every area from its port: a back-load price where trucks return empty, and a tandem price. */
export const DEMO_TRUCKING_RATES: Seed<typeof truckingRates>[] = DEMO_AREAS.flatMap((area, i) => {
  const net = 3500 + (i % 5) * 750;
  return RATE_DATES.map((dateEffective, version) => {
    const std = version === 0 ? net : net + 250;
    return {
      dateEffective,
      chargeCode: "006",
      areaCode: area.code,
      portCode: area.portCode!,
      branchCode: area.branchCode,
      stdRateWvat: withVat(std),
      backloadRateWvat: area.isBackLoad ? withVat(Math.round(std * 0.7)) : null,
      stdRateTandemRates: withVat(Math.round(std * 1.8)),
    };
  });
});

// ---------------------------------------------------------------------------------------------- customers

type CustomerSeed = Seed<typeof customers>;
const company = (code: string, name: string, customerType: CustomerSeed["customerType"], branchCode: string, address: string, email: string, extra: Partial<CustomerSeed> = {}): CustomerSeed => ({
  code, company: name, customerType, branchCode, address, customerContactEmail: email,
  contactNum: `(02) 8${code.slice(-3)}-4${code.slice(-3)}`,
  tin: `00${code.slice(-1)}-${code.slice(-3)}-418-000`,
  // The companies of the line's book are VAT-registered; the private shippers below are not.
  vatRegistered: true,
  ...extra,
});
const person = (code: string, first: string, mi: string, last: string, customerType: CustomerSeed["customerType"], branchCode: string, address: string, extra: Partial<CustomerSeed> = {}): CustomerSeed => ({
  code, company: `${first} ${mi}. ${last}`, firstName: first, middleInitial: mi, lastName: last, customerType, branchCode, address,
  customerContactEmail: `${first}.${last}@mail.example.ph`.toLowerCase().replace(/\s+/g, ""),
  contactNum: `09${17 + (code.charCodeAt(code.length - 1) % 9)} ${code.slice(-3)} 21${code.slice(-2)}`,
  isPayor: customerType !== "CONSIGNEE",
  ...extra,
});

/** Companies and private shippers around the line's branches. */
export const DEMO_CUSTOMERS: CustomerSeed[] = [
  company("CUS-001", "Pacific Harbor Trading Corp.", "BOTH", "MNL", "Unit 5, Delpan St., Tondo, Manila", "logistics@pacificharbor.example.ph", { withholding: "PRIVATE" }),
  company("CUS-002", "Luzon Rice Mills Inc.", "SHIPPER", "MNL", "MacArthur Hwy., Malolos City, Bulacan", "dispatch@luzonrice.example.ph", { isPerBag: true }),
  company("CUS-003", "Southern Tagalog Cement Co.", "SHIPPER", "MNL", "National Road, Batangas City", "shipping@stcement.example.ph", { isPerBag: true, withholding: "PRIVATE", isTopWithholdingAgent: true }),
  company("CUS-004", "Metro Appliance Depot", "SHIPPER", "MNL", "EDSA, Quezon City", "orders@metroappliance.example.ph"),
  company("CUS-005", "Calamba Auto Parts Supply", "BOTH", "MNL", "Real, Calamba City, Laguna", "sales@calambaauto.example.ph"),
  company("CUS-006", "Visayan Copra Traders Inc.", "BOTH", "CEB", "A. Soriano Ave., Cebu City", "traffic@visayancopra.example.ph"),
  company("CUS-007", "Mandaue Furniture Makers Coop", "SHIPPER", "CEB", "Ouano Ave., Mandaue City", "export@mandauefurniture.example.ph"),
  company("CUS-008", "Bohol Native Crafts", "CONSIGNEE", "CEB", "CPG Ave., Tagbilaran City, Bohol", "hello@boholcrafts.example.ph", { isPayor: false }),
  company("CUS-009", "Mindanao Banana Growers Assn.", "SHIPPER", "DVO", "Km. 9, Sasa, Davao City", "shipping@mbga.example.ph"),
  company("CUS-010", "Davao Fresh Produce Corp.", "BOTH", "DVO", "J.P. Laurel Ave., Davao City", "ops@davaofresh.example.ph", { isCollectionPayor: true }),
  company("CUS-011", "Tagum Cacao Exporters", "SHIPPER", "DVO", "Apokon Road, Tagum City", "cacao@tagumexport.example.ph"),
  company("CUS-012", "Northern Mindanao Pineapple Co.", "SHIPPER", "CGY", "Tagoloan, Misamis Oriental", "logistics@nmpineapple.example.ph"),
  company("CUS-013", "CDO Hardware Center", "CONSIGNEE", "CGY", "Corrales Ave., Cagayan de Oro City", "purchasing@cdohardware.example.ph", { isPayor: false }),
  company("CUS-014", "Panay Sugar Central", "SHIPPER", "ILO", "Pavia, Iloilo", "traffic@panaysugar.example.ph", { isPerBag: true }),
  company("CUS-015", "Iloilo Grocery Distributors", "CONSIGNEE", "ILO", "Iznart St., Iloilo City", "receiving@ilogrocery.example.ph"),
  company("CUS-016", "Negros Muscovado Trading", "SHIPPER", "BCD", "Lacson St., Bacolod City", "orders@negrosmuscovado.example.ph"),
  company("CUS-017", "GenSan Tuna Canners Inc.", "BOTH", "GES", "Calumpang, General Santos City", "shipping@gensantuna.example.ph", { isCollectionPayor: true }),
  company("CUS-018", "South Cotabato Agri Supply", "CONSIGNEE", "GES", "Polomolok, South Cotabato", "store@socotagri.example.ph"),
  company("CUS-019", "Zamboanga Sardines Corp.", "SHIPPER", "ZAM", "Canelar, Zamboanga City", "dispatch@zamsardines.example.ph"),
  company("CUS-020", "Western Mindanao Builders", "CONSIGNEE", "ZAM", "Pagadian City, Zamboanga del Sur", "admin@wmbuilders.example.ph", { isPayor: false }),
  person("CUS-021", "Maria", "L", "Santos", "CONSIGNEE", "CEB", "Banilad, Mandaue City"),
  person("CUS-022", "Jose", "R", "Dela Cruz", "SHIPPER", "MNL", "Sampaloc, Manila"),
  person("CUS-023", "Ana", "P", "Villanueva", "BOTH", "DVO", "Matina, Davao City"),
  person("CUS-024", "Ramon", "T", "Bautista", "CONSIGNEE", "CGY", "Carmen, Cagayan de Oro City"),
  person("CUS-025", "Liza", "M", "Gonzales", "SHIPPER", "ILO", "Jaro, Iloilo City"),
];

type AddressSeed = Seed<typeof customerAddresses>;
const areaByCode = new Map(DEMO_AREAS.map((a) => [a.code, a]));
/** Each customer's default address in an area of its branch; a few also have a second pick-up or delivery point. */
const DEFAULT_AREA: Record<string, string> = {
  "CUS-001": "MNL-TON", "CUS-002": "MNL-QC", "CUS-003": "MNL-BTG", "CUS-004": "MNL-QC", "CUS-005": "MNL-LAG",
  "CUS-006": "CEB-CTY", "CUS-007": "CEB-MAN", "CUS-008": "CEB-TAG", "CUS-009": "DVO-CTY", "CUS-010": "DVO-CTY",
  "CUS-011": "DVO-TAG", "CUS-012": "CGY-TAG", "CUS-013": "CGY-CTY", "CUS-014": "ILO-PAV", "CUS-015": "ILO-CTY",
  "CUS-016": "BCD-CTY", "CUS-017": "GES-CTY", "CUS-018": "GES-POL", "CUS-019": "ZAM-CTY", "CUS-020": "ZAM-PAG",
  "CUS-021": "CEB-MAN", "CUS-022": "MNL-TON", "CUS-023": "DVO-CTY", "CUS-024": "CGY-CTY", "CUS-025": "ILO-CTY",
};
const ZIP: Record<string, string> = {
  "Tondo I/II (Manila)": "1012", "Quezon City": "1100", "Dasmariñas City": "4114", "Calamba City": "4027", "Batangas City": "4200",
  "Cebu City": "6000", "Mandaue City": "6014", "Lapu-Lapu City": "6015", "Tagbilaran City": "6300", "Davao City": "8000",
  "Digos City": "8002", "Tagum City": "8100", "Cagayan De Oro City": "9000", "Tagoloan": "9001", "Malaybalay City": "8700",
  "Iloilo City": "5000", "Pavia": "5001", "Bacolod City": "6100", "Silay City": "6116", "General Santos City": "9500",
  "Polomolok": "9504", "Koronadal City": "9506", "Zamboanga City": "7000", "Pagadian City": "7016",
};
const addressIn = (customerCode: string, areaCode: string, label: string, street: string, isDefault: boolean): AddressSeed => {
  const area = areaByCode.get(areaCode)!;
  return { customerCode, label, street, barangay: "", city: area.city!, province: area.province!, zipCode: ZIP[area.city!] ?? "", areaCode, isDefault };
};

export const DEMO_CUSTOMER_ADDRESSES: AddressSeed[] = [
  ...DEMO_CUSTOMERS.map((c) => addressIn(c.code, DEFAULT_AREA[c.code], c.firstName ? "Home" : "Main office", c.address!.split(",")[0], true)),
  addressIn("CUS-001", "MNL-CAV", "Warehouse", "Governor's Drive", false),
  addressIn("CUS-006", "CEB-LLC", "Mactan warehouse", "MEPZ 1", false),
  addressIn("CUS-009", "DVO-DIG", "Packing house", "National Highway", false),
  addressIn("CUS-017", "GES-KOR", "Cold storage", "Alunan Ave.", false),
];

/** Agreed amounts for a few regular accounts. */
export const DEMO_CUSTOMER_CHARGES: Seed<typeof customerCharges>[] = [
  { customerCode: "CUS-001", chargeCode: "006", amount: "4200.00" },
  { customerCode: "CUS-001", chargeCode: "014", amount: "950.00" },
  { customerCode: "CUS-006", chargeCode: "006", amount: "3800.00" },
  { customerCode: "CUS-009", chargeCode: "011", amount: "2600.00" },
  { customerCode: "CUS-017", chargeCode: "AMF", amount: "0.00" },
];

// ------------------------------------------------------------------------------------------------ vessels

export const DEMO_VESSELS: Seed<typeof vessels>[] = [
  { code: "MV-PIONEER", name: "MV Lading Pioneer", vesselType: "Container", capacityTeu: 640, grossTonnage: "7850.0000", profitCenter: "PC-VSL-01" },
  { code: "MV-VOYAGER", name: "MV Lading Voyager", vesselType: "Container", capacityTeu: 480, grossTonnage: "6120.5000", profitCenter: "PC-VSL-02" },
  { code: "MV-MINDANAO", name: "MV Mindanao Star", vesselType: "RoRo", capacityTeu: 150, grossTonnage: "4300.0000", profitCenter: "PC-VSL-03" },
  { code: "MV-VISAYAS", name: "MV Visayas Trader", vesselType: "General Cargo", capacityTeu: 90, grossTonnage: "2480.7500", profitCenter: "PC-VSL-04" },
  { code: "LCT-BOHOL", name: "LCT Bohol Carrier", vesselType: "Barge", capacityTeu: 36, grossTonnage: "780.0000", profitCenter: "" },
];

/**
 * Slots of a bay drawing: `rows` tiers by `columns` stack cells. Tiers listed in `forty` carry 40-foot vans,
 * so their slots are two cells wide. Positions follow bay-row-tier numbering (tiers 82, 84, ... from the deck).
 */
function baySlots(bay: string, rows: number, columns: number, forty: number[] = []): StowageSlot[] {
  const slots: StowageSlot[] = [];
  for (let row = 1; row <= rows; row++) {
    const tier = String(80 + 2 * (rows - row + 1));
    const width = forty.includes(row) ? 2 : 1;
    for (let column = 1; column + width - 1 <= columns; column += width) {
      slots.push({ row, column, width, height: 1, position: `${bay}${String(column).padStart(2, "0")}${tier}` });
    }
  }
  return slots;
}

export const DEMO_STOWAGE_TEMPLATES: Seed<typeof stowageTemplates>[] = [
  { code: "BAY-20-4X6", name: "20-foot bay, 4 tiers by 6 rows", rows: 4, columns: 6, slots: baySlots("01", 4, 6) },
  { code: "BAY-MIX-4X8", name: "Mixed bay, 40-foot lower tiers", rows: 4, columns: 8, slots: baySlots("02", 4, 8, [3, 4]) },
  { code: "DECK-RORO-3X4", name: "RoRo deck, 3 tiers by 4 lanes", rows: 3, columns: 4, slots: baySlots("05", 3, 4) },
];

export const DEMO_STOWAGE_PLANS: Seed<typeof vesselStowagePlans>[] = [
  { vesselCode: "MV-PIONEER", name: "Bay 01 standard", rows: 5, columns: 8, slots: baySlots("01", 5, 8) },
  { vesselCode: "MV-PIONEER", name: "Bay 03 mixed", rows: 4, columns: 8, slots: baySlots("03", 4, 8, [3, 4]) },
  { vesselCode: "MV-VOYAGER", name: "Bay 01 standard", rows: 4, columns: 6, slots: baySlots("01", 4, 6) },
  { vesselCode: "MV-MINDANAO", name: "Upper deck", rows: 3, columns: 4, slots: baySlots("05", 3, 4) },
  { vesselCode: "MV-VISAYAS", name: "Hatch 1", rows: 2, columns: 6, slots: baySlots("01", 2, 6, [2]) },
  { vesselCode: "LCT-BOHOL", name: "Deck", rows: 2, columns: 4, slots: baySlots("01", 2, 4) },
];

// -------------------------------------------------------------------------------------------- equipment

type VanSeed = Seed<typeof containerVans>;
/** [van number, size, type, condition, yard]; every number passes the ISO 6346 check. */
const VANS: [string, VanSeed["size"], VanSeed["vanType"], VanSeed["condition"], string | null][] = [
  ["LDGU2010014", "20", "DRY", "Empty", "MNL-CY1"],
  ["LDGU2010020", "20", "DRY", "Empty", "MNL-CY1"],
  ["LDGU2010035", "20", "DRY", "Full", "MNL-CY1"],
  ["LDGU2010040", "20", "DRY", "Empty", "MNL-CY2"],
  ["LDGU2010056", "20", "DRY", "In Repair", "MNL-CY2"],
  ["LDGU2010061", "20", "DRY", "Full", null],
  ["LDGU2010077", "20", "DRY", "Empty", "CEB-CY1"],
  ["LDGU2010082", "20", "DRY", "Empty", "CEB-CY1"],
  ["LDGU2010098", "20", "DRY", "Storage", "DVO-CY1"],
  ["LDGU4010013", "40", "DRY", "Empty", "MNL-CY1"],
  ["LDGU4010029", "40", "DRY", "Full", "CEB-CY1"],
  ["LDGU4010034", "40", "DRY", "Empty", "DVO-CY1"],
  ["LDGU4010040", "40", "DRY", "For Scrap", "MNL-CY2"],
  ["LDRU2020016", "20", "REEFER", "Empty", "DVO-CY1"],
  ["LDRU2020021", "20", "REEFER", "Full", "DVO-CY1"],
  ["LDRU2020037", "20", "REEFER", "In Repair", "MNL-CY1"],
  ["LDRU4020015", "40", "REEFER", "Empty", "DVO-CY1"],
  ["LDRU4020020", "40", "REEFER", "Full", null],
  ["LDGU2010101", "20", "DRY", "Container Van Office", "CEB-CY1"],
  ["LDGU2010117", "20", "DRY", "Sold", null],
  // Taken out for the bookings of the voyage being loaded (api/modules/outbound/load-lists/demo.ts).
  ["LDGU2010122", "20", "DRY", "Empty", "MNL-CY1"],
  ["LDGU2010138", "20", "DRY", "Empty", "MNL-CY1"],
  ["LDGU2010143", "20", "DRY", "Empty", "MNL-CY1"],
  // Taken out for the open voyage's freight-collect booking (api/modules/outbound/demo.ts).
  ["LDGU2010159", "20", "DRY", "Empty", "MNL-CY1"],
];

export const DEMO_CONTAINER_VANS: VanSeed[] = [
  ...VANS.map(([code, size, vanType, condition, cyCode]) => ({ code, size, vanType, condition, cyCode, ownerName: "" })),
  { code: "PHCU2088148", size: "20", vanType: "DRY", condition: "Full", cyCode: "CEB-CY1", isShipperOwn: true, ownerName: "Visayan Copra Traders Inc." },
  { code: "GSTU4077310", size: "40", vanType: "REEFER", condition: "Empty", cyCode: null, isShipperOwn: true, ownerName: "GenSan Tuna Canners Inc." },
];

export const DEMO_TRUCKINGS: Seed<typeof truckings>[] = [
  { code: "TRK-001", name: "North Harbor Haulers Inc.", address: "Road 10, Tondo, Manila", contactPerson: "Rodel Mendoza", contactNum: "0917 555 0101", plateNum: "NBC 1234, NBC 1235, NDA 7781", isHauling: true, branchCodes: ["MNL"] },
  { code: "TRK-002", name: "Southern Luzon Trucking", address: "Diversion Road, Batangas City", contactPerson: "Arnel Castillo", contactNum: "0918 555 0102", plateNum: "DAB 4412, DAB 4413", branchCodes: ["MNL"] },
  { code: "TRK-003", name: "Queen City Cargo Movers", address: "Subangdaku, Mandaue City", contactPerson: "Jun Abellana", contactNum: "0922 555 0103", plateNum: "GAA 1020, GAA 1021, GAB 3390", isHauling: true, branchCodes: ["CEB"] },
  { code: "TRK-004", name: "Sasa Port Logistics", address: "Sasa, Davao City", contactPerson: "Noel Tan", contactNum: "0927 555 0104", plateNum: "LAA 7734, LAA 7735", isHauling: true, branchCodes: ["DVO"] },
  { code: "TRK-005", name: "Mindanao Interisland Trucking", address: "Kauswagan, Cagayan de Oro City", contactPerson: "Edwin Pacana", contactNum: "0935 555 0105", plateNum: "KAB 2201, KAB 2202", branchCodes: ["CGY", "DVO", "GES"] },
  { code: "TRK-006", name: "Panay-Negros Freight Services", address: "Lapuz, Iloilo City", contactPerson: "Glenda Sorongon", contactNum: "0947 555 0106", plateNum: "FAC 5510, YAD 6620", branchCodes: ["ILO", "BCD"] },
  { code: "TRK-007", name: "SoCot Haulage", address: "Makar, General Santos City", contactPerson: "Dindo Alonto", contactNum: "0956 555 0107", plateNum: "MAE 8801", branchCodes: ["GES"], isAuthorized: false },
  { code: "TRK-008", name: "Zamboanga Peninsula Transport", address: "Baliwasan, Zamboanga City", contactPerson: "Hadji Salih", contactNum: "0961 555 0108", plateNum: "JAF 3312, JAF 3313", isHauling: true, branchCodes: ["ZAM"] },
];

// ----------------------------------------------------------------------------------------- commodities

export const DEMO_COMMODITY_CATEGORIES: Seed<typeof commodityCategories>[] = [
  { code: "AGRI", name: "Agricultural products" },
  { code: "FOOD", name: "Food and beverages" },
  { code: "CONST", name: "Construction materials" },
  { code: "HOUSE", name: "Household goods and appliances" },
  { code: "VEH", name: "Vehicles and machinery" },
  { code: "CHEM", name: "Chemicals and fuels" },
];

export const DEMO_COMMODITIES: Seed<typeof commodities>[] = [
  { code: "RICE", name: "Milled rice", categoryCode: "AGRI" },
  { code: "COPRA", name: "Copra", categoryCode: "AGRI" },
  { code: "BANANA", name: "Fresh bananas", categoryCode: "AGRI" },
  { code: "SUGAR", name: "Raw sugar", categoryCode: "AGRI" },
  { code: "CACAO", name: "Cacao beans", categoryCode: "AGRI" },
  { code: "CANNED", name: "Canned goods", categoryCode: "FOOD" },
  { code: "FRZFISH", name: "Frozen fish", categoryCode: "FOOD" },
  { code: "BEVERAGE", name: "Bottled beverages", categoryCode: "FOOD" },
  { code: "CEMENT", name: "Cement", categoryCode: "CONST" },
  { code: "STEEL", name: "Steel bars", categoryCode: "CONST" },
  { code: "PLYWOOD", name: "Plywood", categoryCode: "CONST" },
  { code: "FURNITURE", name: "Furniture", categoryCode: "HOUSE" },
  { code: "APPLIANCE", name: "Home appliances", categoryCode: "HOUSE" },
  { code: "MOTORCYCLE", name: "Motorcycles", categoryCode: "VEH" },
  { code: "AUTOPARTS", name: "Auto parts", categoryCode: "VEH" },
  { code: "LPG", name: "LPG cylinders", categoryCode: "CHEM", isDangerousCargo: true },
  { code: "PAINT", name: "Paint and thinner", categoryCode: "CHEM", isDangerousCargo: true },
  { code: "FERTILIZER", name: "Fertilizer", categoryCode: "CHEM" },
];

// --------------------------------------------------------------------------------------------- calendar

/** The type of a holiday row: R regular, S special non-working, W special working (worked like any other day). */
type DayKind = "R" | "S" | "W";
const HOLIDAY_TYPE_OF: Record<DayKind, "REGULAR" | "SPECIAL_NON_WORKING" | "SPECIAL_WORKING"> = {
  R: "REGULAR", S: "SPECIAL_NON_WORKING", W: "SPECIAL_WORKING",
};

/**
 * National holidays (for every branch), by year, with their type. 2025 is Proclamation 727 as the domain notes list
 * it (the days proclaimed later, Eid'l Fitr and Eid'l Adha among them, left out); movable feasts of 2026 and 2027
 * follow those years' calendars, and the EDSA anniversary stays a special working day as in 2025.
 */
const NATIONAL_HOLIDAYS: Record<string, [string, string, DayKind][]> = {
  "2025": [
    ["01-01", "New Year's Day", "R"], ["01-29", "Chinese New Year", "S"], ["02-25", "EDSA People Power Revolution Anniversary", "W"],
    ["04-09", "Araw ng Kagitingan", "R"], ["04-17", "Maundy Thursday", "R"], ["04-18", "Good Friday", "R"], ["04-19", "Black Saturday", "S"],
    ["05-01", "Labor Day", "R"], ["06-12", "Independence Day", "R"], ["08-21", "Ninoy Aquino Day", "S"], ["08-25", "National Heroes Day", "R"],
    ["10-31", "All Saints' Day Eve", "S"], ["11-01", "All Saints' Day", "S"], ["11-30", "Bonifacio Day", "R"],
    ["12-08", "Feast of the Immaculate Conception", "S"], ["12-24", "Christmas Eve", "S"], ["12-25", "Christmas Day", "R"],
    ["12-30", "Rizal Day", "R"], ["12-31", "Last Day of the Year", "S"],
  ],
  "2026": [
    ["01-01", "New Year's Day", "R"], ["02-17", "Chinese New Year", "S"], ["02-25", "EDSA People Power Revolution Anniversary", "W"],
    ["03-20", "Eid'l Fitr", "R"], ["04-02", "Maundy Thursday", "R"], ["04-03", "Good Friday", "R"], ["04-04", "Black Saturday", "S"],
    ["04-09", "Araw ng Kagitingan", "R"], ["05-01", "Labor Day", "R"], ["05-27", "Eid'l Adha", "R"], ["06-12", "Independence Day", "R"],
    ["08-21", "Ninoy Aquino Day", "S"], ["08-31", "National Heroes Day", "R"], ["11-01", "All Saints' Day", "S"], ["11-02", "All Souls' Day", "S"],
    ["11-30", "Bonifacio Day", "R"], ["12-08", "Feast of the Immaculate Conception", "S"], ["12-24", "Christmas Eve", "S"],
    ["12-25", "Christmas Day", "R"], ["12-30", "Rizal Day", "R"], ["12-31", "Last Day of the Year", "S"],
  ],
  "2027": [
    ["01-01", "New Year's Day", "R"], ["02-06", "Chinese New Year", "S"], ["02-25", "EDSA People Power Revolution Anniversary", "W"],
    ["03-10", "Eid'l Fitr", "R"], ["03-25", "Maundy Thursday", "R"], ["03-26", "Good Friday", "R"], ["03-27", "Black Saturday", "S"],
    ["04-09", "Araw ng Kagitingan", "R"], ["05-01", "Labor Day", "R"], ["05-17", "Eid'l Adha", "R"], ["06-12", "Independence Day", "R"],
    ["08-21", "Ninoy Aquino Day", "S"], ["08-30", "National Heroes Day", "R"], ["11-01", "All Saints' Day", "S"], ["11-02", "All Souls' Day", "S"],
    ["11-30", "Bonifacio Day", "R"], ["12-08", "Feast of the Immaculate Conception", "S"], ["12-24", "Christmas Eve", "S"],
    ["12-25", "Christmas Day", "R"], ["12-30", "Rizal Day", "R"], ["12-31", "Last Day of the Year", "S"],
  ],
};

/**
 * City charter days and fiestas, special non-working days in their city: [branch, month-day, name], the same date
 * in 2026 and 2027 unless a year is given.
 */
const LOCAL_HOLIDAYS: [string, string, string][] = [
  ["MNL", "06-24", "Araw ng Maynila"],
  ["CEB", "2026-01-16", "Sinulog Festival"], ["CEB", "2027-01-15", "Sinulog Festival"], ["CEB", "02-24", "Cebu City Charter Day"],
  ["DVO", "03-16", "Araw ng Dabaw"], ["DVO", "2026-08-14", "Kadayawan Festival"], ["DVO", "2027-08-20", "Kadayawan Festival"],
  ["CGY", "06-15", "Cagayan de Oro Charter Day"], ["CGY", "08-28", "Feast of St. Augustine"],
  ["ILO", "08-25", "Iloilo City Charter Day"],
  ["BCD", "10-19", "Bacolod City Charter Day"],
  ["GES", "09-05", "General Santos City Charter Day"],
  ["ZAM", "02-26", "Dia de Zamboanga"], ["ZAM", "10-12", "Feast of Our Lady of the Pillar"],
];

export const DEMO_HOLIDAYS: Seed<typeof holidays>[] = [
  ...Object.entries(NATIONAL_HOLIDAYS).flatMap(([year, days]) =>
    days.map(([day, name, kind]) => ({ holidayDate: `${year}-${day}`, name, branchCode: null, holidayType: HOLIDAY_TYPE_OF[kind] }))
  ),
  ...LOCAL_HOLIDAYS.flatMap(([branchCode, day, name]) =>
    (day.length === 10 ? [day] : ["2026", "2027"].map((year) => `${year}-${day}`))
      .map((holidayDate) => ({ holidayDate, name, branchCode, holidayType: "SPECIAL_NON_WORKING" }))
  ),
];

/**
 * Monday to Friday 8 to 5 everywhere; Saturday mornings at the provincial branches and a full Saturday at
 * Manila, the busiest port; Sundays off.
 */
export const DEMO_WORK_SCHEDULES: Seed<typeof workSchedules>[] = DEMO_BRANCHES.flatMap((branch) =>
  [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
    branchCode: branch.code,
    dayOfWeek,
    isWorkingDay: dayOfWeek !== 0,
    startTime: "08:00",
    endTime: dayOfWeek === 6 && branch.code !== "MNL" ? "12:00" : "17:00",
  }))
);

// ------------------------------------------------------------------------------------------------ people

/**
 * The password of every demo user below, printed in the README: the demo line is there to be tried, so
 * anyone may sign in as any of them. A real installation deactivates or deletes them.
 */
export const DEMO_PASSWORD = "lading-demo-2026";

/**
 * The staff the demo line is made by, one role each, so every approval of a quotation is given by a person who
 * neither drafted it nor approved another step of it. All work out of Manila; the AE also sells for Cebu.
 */
export const DEMO_PEOPLE = {
  ae: { userId: "demo.ae", name: "Andrea Evangelista", roleId: "DEMO-AE", roleName: "Account executive (demo)", menus: ["SALESQUOTATION", "CUSTOMER"], capabilities: ["SQ_AE"], branches: ["MNL", "CEB"] },
  sm: { userId: "demo.sm", name: "Samuel Manalo", roleId: "DEMO-SM", roleName: "Sales manager (demo)", menus: ["SALESQUOTATION", "CUSTOMER"], capabilities: ["SQ_SM", "APPROVER"], branches: ["MNL", "CEB"] },
  aud: { userId: "demo.aud", name: "Aurora Dizon", roleId: "DEMO-AUD", roleName: "Auditor (demo)", menus: ["SALESQUOTATION"], capabilities: ["SQ_AUD"], branches: ["MNL", "CEB"] },
  fa: { userId: "demo.fa", name: "Felipe Aquino", roleId: "DEMO-FA", roleName: "Finance approver (demo)", menus: ["SALESQUOTATION"], capabilities: ["SQ_FA"], branches: ["MNL", "CEB"] },
  ops: { userId: "demo.ops", name: "Olivia Pascual", roleId: "DEMO-OPS", roleName: "Voyages and bookings (demo)", menus: ["VOYAGE"], capabilities: [], branches: ["MNL", "CEB"] },
  opsmgr: { userId: "demo.opsmgr", name: "Marites Ramos", roleId: "DEMO-OPS-MGR", roleName: "Operations manager (demo)", menus: ["VOYAGE"], capabilities: [], branches: ["MNL", "CEB"] },
  yard: { userId: "demo.yard", name: "Yves Dela Cruz", roleId: "DEMO-YARD", roleName: "Outbound yard (demo)", menus: ["OUTBOUND"], capabilities: [], branches: ["MNL"] },
  cashier: { userId: "demo.cashier", name: "Carmen Santos", roleId: "DEMO-CASHIER", roleName: "Cashier, CRO accounting (demo)", menus: ["CROACCOUNTING"], capabilities: [], branches: ["MNL", "CEB"] },
  inbound: { userId: "demo.inbound", name: "Irene Villanueva", roleId: "DEMO-INBOUND", roleName: "Inbound pier, Cebu (demo)", menus: ["INBOUND"], capabilities: ["TALLY_SHEET_UNDO"], branches: ["CEB"] },
  hustler: { userId: "demo.hustler", name: "Hector Bautista", roleId: "DEMO-HUSTLING", roleName: "Hustling, yard transfers (demo)", menus: ["HUSTLING"], capabilities: [], branches: ["MNL"] },
  waiver: { userId: "demo.waiver", name: "Wilma Reyes", roleId: "DEMO-WAIVER", roleName: "Waivers and overrides (demo)", menus: ["WAIVER"], capabilities: [], branches: ["MNL", "CEB"] },
  endorser: { userId: "demo.endorser", name: "Ernesto Lim", roleId: "DEMO-WAIVER-ENDORSER", roleName: "Waiver endorser (demo)", menus: ["WAIVER"], capabilities: ["ENDORSER"], branches: ["MNL", "CEB"] },
  approver: { userId: "demo.approver", name: "Amelia Torres", roleId: "DEMO-WAIVER-APPROVER", roleName: "Waiver and override approver (demo)", menus: ["WAIVER"], capabilities: ["APPROVER"], branches: ["MNL", "CEB"] },
  bcClerk: { userId: "demo.bc", name: "Bernadette Cruz", roleId: "DEMO-BC", roleName: "Booking changes (demo)", menus: ["BOOKINGCHANGES"], capabilities: [], branches: ["MNL", "CEB"] },
  bcEndorser: { userId: "demo.bcendorser", name: "Benjamin Uy", roleId: "DEMO-BC-ENDORSER", roleName: "Booking changes endorser (demo)", menus: ["BOOKINGCHANGES"], capabilities: ["ENDORSER"], branches: ["MNL", "CEB"] },
  bcApprover: { userId: "demo.bcapprover", name: "Rosario Villanueva", roleId: "DEMO-BC-APPROVER", roleName: "Booking changes management approver (demo)", menus: ["BOOKINGCHANGES"], capabilities: ["MANAGEMENT_APPROVER"], branches: ["MNL", "CEB"] },
  bcFinal: { userId: "demo.bcfinal", name: "Teodoro Garcia", roleId: "DEMO-BC-FINAL", roleName: "Booking changes final and accounting approver (demo)", menus: ["BOOKINGCHANGES"], capabilities: ["FINAL_APPROVER", "BC_ACCOUNTING_APPROVER"], branches: ["MNL", "CEB"] },
} as const satisfies Record<string, {
  userId: string; name: string; roleId: string; roleName: string; menus: readonly string[]; capabilities: readonly string[]; branches: readonly string[];
}>;
export type DemoPerson = keyof typeof DEMO_PEOPLE;
