import * as XLSX from "xlsx";
import { beforeAll, describe, expect, it } from "vitest";
import { loadingState } from "../../api/modules/outbound/load-lists/rules.ts";
import { buildInProcess } from "../../templates/builders.ts";
import { buildLoadListPdf, LOAD_LIST_PDF_NAME, type LoadListDocument, type LoadListLine, loadListTotals } from "../../templates/documents/load-list.ts";
import { buildTallySheetPdf, TALLY_SHEET_NAME, type TallySheetDocument, tallySummary } from "../../templates/documents/tally-sheet.ts";
import { normaliseOcr, type RenderedPdf, renderPdf } from "../support/pdf-image.ts";

/**
 * The loading's paper, read the way a person reads it: the load list and the tally sheet printed to page images
 * and read back, and Load_List.xlsx as built.
 */

const line = (n: number, over: Partial<LoadListLine> = {}): LoadListLine => ({
  wayBillRef: `WB-MNL-2026-${String(n).padStart(6, "0")}`,
  bookingRef: `BK-MNL-2026-${String(100 + n).padStart(6, "0")}`,
  releaseId: "RL-MNL-2026-000004",
  shipperName: "Bayanihan Trading Corporation",
  consigneeName: "Visayan Copra Traders Inc.",
  destination: "Cebu",
  containerVanNum: "LDGU2010020",
  size: "20",
  sealNum: "MNL-0456712",
  goods: "Canned sardines",
  quantity: 1200,
  quantityTeu: 1,
  cargoWeight: "12.500",
  modeOfDelivery: "PTP",
  modeOfPayment: "P",
  status: "On Load List",
  ...over,
});

const loadList: LoadListDocument = {
  voyageNum: "VOY-MNL-2026-000003",
  voyageRef: "V-118N",
  vesselName: "MV Lading Pioneer",
  routeCode: "MNL-CEB-DVO",
  originName: "Manila",
  destinations: ["Cebu", "Davao"],
  estimatedTimeDeparture: "2026-12-01T02:00:00.000Z",
  release: { releaseId: "RL-MNL-2026-000004", releaseType: "Final Release" },
  lines: [
    line(41),
    line(42, { containerVanNum: "LDGU4010013", size: "40", quantityTeu: 2, cargoWeight: "24.250", destination: "Davao", goods: "Rice, 50 kg bags", modeOfPayment: "C" }),
    line(43, { containerVanNum: "LDRU2020016", goods: "Frozen tuna", cargoWeight: "8.125", modeOfDelivery: "DTD", status: "Loaded" }),
  ],
  printedBy: "Yves Dela Cruz",
  generatedAt: new Date("2026-11-28T03:15:00Z"),
};

const tally: TallySheetDocument = {
  tallySheetNum: "TS-MNL-2026-000002",
  tallySheetType: "Loading",
  status: "Final",
  voyageNum: "VOY-MNL-2026-000003",
  voyageRef: "V-118N",
  vesselName: "MV Lading Pioneer",
  branchName: "Manila",
  destinationName: "Cebu",
  timeStarted: "2026-11-30T22:00:00.000Z",
  timeFinished: "2026-12-01T01:30:00.000Z",
  finalized: { at: "2026-12-01T01:35:00.000Z", by: "Yves Dela Cruz" },
  remarks: "Berth 4, gang 2",
  lines: [
    { containerVanNum: "LDGU2010020", containerType: "FL", size: "20", sealNum: "MNL-0456712", wayBillRef: "WB-MNL-2026-000041", bookingRef: "BK-MNL-2026-000141",
      truckerName: "North Harbor Haulers Inc.", plateNum: "NBC 1235", driver: "Efren Bautista", cyPullOutName: "Manila North Harbor CY", timeTallied: "2026-11-30T22:40:00.000Z", remarks: "" },
    { containerVanNum: "LDGU4010013", containerType: "MT", size: "40", sealNum: "", wayBillRef: "", bookingRef: "",
      truckerName: "North Harbor Haulers Inc.", plateNum: "NDA 7781", driver: "Rodel Mendoza", cyPullOutName: "Manila South Harbor CY", timeTallied: "2026-11-30T23:05:00.000Z", remarks: "Repositioned empty" },
  ],
  printedBy: "Yves Dela Cruz",
  generatedAt: new Date("2026-12-01T02:00:00Z"),
};

