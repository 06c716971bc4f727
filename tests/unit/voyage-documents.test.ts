import { beforeAll, describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { cargoClassOf, SHEET_NAME_LIMIT, voyageReportName, voyageSheetName } from "../../api/modules/outbound/voyage-documents/rules.ts";
import { buildInProcess } from "../../templates/builders.ts";
import { BUILDUP_REPORT_NAME, buildBuildupReportPdf } from "../../templates/documents/buildup-report.ts";
import type { VoyageCargoLine, VoyageEmptyLine, VoyageReport } from "../../templates/exports/voyage-reports.ts";
import { normaliseOcr, type RenderedPdf, renderPdf, watermarkText } from "../support/pdf-image.ts";

/**
 * The voyage's documents (001 §9): the sheet name rule, the cargo classes, every workbook read back cell by
 * cell with its fixed column widths, and the build-up report read back from its page images.
 */

describe("the sheet name rule", () => {
  const parts = { remarks: "", voyageNum: "V-12", routes: "MNL-CEB", finalTally: "2026-11-28T02:00:00.000Z" };

  it("writes remarks, voyage number, route and final-tally date in that order when they fit", () => {
    expect(voyageSheetName({ ...parts, remarks: "NB" })).toBe("NB V-12 MNL-CEB 2026-11-28");
    expect(voyageReportName({ ...parts, remarks: "NB" })).toBe("NB V-12 MNL-CEB 2026-11-28");
  });

  it("reads the final tally's day in Manila, a day ahead of UTC from 16:00 UTC", () => {
    expect(voyageSheetName({ ...parts, finalTally: "2026-11-27T17:30:00.000Z" })).toBe("V-12 MNL-CEB 2026-11-28");
    expect(voyageSheetName({ ...parts, finalTally: "2026-11-27T15:30:00.000Z" })).toBe("V-12 MNL-CEB 2026-11-27");
  });

  it("turns the characters Excel refuses into dashes and cuts the remarks to the room left", () => {
    const name = voyageSheetName({ ...parts, remarks: "Rerouted: via Iloilo/Bacolod [typhoon]" });
    // "V-12 MNL-CEB 2026-11-28" takes 23 of the 31 characters and a space: 7 are left for the remarks.
    expect(name).toBe("Reroute V-12 MNL-CEB 2026-11-28");
    expect(name).toHaveLength(SHEET_NAME_LIMIT);
    expect(voyageReportName({ ...parts, remarks: "Rerouted: via Iloilo/Bacolod [typhoon]" })).toBe("Rerouted- via Iloilo-Bacolod -typhoon- V-12 MNL-CEB 2026-11-28");
    expect(voyageSheetName({ ...parts, remarks: "'Extra'" })).toBe("Extra V-12 MNL-CEB 2026-11-28");
  });

  it("shortens the date, then drops the number's VOY- word, before the voyage stops being named", () => {
    const full = { remarks: "Typhoon reroute", voyageNum: "VOY-MNL-2026-000001", routes: "MNL-CEB", finalTally: "2026-11-28T02:00:00.000Z" };
    // 38 and 34 characters with the number whole; 30 without VOY-, which leaves no room for remarks.
    expect(voyageSheetName(full)).toBe("MNL-2026-000001 MNL-CEB 261128");
    // With a long route the route goes, and the remarks take the room it leaves.
    expect(voyageSheetName({ ...full, routes: "MNL-CEB-DVO-GES-ZAM" })).toBe("Typhoon MNL-2026-000001 261128");
    // Before the final tally there is no date: the number keeps its word and the remarks get three letters.
    expect(voyageSheetName({ ...full, finalTally: null })).toBe("Typ VOY-MNL-2026-000001 MNL-CEB");
    expect(voyageSheetName({ ...full, remarks: "Northbound", finalTally: null })).toBe("Nor VOY-MNL-2026-000001 MNL-CEB");
    expect(voyageSheetName({ ...full, remarks: "NB", finalTally: "2026-11-28T02:00:00.000Z" })).toBe("MNL-2026-000001 MNL-CEB 261128");
    expect(voyageReportName({ ...full, finalTally: null })).toBe("Typhoon reroute VOY-MNL-2026-000001 MNL-CEB");
  });

  it("always answers a name Excel takes", () => {
    const samples = ["", "A", "x".repeat(80), "a/b\\c?d*e[f]g:h", "  'quoted'  ", "Ñoño – déjà vu"];
    for (const remarks of samples) {
      for (const voyageNum of ["V1", "VOY-MNL-2026-000001", "VOY-" + "9".repeat(40)]) {
        for (const finalTally of [null, "2026-01-05T00:00:00.000Z"]) {
          const name = voyageSheetName({ remarks, voyageNum, routes: "MNL-CEB-DVO", finalTally });
          expect(name.length, name).toBeLessThanOrEqual(SHEET_NAME_LIMIT);
          expect(name.length, name).toBeGreaterThan(0);
          expect(name).not.toMatch(/[[\]:*?/\\]|^'|'$/);
        }
      }
    }
  });
});

describe("cargo classes", () => {
  it("classes containerized cargo as FCL, rolling cargo as RC and other loose cargo as BB", () => {
    expect(cargoClassOf({ code: "DRY", name: "Dry cargo", isContainerized: true }, "LADU1234500")).toBe("FCL");
    expect(cargoClassOf({ code: "ROLLING", name: "Rolling cargo", isContainerized: false }, "")).toBe("RC");
    expect(cargoClassOf({ code: "RORO", name: "Vehicles", isContainerized: false }, "")).toBe("RC");
    expect(cargoClassOf({ code: "BREAKBULK", name: "Breakbulk", isContainerized: false }, "")).toBe("BB");
    expect(cargoClassOf({ code: "STEEL", name: "Steel coils", isContainerized: false }, "")).toBe("BB");
    expect(cargoClassOf(null, "LADU1234500")).toBe("FCL");
    expect(cargoClassOf(null, "")).toBe("BB");
  });
});

// ---------------------------------------------------------------------------------------------------------
// A voyage from Manila calling at Cebu then Davao: three full 20' vans and a trucks shipment (RC) for Cebu, a
// 40' van for Davao, two empty 20' vans for Cebu, and a waybill still waiting on the load list.

const charges = (freight: string, side = "P") => [
  { chargeCode: "001", part: "FREIGHT", chargeValue: freight, availableTo: side },
  { chargeCode: "004", part: "PORT_ORIGIN", chargeValue: "1120.00", availableTo: side },
  { chargeCode: "004", part: "PORT_DESTINATION", chargeValue: "980.50", availableTo: "C" },
];

function cargo(n: number, over: Partial<VoyageCargoLine> = {}): VoyageCargoLine {
  return {
    cargoType: "FCL", quantiyTeu: 1, goods: "Canned goods", origin: "Manila", destination: "Cebu", destinationBranchCode: "CEB", isVia: false,
    wayBillRef: `WB-MNL-2026-00000${n}`, waybillStatus: "Loaded", bookingDate: "2026-11-20", bookingRef: `BK-MNL-2026-00001${n}`,
    shipper: "Pacific Harbor Trading", consignee: "Visayan Copra Traders", ratesApplied: "Per TEU", quantity: 400, vanNumber: `LADU12345${n}0`,
    sealNum: `SL-10${n}`, cargoWeight: "12.500", modeOfDelivery: "PTP", modeOfPayment: "P", truckerName: "Northline Haulers", plateNum: "ABC 1234",
    driver: "Ramon Cruz", shipperAreaName: "", shipperAreaProvince: "", consigneeAreaName: "", consigneeAreaProvince: "", declaredValue: "250000.00",
    remarks: "STUFFING AT ORIGIN / STRIPPING AT DESTINATION", originBackload: false, stuffing: true, isStripping: false, isTandem: false, size: "20",
    tandemVanNumber: "", onBoard: true, charges: charges("12500.00"), ...over,
  };
}

const empty = (n: number): VoyageEmptyLine => ({
  vanNumber: `LADU20000${n}0`, size: "20", sealNum: "", destination: "Cebu", destinationBranchCode: "CEB", truckerName: "Northline Haulers",
  plateNum: "ABC 1235", driver: "Efren Bautista", cyPullOut: "Manila South Harbor CY", timeTallied: `2026-11-28T0${n}:15:00.000Z`,
});

const REPORT: VoyageReport = {
  header: {
    voyageNum: "VOY-MNL-2026-000001", voyageRef: "V-201S", voyageBranches: ["MNL", "CEB", "DVO"], vessel: "MV Lady of Manila", routes: "MNL-CEB-DVO",
    remarks: "Typhoon reroute", finalTally: "2026-11-28T02:00:00.000Z", estimatedTimeDeparture: "2026-11-28T10:00:00.000Z", origin: "Manila",
    destinations: [
      { branchCode: "CEB", branchName: "Cebu", estimatedTimeArrival: "2026-11-29T10:00:00.000Z" },
      { branchCode: "DVO", branchName: "Davao", estimatedTimeArrival: "2026-12-01T10:00:00.000Z" },
    ],
  },
  // Davao's first on purpose: every report goes by the calling order.
  lines: [
    cargo(4, { destination: "Davao", destinationBranchCode: "DVO", size: "40", quantiyTeu: 2, cargoWeight: "24.250", charges: charges("25000.00", "AO") }),
    cargo(1),
    cargo(2),
    cargo(3),
    cargo(5, { cargoType: "RC", vanNumber: "", size: "", quantiyTeu: 2, goods: "Delivery trucks", quantity: 2, cargoWeight: "9.000" }),
    cargo(6, { waybillStatus: "On Load List", onBoard: false, goods: "Bottled water" }),
  ],
  empties: [empty(1), empty(2)],
  sheetName: "MNL-2026-000001 MNL-CEB-DVO",
  reportName: "Typhoon reroute VOY-MNL-2026-000001 MNL-CEB-DVO 2026-11-28",
  generatedAt: "2026-11-28T03:00:00.000Z",
};

interface ReadBack {
  fileName: string;
  sheetNames: string[];
  rows: (string | number | boolean | null)[][];
  widths: number[];
}

async function readBack(name: "buildupWorkbook" | "coastingManifest" | "loadingReport" | "emptyContainerReport" | "costingManifest"): Promise<ReadBack> {
  const file = await buildInProcess(name, REPORT);
  expect(file.contentType).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
  const book = XLSX.read(file.bytes, { type: "array", cellStyles: true });
  const sheet = book.Sheets[book.SheetNames[0]];
  return {
    fileName: file.fileName,
    sheetNames: book.SheetNames,
    rows: XLSX.utils.sheet_to_json(sheet, { header: 1, defval: null, blankrows: true }),
    widths: (sheet["!cols"] ?? []).map((c: { wch?: number }) => c.wch ?? 0),
  };
}

const TITLE_2 = "Vessel MV Lady of Manila · voyage V-201S · Manila to Cebu, Davao · ETD 2026-11-28 · final tally 2026-11-28";

describe("the voyage's workbooks", () => {
  it("Buildup.xlsx lists every waybill in calling order under the voyage's whole name, with fixed widths", async () => {
    const book = await readBack("buildupWorkbook");
    expect(book.fileName).toBe("Buildup.xlsx");
    expect(book.sheetNames).toEqual(["MNL-2026-000001 MNL-CEB-DVO"]);
    expect(book.rows[0][0]).toBe("Build-up report: Typhoon reroute VOY-MNL-2026-000001 MNL-CEB-DVO 2026-11-28");
    expect(book.rows[1][0]).toBe(TITLE_2);
    expect(book.rows[3].slice(0, 10)).toEqual(["No.", "Destination", "Waybill", "Status", "Booking Ref", "Booking Date", "Shipper", "Consignee", "Cargo Type", "TEU"]);
    expect(book.rows.slice(4, 10).map((r) => [r[0], r[1], r[2], r[3], r[8], r[9], r[12], r[15], r[16]])).toEqual([
      [1, "Cebu", "WB-MNL-2026-000001", "Loaded", "FCL", 1, 12.5, "LADU1234510", "20"],
      [2, "Cebu", "WB-MNL-2026-000002", "Loaded", "FCL", 1, 12.5, "LADU1234520", "20"],
      [3, "Cebu", "WB-MNL-2026-000003", "Loaded", "FCL", 1, 12.5, "LADU1234530", "20"],
      [4, "Cebu", "WB-MNL-2026-000005", "Loaded", "RC", 2, 9, "", ""],
      [5, "Cebu", "WB-MNL-2026-000006", "On Load List", "FCL", 1, 12.5, "LADU1234560", "20"],
      [6, "Davao", "WB-MNL-2026-000004", "Loaded", "FCL", 2, 24.25, "LADU1234540", "40"],
    ]);
    // 12.5 x 4 + 9 + 24.25 tons.
    expect(book.rows[11][0]).toBe("6 waybills, 8 TEU, 83.250 tons");
    expect(book.widths).toEqual([5, 14, 21, 13, 21, 12, 28, 28, 10, 6, 26, 9, 12, 15, 12, 14, 6, 14, 9, 9, 24, 11, 20, 18, 16, 18, 16, 5, 9, 9, 9, 8, 9, 36]);
  });

  it("Coasting_Manifest.xlsx lists the cargo on board only, with its totals", async () => {
    const book = await readBack("coastingManifest");
    expect([book.fileName, book.sheetNames]).toEqual(["Coasting_Manifest.xlsx", ["MNL-2026-000001 MNL-CEB-DVO"]]);
    expect(book.rows[0][0]).toBe("Coasting manifest: Typhoon reroute VOY-MNL-2026-000001 MNL-CEB-DVO 2026-11-28");
    expect(book.rows.slice(4).map((r) => [r[0], r[1], r[5], r[6], r[9], r[10], r[13], r[14]])).toEqual([
      [1, "WB-MNL-2026-000001", "Cebu", "LADU1234510", "FCL", 1, 12.5, 250000],
      [2, "WB-MNL-2026-000002", "Cebu", "LADU1234520", "FCL", 1, 12.5, 250000],
      [3, "WB-MNL-2026-000003", "Cebu", "LADU1234530", "FCL", 1, 12.5, 250000],
      [4, "WB-MNL-2026-000005", "Cebu", "", "RC", 2, 9, 250000],
      [5, "WB-MNL-2026-000004", "Davao", "LADU1234540", "FCL", 2, 24.25, 250000],
      // The waybill still on the load list is not on board; the totals are of the five that are.
      ["Total", null, null, null, null, 7, 70.75, 1250000],
    ]);
    expect(book.widths).toEqual([5, 21, 28, 28, 12, 14, 14, 6, 14, 10, 6, 26, 9, 12, 15, 9, 9, 36]);
  });

  it("Loading_Report.xlsx says '3 x 20 FULLS LOADED' for Cebu's three 20' vans, then its rolling cargo with TEU and goods", async () => {
    const book = await readBack("loadingReport");
    expect([book.fileName, book.sheetNames]).toEqual(["Loading_Report.xlsx", ["MNL-2026-000001 MNL-CEB-DVO"]]);
    expect(book.rows[0][0]).toBe("Loading report: Typhoon reroute VOY-MNL-2026-000001 MNL-CEB-DVO 2026-11-28");
    expect(book.rows.slice(3)).toEqual([
      ["Destination", "Cargo", "TEU", "Goods"],
      ["Cebu", "3 x 20 FULLS LOADED", 3, ""],
      ["Cebu", "RC", 2, "Delivery trucks"],
      ["Davao", "1 x 40 FULLS LOADED", 2, ""],
      ["Total", "", 7, ""],
    ]);
    expect(book.widths).toEqual([16, 24, 7, 40]);
  });

  it("counts both vans of a tandem waybill, and names both", async () => {
    const tandem = cargo(8, { isTandem: true, quantiyTeu: 2, vanNumber: "LADU1234580", tandemVanNumber: "LADU1234590" });
    const report = { ...REPORT, lines: [tandem], empties: [] };
    const loading = XLSX.read((await buildInProcess("loadingReport", report)).bytes, { type: "array" });
    expect(XLSX.utils.sheet_to_json(loading.Sheets[loading.SheetNames[0]], { header: 1, defval: null }).slice(4))
      .toEqual([["Cebu", "2 x 20 FULLS LOADED", 2, ""], ["Total", "", 2, ""]]);
    const buildup = XLSX.read((await buildInProcess("buildupWorkbook", report)).bytes, { type: "array" });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(buildup.Sheets[buildup.SheetNames[0]], { header: 1, defval: null });
    expect([rows[4][2], rows[4][15], rows[4][31]]).toEqual(["WB-MNL-2026-000008", "LADU1234580 / LADU1234590", "Yes"]);
  });

  it("the empty container report says '2 x 20 EMPTIES' for Cebu, then lists each van", async () => {
    const book = await readBack("emptyContainerReport");
    expect([book.fileName, book.sheetNames]).toEqual(["Empty_Container_Report.xlsx", ["MNL-2026-000001 MNL-CEB-DVO"]]);
    expect(book.rows[0][0]).toBe("Empty container report: Typhoon reroute VOY-MNL-2026-000001 MNL-CEB-DVO 2026-11-28");
    expect(book.rows.slice(3)).toEqual([
      ["Cebu", "2 x 20 EMPTIES", null, null, null, null, null, null, null, null],
      [null, null, null, null, null, null, null, null, null, null],
      ["No.", "Van No.", "Size", "Destination", "Seal No.", "Trucker", "Plate No.", "Driver", "CY Pull-out", "Time Tallied"],
      [1, "LADU2000010", "20", "Cebu", "", "Northline Haulers", "ABC 1235", "Efren Bautista", "Manila South Harbor CY", "2026-11-28 09:15"],
      [2, "LADU2000020", "20", "Cebu", "", "Northline Haulers", "ABC 1235", "Efren Bautista", "Manila South Harbor CY", "2026-11-28 10:15"],
    ]);
    expect(book.widths).toEqual([5, 14, 6, 16, 14, 24, 11, 20, 22, 17]);
  });

  it("the cargo costing manifest adds each waybill's charges by part and payment side, and the voyage's", async () => {
    const book = await readBack("costingManifest");
    expect([book.fileName, book.sheetNames]).toEqual(["Cargo_Costing_Manifest.xlsx", ["MNL-2026-000001 MNL-CEB-DVO"]]);
    expect(book.rows[3].slice(9)).toEqual([
      "Freight", "Port Origin", "Port Destination", "Trucking Origin", "Trucking Destination", "Other", "Prepaid", "Collect", "Account Origin",
      "Account Destination", "Total",
    ]);
    const money = (r: (string | number | boolean | null)[]) => [r[1], ...r.slice(9)];
    expect(book.rows.slice(4).map(money)).toEqual([
      ["WB-MNL-2026-000001", 12500, 1120, 980.5, 0, 0, 0, 13620, 980.5, 0, 0, 14600.5],
      ["WB-MNL-2026-000002", 12500, 1120, 980.5, 0, 0, 0, 13620, 980.5, 0, 0, 14600.5],
      ["WB-MNL-2026-000003", 12500, 1120, 980.5, 0, 0, 0, 13620, 980.5, 0, 0, 14600.5],
      ["WB-MNL-2026-000005", 12500, 1120, 980.5, 0, 0, 0, 13620, 980.5, 0, 0, 14600.5],
      ["WB-MNL-2026-000006", 12500, 1120, 980.5, 0, 0, 0, 13620, 980.5, 0, 0, 14600.5],
      // Davao's waybill is on account at the origin, its destination port charge collected.
      ["WB-MNL-2026-000004", 25000, 1120, 980.5, 0, 0, 0, 0, 980.5, 26120, 0, 27100.5],
      // 5 x 14,600.50 + 27,100.50.
      [null, 87500, 6720, 5883, 0, 0, 0, 68100, 5883, 26120, 0, 100103],
    ]);
    expect(book.rows.at(-1)![0]).toBe("Total");
    expect(book.rows.at(-1)![7]).toBe(8);
    expect(book.widths).toEqual([5, 21, 28, 28, 14, 14, 6, 6, 9, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13, 14]);
  });
});

// ---------------------------------------------------------------------------------------------------------
// The build-up report, read from its page images

const squeeze = (text: string) => normaliseOcr(text).replace(/ /g, "");

/** Each page's MediaBox, in mm. */
function pageSizesMm(bytes: Uint8Array): [number, number][] {
  const text = new TextDecoder("latin1").decode(bytes);
  const mm = (pt: string) => Math.round((Number(pt) * 25.4) / 72 * 10) / 10;
  return [...text.matchAll(/\/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => [mm(m[1]), mm(m[2])]);
}

describe("the build-up report read back from its page images", () => {
  const original = buildBuildupReportPdf({ ...REPORT, copy: false });
  // Forty more vans for Cebu run the report onto a second page.
  const busy = { ...REPORT, lines: [...REPORT.lines, ...Array.from({ length: 40 }, (_, i) => cargo(7, { wayBillRef: `WB-MNL-2026-0001${String(i).padStart(2, "0")}` }))] };
  const long = buildBuildupReportPdf({ ...busy, copy: false });
  const copy = buildBuildupReportPdf({ ...REPORT, copy: true });
  let plain: RenderedPdf;
  let pages: RenderedPdf;

  beforeAll(async () => {
    [plain, pages] = await Promise.all([renderPdf(original), renderPdf(long)]);
  }, 120_000);

  it("is named after the voyage and printed on A4 landscape", async () => {
    expect(BUILDUP_REPORT_NAME("VOY-MNL-2026-000001")).toBe("Buildup-VOY-MNL-2026-000001.pdf");
    expect((await buildInProcess("buildupReport", { ...REPORT, copy: false })).fileName).toBe("Buildup-VOY-MNL-2026-000001.pdf");
    expect(pageSizesMm(original)).toEqual([[297, 210]]);
    expect(plain.pageCount).toBe(1);
  });

  it("prints the voyage, each destination in calling order with its waybills, and the totals", () => {
    const text = squeeze(plain.pages[0].text ?? "");
    const expected = [
      "build-up report", "voyage: voy-mnl-2026-000001 (v-201s)", "vessel: mv lady of manila", "route: mnl-ceb-dvo: manila to cebu, davao",
      "etd: 2026-11-28", "final tally: 2026-11-28 10:00", "remarks: typhoon reroute",
      "to cebu (ceb), eta 2026-11-29", "wb-mnl-2026-000001", "wb-mnl-2026-000006", "delivery trucks", "5 waybills, 6 teu, 59.000 tons",
      "to davao (dvo), eta 2026-12-01", "wb-mnl-2026-000004", "1 waybill, 2 teu, 24.250 tons",
      "voyage total: 6 waybills, 8 teu, 83.250 tons; declared value 1,500,000.00",
    ];
    for (const line of expected) expect(text).toContain(squeeze(line));
    // Cebu comes before Davao, as the vessel calls.
    expect(text.indexOf(squeeze("to cebu"))).toBeLessThan(text.indexOf(squeeze("to davao")));
  });

  it("runs onto more pages with the column heads and the page heading repeated", () => {
    expect(pages.pageCount).toBe(2);
    const second = squeeze(pages.pages[1].text ?? "");
    for (const line of ["build-up report", "voy-mnl-2026-000001", "waybill", "booking", "consignee", "page 2 of 2", "to davao (dvo)"]) {
      expect(second).toContain(squeeze(line));
    }
    expect(squeeze(pages.pages[0].text ?? "")).toContain(squeeze("page 1 of 2"));
    expect(second).toContain(squeeze("voyage total: 46 waybills, 48 teu, 583.250 tons"));
  });

  it("carries COPY across the page when printed by someone who is not DAT staff, and not otherwise", async () => {
    expect(await watermarkText(copy, 1)).toBe("copy");
    expect(await watermarkText(original, 1)).not.toBe("copy");
  });
});