/** OCR text without any white space: tesseract splits and joins words now and then; the characters count. */
const squeeze = (text: string) => normaliseOcr(text).replace(/ /g, "");
const pageText = (pdf: RenderedPdf, page?: number) =>
  pdf.pages.filter((p) => page === undefined || p.page === page).map((p) => squeeze(p.text ?? "")).join(" ");

function pageSizesMm(bytes: Uint8Array): [number, number][] {
  const text = new TextDecoder("latin1").decode(bytes);
  const mm = (pt: string) => Math.round((Number(pt) * 25.4) / 72 * 10) / 10;
  return [...text.matchAll(/\/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => [mm(m[1]), mm(m[2])]);
}

describe("where a voyage's loading stands", () => {
  it("reads the final tally first, then the counting, then the list", () => {
    expect(loadingState({ onList: 0, counted: 0, finalTallyAt: null })).toBe("Not started");
    expect(loadingState({ onList: 2, counted: 0, finalTallyAt: null })).toBe("On load list");
    expect(loadingState({ onList: 2, counted: 1, finalTallyAt: null })).toBe("Tallying");
    expect(loadingState({ onList: 2, counted: 2, finalTallyAt: "2026-12-01T01:35:00.000Z" })).toBe("Final tally");
  });
});

describe("the load list printout", () => {
  const bytes = buildLoadListPdf(loadList);
  const many = buildLoadListPdf({ ...loadList, release: null, lines: Array.from({ length: 60 }, (_, i) => line(i + 1)) });
  let read: RenderedPdf;
  let longRead: RenderedPdf;

  beforeAll(async () => {
    [read, longRead] = await Promise.all([renderPdf(bytes, { pageSegmentation: 4 }), renderPdf(many, { pageSegmentation: 4 })]);
  }, 120_000);

  it("is named after its release, or its voyage, and printed on A4 landscape", async () => {
    expect(LOAD_LIST_PDF_NAME(loadList)).toBe("Load_List_RL-MNL-2026-000004.pdf");
    expect(LOAD_LIST_PDF_NAME({ voyageNum: "VOY-MNL-2026-000003", release: null })).toBe("Load_List_VOY-MNL-2026-000003.pdf");
    const file = await buildInProcess("loadList", loadList);
    expect([file.fileName, file.contentType]).toEqual(["Load_List_RL-MNL-2026-000004.pdf", "application/pdf"]);
    for (const size of pageSizesMm(bytes)) expect(size).toEqual([297, 210]);
    expect(read.pages[0].width / read.pages[0].height).toBeCloseTo(297 / 210, 2);
  });

  it("heads the page with the voyage, the vessel, the route, the departure and the release", () => {
    const text = pageText(read);
    for (const expected of [
      "lading load list",
      "voyage: v-118n (voy-mnl-2026-000003)",
      "vessel: mv lading pioneer",
      "route: mnl-ceb-dvo, manila to cebu to davao",
      // 02:00 UTC is 10:00 in Manila.
      "etd: 2026-12-01 10:00",
      "release: rl-mnl-2026-000004 (final release)",
      "printed by yves dela cruz, 2026-11-28 11:15",
    ]) expect(text).toContain(squeeze(expected));
  });

  it("lists each waybill with its van, seal, cargo and modes, and the totals under the table", () => {
    const text = pageText(read);
    for (const expected of [
      "wb-mnl-2026-000041", "bk-mnl-2026-000141", "ldgu2010020", "mnl-0456712",
      "wb-mnl-2026-000042", "ldgu4010013", "24.25", "ptp / c",
      // Goods wrap in their narrow column: each word is read on its own line.
      "wb-mnl-2026-000043", "ldru2020016", "frozen", "tuna", "8.125", "dtd / p",
      // 12.5 + 24.25 + 8.125 tons; 1 + 2 + 1 TEU.
      "total: 3 waybills, 4 teu, 44.875 tons",
    ]) expect(text).toContain(squeeze(expected));
    expect(loadListTotals(loadList.lines)).toEqual({ waybills: 3, teu: 4, tons: "44.875" });
  });

  it("runs a long list over pages, each headed again with the voyage and the column titles", () => {
    expect(longRead.pageCount).toBeGreaterThan(1);
    for (const page of longRead.pages) {
      const text = pageText(longRead, page.page);
      expect(text).toContain(squeeze("voyage: v-118n (voy-mnl-2026-000003)"));
      expect(text).toContain(squeeze("releases: every release of the voyage"));
      expect(text).toContain(squeeze(`page ${page.page} of ${longRead.pageCount}`));
    }
    const all = pageText(longRead);
    for (const n of [1, 30, 60]) expect(all).toContain(squeeze(`wb-mnl-2026-${String(n).padStart(6, "0")}`));
    expect(all).toContain(squeeze("total: 60 waybills, 60 teu, 750 tons"));
  });
});

describe("Load_List.xlsx as built", () => {
  it("has the given sheet name, the title row, the heads and one row per waybill", async () => {
    const file = await buildInProcess("loadListWorkbook", { sheetName: "VOY-MNL-2026-000003 CEB 261201", title: "Load List: V-118N", lines: loadList.lines });
    expect(file.fileName).toBe("Load_List.xlsx");
    const book = XLSX.read(file.bytes, { type: "array", cellStyles: true });
    expect(book.SheetNames).toEqual(["VOY-MNL-2026-000003 CEB 261201"]);
    const sheet = book.Sheets[book.SheetNames[0]];
    expect(sheet["!cols"]?.map((c) => c.wch)).toEqual([6, 22, 22, 22, 32, 32, 16, 14, 6, 14, 30, 10, 6, 13, 16, 16, 14]);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: null });
    expect(rows[0][0]).toBe("Load List: V-118N");
    expect(rows[3]).toEqual([2, "WB-MNL-2026-000042", "BK-MNL-2026-000142", "RL-MNL-2026-000004", "Bayanihan Trading Corporation", "Visayan Copra Traders Inc.",
      "Davao", "LDGU4010013", "40", "MNL-0456712", "Rice, 50 kg bags", 1200, 2, 24.25, "PTP", "C", "On Load List"]);
    expect(rows).toHaveLength(5);
  });
});

describe("the tally sheet printout", () => {
  const bytes = buildTallySheetPdf(tally);
  let read: RenderedPdf;

  beforeAll(async () => {
    read = await renderPdf(bytes, { pageSegmentation: 4 });
  }, 90_000);

  it("is named after the sheet and printed on A4 landscape", async () => {
    expect(TALLY_SHEET_NAME("TS-MNL-2026-000002")).toBe("TS-MNL-2026-000002.pdf");
    const file = await buildInProcess("tallySheet", tally);
    expect(file.fileName).toBe("TS-MNL-2026-000002.pdf");
    for (const size of pageSizesMm(bytes)) expect(size).toEqual([297, 210]);
  });

  it("heads the sheet with its number, voyage, times and the final tally", () => {
    const text = pageText(read);
    for (const expected of [
      "loading tally sheet",
      "ts-mnl-2026-000002",
      "voyage: v-118n (voy-mnl-2026-000003)",
      "vessel: mv lading pioneer",
      "tallied at: manila destination: cebu",
      "time started: 2026-12-01 06:00 time finished: 2026-12-01 09:30",
      "final tally: 2026-12-01 09:35 by yves dela cruz",
    ]) expect(text).toContain(squeeze(expected));
  });

  it("lists each van with its type, seal, waybill, truck and yard, and counts them by kind and length", () => {
    const text = pageText(read);
    for (const expected of [
      "ldgu2010020 fl 20 mnl-0456712 wb-mnl-2026-000041 bk-mnl-2026-000141",
      "nbc 1235", "efren bautista", "manila north harbor cy", "2026-12-01 06:40",
      "ldgu4010013 mt 40",
      "nda 7781", "rodel mendoza", "manila south harbor cy", "repositioned empty",
      "counted: 2 vans (1 x 20 full, 1 x 40 empty)",
      "remarks: berth 4, gang 2",
      "tally clerk", "checked by", "vessel officer",
    ]) expect(text).toContain(squeeze(expected));
    expect(tallySummary([{ containerType: "MT", size: "20" }, { containerType: "FL", size: "40" }, { containerType: "FL", size: "20" }, { containerType: "FL", size: "20" }]))
      .toBe("2 x 20 FULL, 1 x 40 FULL, 1 x 20 EMPTY");
  });

  it("says an open sheet is not final", async () => {
    const open = await renderPdf(buildTallySheetPdf({ ...tally, status: "Open", finalized: null, timeFinished: null, lines: [] }), { pageSegmentation: 4 });
    const text = pageText(open);
    expect(text).toContain(squeeze("status: open (not final)"));
    expect(text).toContain(squeeze("time finished: -"));
    expect(text).toContain(squeeze("no van is counted on this sheet."));
  });
});
