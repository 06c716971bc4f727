import { beforeAll, describe, expect, it } from "vitest";
import { buildInProcess } from "../../templates/builders.ts";
import {
  buildTruckerWaybillPdf,
  buildWaybillPdf,
  TRUCKER_WAYBILL_NAME,
  WAYBILL_NAME,
  type WaybillChargeLine,
  type WaybillDocument,
} from "../../templates/documents/waybill.ts";
import { normaliseOcr, type RenderedPdf, renderPdf, watermarkText } from "../support/pdf-image.ts";

/**
 * The waybill and the trucker's waybill are read back from their page images: the shipper and the consignee
 * read the waybill's parties, cargo, charges, totals and VAT; the driver and the checkers read the trucker's
 * copy, which carries the van and the truck and no money at all.
 */

const waybill: WaybillDocument = {
  wayBillRef: "WB-MNL-2026-000045",
  bookingRef: "BK-MNL-2026-000123",
  waybillStatus: "Issued",
  datePrepared: "2026-03-05",
  placeIssuedAddress: "Pier 4, North Harbor, Tondo, Manila",
  originBranchName: "Manila",
  destinationBranchName: "Davao",
  voyageNum: "MNL-DVO-2026-0017",
  voyageRef: "V17",
  vesselName: "MV Dalisay",
  shipperName: "Bayanihan Trading Corporation",
  shipperAddress: "12 Rizal Avenue, Santa Cruz, Manila 1003",
  consigneeName: "Mindanao Fresh Produce Inc.",
  consigneeAddress: "45 Quimpo Boulevard, Matina, Davao City 8000",
  goods: "Canned sardines",
  packaging: "Box",
  quantity: 1200,
  quantityTeu: 2,
  cargoWeight: "24.500",
  cargoVolume: "66.00",
  declaredValue: "850000.00",
  containerVanNum: "LDGU 204817-3",
  tandemBookingRef: "",
  tandemContainerVanNum: "",
  sealNum: "SL-558201",
  size: "40",
  modeOfDelivery: "DTD",
  modeOfPayment: "P",
  isSplitCharge: true,
  isTandem: false,
  isDangerousCargo: false,
  imdgClass: "",
  unNumber: "",
  truckerName: "Mabuhay Hauling Services",
  plateNum: "NBC 4821",
  driver: "Jose Ramirez",
  remarks: "MANO or grounding at both ends",
  // Out of order on purpose: the printout groups them by part, freight first.
  charges: [
    { chargeCode: "005", part: "PORT_DESTINATION", particulars: "Wharfage", chargeValue: "1120.00", availableTo: "Collect" },
    { chargeCode: "001", part: "FREIGHT", particulars: "Freight, per TEU, 2 x 18,500.00", chargeValue: "37000.00", availableTo: "Prepaid" },
    { chargeCode: "004", part: "PORT_ORIGIN", particulars: "Arrastre", chargeValue: "2350.75", availableTo: "Prepaid" },
  ],
  totals: { prepaid: "39350.75", collect: "1120.00", accountOrigin: "0.00", accountDestination: "0.00", total: "40470.75" },
  vat: { vatableInclusive: "40470.75", vatableNet: "36134.60", vat: "4336.15", exempt: "0.00" },
  insurancePremium: "2295.00",
  terms: [
    { policyCode: "FDD", policyName: "Free days at destination", value: "5" },
    { policyCode: "INS", policyName: "Insurance rate", value: "0.0027" },
  ],
  preparedBy: "Maria Santos",
  generatedAt: new Date("2026-03-05T02:00:00Z"),
  copy: false,
};

// A waybill with a trucking line at each end and many other charges: its table runs onto a second page.
const otherCharges: WaybillChargeLine[] = Array.from({ length: 30 }, (_, i) => ({
  chargeCode: String(30 + i).padStart(3, "0"),
  part: "OTHER",
  particulars: `Handling fee ${i + 1}`,
  chargeValue: "150.00",
  availableTo: "Account Destination",
}));
const long: WaybillDocument = {
  ...waybill,
  wayBillRef: "WB-MNL-2026-000046",
  waybillStatus: "Draft",
  modeOfDelivery: "PTP",
  modeOfPayment: "AD",
  isSplitCharge: false,
  isTandem: true,
  // Two 20' vans of two bookings on one trailer, carrying a flammable gas.
  tandemBookingRef: "BK-MNL-2026-000124",
  tandemContainerVanNum: "LDGU 204820-1",
  size: "20",
  isDangerousCargo: true,
  imdgClass: "2.1",
  unNumber: "1075",
  charges: [
    ...waybill.charges,
    { chargeCode: "009", part: "TRUCKING_DESTINATION", particulars: "Trucking to consignee", chargeValue: "6800.00", availableTo: "Collect" },
    { chargeCode: "008", part: "TRUCKING_ORIGIN", particulars: "Trucking from shipper", chargeValue: "5400.00", availableTo: "Account Origin" },
    ...otherCharges,
  ],
  copy: true,
};

/** OCR text without any white space: tesseract splits and joins words now and then; the characters count. */
const squeeze = (text: string) => normaliseOcr(text).replace(/ /g, "");
const pageText = (pdf: RenderedPdf) => pdf.pages.map((p) => squeeze(p.text ?? "")).join(" ");

/** A PDF's Info entry ("Title", "Subject") as jsPDF writes it: a literal string. */
function infoEntry(bytes: Uint8Array, key: string): string | undefined {
  const text = new TextDecoder("latin1").decode(bytes);
  return new RegExp(`/${key} \\(((?:[^()\\\\]|\\\\.)*)\\)`).exec(text)?.[1];
}

/** The fonts and sizes the pages' text is set in ("Courier 10"), read from the Tf operators of the file. */
function fontsUsed(bytes: Uint8Array): string[] {
  const text = new TextDecoder("latin1").decode(bytes);
  const baseFontOf = new Map<string, string>();
  for (const m of text.matchAll(/(\d+) 0 obj\s*<<\s*\/Type \/Font\s*\/BaseFont \/([A-Za-z-]+)/g)) baseFontOf.set(m[1], m[2]);
  const resource = new Map<string, string>();
  for (const m of text.matchAll(/\/(F\d+) (\d+) 0 R/g)) resource.set(m[1], baseFontOf.get(m[2]) ?? m[1]);
  const used = new Set([...text.matchAll(/\/(F\d+) ([\d.]+) Tf/g)].map((m) => `${resource.get(m[1]) ?? m[1]} ${m[2]}`));
  return [...used].sort();
}

/** Each page's MediaBox, in mm. */
function pageSizesMm(bytes: Uint8Array): [number, number][] {
  const text = new TextDecoder("latin1").decode(bytes);
  const mm = (pt: string) => Math.round((Number(pt) * 25.4) / 72 * 10) / 10;
  return [...text.matchAll(/\/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => [mm(m[1]), mm(m[2])]);
}

describe("waybill files", () => {
  it("are named after the waybill, the trucker's copy apart from it", async () => {
    expect(WAYBILL_NAME("WB-MNL-2026-000045")).toBe("WB-MNL-2026-000045.pdf");
    expect(TRUCKER_WAYBILL_NAME("WB-MNL-2026-000045")).toBe("WB-MNL-2026-000045-trucker.pdf");
    expect(WAYBILL_NAME("WB/MNL 7")).toBe("WB_MNL_7.pdf");
    const file = await buildInProcess("waybill", waybill);
    expect(file.fileName).toBe("WB-MNL-2026-000045.pdf");
    expect(file.contentType).toBe("application/pdf");
    expect(new TextDecoder("latin1").decode(file.bytes.subarray(0, 5))).toBe("%PDF-");
    const trucker = await buildInProcess("truckerWaybill", { view: waybill, layout: "letter" });
    expect(trucker.fileName).toBe("WB-MNL-2026-000045-trucker.pdf");
    expect(trucker.contentType).toBe("application/pdf");
    expect(pageSizesMm(trucker.bytes)).toEqual([[215.9, 279.4]]);
  });
});

describe("waybill read back from its page images", () => {
  let plainPdf: RenderedPdf;
  let longPdf: RenderedPdf;
  const plainBytes = buildWaybillPdf(waybill);
  const longBytes = buildWaybillPdf(long);

  beforeAll(async () => {
    // Read as one column of lines, so that each label stays with its value across the page's two columns.
    const options = { pageSegmentation: 4 } as const;
    [plainPdf, longPdf] = await Promise.all([renderPdf(plainBytes, options), renderPdf(longBytes, options)]);
  }, 90_000);

  it("is printed on portrait A4", () => {
    for (const size of pageSizesMm(plainBytes)) expect(size).toEqual([210, 297]);
    const [page] = plainPdf.pages;
    expect(page.height / page.width).toBeCloseTo(297 / 210, 2);
  });

  it("prints the title, the waybill, its voyage and the parties", () => {
    const text = pageText(plainPdf);
    for (const expected of [
      // The heading: the line's name, the title and the waybill's number.
      "lading waybill wb-mnl-2026-000045",
      // Tesseract takes the bold "Waybill" of the label for "Waypbill": the number is what counts.
      "bill no. wb-mnl-2026-000045",
      "status issued",
      "date prepared 2026-03-05",
      // Lines that wrap in both columns are read across the page, a line of each column after the other.
      "place issued pier 4, north harbor, tondo,",
      "booking ref bk-mnl-2026-000123",
      "voyage mnl-dvo-2026-0017 (v17)",
      "vessel mv dalisay",
      "origin manila",
      "destination davao",
      "shipper bayanihan trading corporation",
      "address 12 rizal avenue, santa cruz,",
      "consignee mindanao fresh produce inc.",
      "address 45 quimpo boulevard, matina, davao",
      "manila 1003 city 8000",
    ]) expect(text).toContain(squeeze(expected));
  });

  it("prints the cargo, the van, the modes with their names and the flags that are set", () => {
    const text = pageText(plainPdf);
    for (const expected of [
      "goods canned sardines",
      "packaging box",
      "quantity 1,200",
      "teu 2",
      "weight (tons) 24.5",
      "volume (cu. m) 66",
      "declared value php 850,000.00",
      "van no. ldgu 204817-3",
      "seal no. sl-558201",
      "size 40 ft",
      "delivery dtd door to door",
      "payment p prepaid",
      "flags split charge",
      "trucker mabuhay hauling services",
      "plate no. nbc 4821",
      "driver jose ramirez",
      "remarks mano or grounding at both ends",
    ]) expect(text).toContain(squeeze(expected));
    for (const absent of ["tandem", "dangerous", "imdg", "un no."]) expect(text).not.toContain(absent);
  });

  it("names both vans and both bookings of a tandem, and the IMDG class and UN number of dangerous cargo", () => {
    const text = pageText(longPdf);
    for (const expected of [
      "booking ref bk-mnl-2026-000123",
      "tandem booking bk-mnl-2026-000124",
      "van no. ldgu 204817-3",
      "tandem van ldgu 204820-1",
      "size 20 ft",
      "imdg class 2.1",
      "un no. un 1075",
    ]) expect(text).toContain(squeeze(expected));
  });

  it("prints the charges under their parts, freight first, with who is billed and the amount", () => {
    const text = pageText(plainPdf);
    const rows = [
      "freight",
      "001 freight, per teu, 2 x 18,500.00 prepaid 37,000.00",
      "port charges at origin",
      "004 arrastre prepaid 2,350.75",
      "port charges at destination",
      "005 wharfage collect 1,120.00",
    ].map(squeeze);
    for (const row of rows) expect(text).toContain(row);
    // In the order of the parts, not in the order the lines came in.
    const at = rows.map((row) => text.indexOf(row, text.indexOf(squeeze("remarks"))));
    expect(at).toEqual([...at].sort((a, b) => a - b));
  });

  it("prints the totals by payment side, the VAT, the insurance premium and the terms", () => {
    const text = pageText(plainPdf);
    for (const expected of [
      "totals by payment side (php)",
      "prepaid 39,350.75",
      "collect 1,120.00",
      "account origin 0.00",
      "account destination 0.00",
      "total 40,470.75",
      "vatable sales (incl. vat) 40,470.75",
      "vatable net 36,134.60",
      "vat 12% 4,336.15",
      "vat-exempt 0.00",
      "insurance premium php 2,295.00",
      "terms policy name",
      "fdd free days at destination 5",
      "ins insurance rate 0.0027",
    ]) expect(text).toContain(squeeze(expected));
  });

  it("closes with the signature lines", () => {
    const text = pageText(plainPdf);
    for (const expected of ["prepared by", "shipper", "carrier's agent", "maria santos", "signature over printed name"]) {
      expect(text).toContain(squeeze(expected));
    }
  });

  it("has no watermark on the line's own print", async () => {
    expect(pageText(plainPdf)).not.toContain("copy");
    for (let page = 1; page <= plainPdf.pageCount; page++) expect(await watermarkText(plainBytes, page)).not.toContain("copy");
  }, 30_000);

  it("repeats the heading on every page of a long waybill, prints every part and keeps within the page", () => {
    expect(longPdf.pageCount).toBeGreaterThan(1);
    for (const page of longPdf.pages) {
      const text = squeeze(page.text ?? "");
      expect(text).toContain("waybill");
      expect(text).toContain(squeeze("wb-mnl-2026-000046"));
      expect(text).toContain(squeeze(`page ${page.page} of ${longPdf.pageCount}`));
    }
    const text = pageText(longPdf);
    for (const expected of [
      "status draft",
      "delivery ptp pier to pier",
      "payment ad account destination",
      "flags tandem, dangerous cargo",
      "trucking at origin",
      "008 trucking from shipper account origin 5,400.00",
      "trucking at destination",
      "009 trucking to consignee collect 6,800.00",
      "other charges",
      "030 handling fee 1 account destination 150.00",
      "059 handling fee 30",
    ]) expect(text).toContain(squeeze(expected));
    // Every one of the thirty other charges, with the side it is billed to and its amount; under the watermark
    // OCR may put a speck between a row's particulars and the rest of it.
    expect(text.split(squeeze("account destination 150.00")).length - 1).toBe(30);
  });

  it("marks a copy with COPY across every page", async () => {
    for (let page = 1; page <= longPdf.pageCount; page++) expect(await watermarkText(longBytes, page)).toBe("copy");
  }, 30_000);
});

describe("trucker's waybill read back from its page images", () => {
  let legalPdf: RenderedPdf;
  let letterPdf: RenderedPdf;
  const legalBytes = buildTruckerWaybillPdf(waybill, "legal");
  const letterBytes = buildTruckerWaybillPdf({ ...waybill, copy: true }, "letter");

  beforeAll(async () => {
    [legalPdf, letterPdf] = await Promise.all([renderPdf(legalBytes), renderPdf(letterBytes)]);
  }, 60_000);

  it("is printed on legal or on letter paper, one page, titled for the trucker", () => {
    expect(pageSizesMm(legalBytes)).toEqual([[215.9, 355.6]]);
    expect(pageSizesMm(letterBytes)).toEqual([[215.9, 279.4]]);
    expect(legalPdf.pageCount).toBe(1);
    expect(letterPdf.pageCount).toBe(1);
    // 200 dpi: 8.5 by 14 and 8.5 by 11 inches.
    expect([legalPdf.pages[0].width, legalPdf.pages[0].height]).toEqual([1700, 2800]);
    expect([letterPdf.pages[0].width, letterPdf.pages[0].height]).toEqual([1700, 2200]);
    for (const bytes of [legalBytes, letterBytes]) {
      expect(infoEntry(bytes, "Title")).toBe("Truckers Waybill");
      expect(infoEntry(bytes, "Subject")).toBe("WB Trucker");
    }
  });

  it("is set in a monospaced face at 10 points, the watermark apart", () => {
    expect(fontsUsed(legalBytes)).toEqual(["Courier 10", "Courier-Bold 10"]);
    expect(fontsUsed(letterBytes)).toEqual(["Courier 10", "Courier-Bold 10", "Helvetica-Bold 150"]);
  });

  it("prints the header, the voyage, the parties, the van, the truck and the signature lines", () => {
    for (const pdf of [legalPdf, letterPdf]) {
      const text = pageText(pdf);
      for (const expected of [
        "lading",
        "truckers waybill",
        "waybill no.: wb-mnl-2026-000045",
        "date: 2026-03-05",
        "voyage: mnl-dvo-2026-0017 (v17)",
        "vessel: mv dalisay",
        "origin: manila",
        "destination: davao",
        "shipper: bayanihan trading corporation",
        "consignee: mindanao fresh produce inc.",
        "address: 45 quimpo boulevard, matina, davao city 8000",
        "goods: canned sardines",
        "quantity: 1,200",
        "van no.: ldgu 204817-3",
        "seal no.: sl-558201",
        "size: 40 ft",
        "trucker: mabuhay hauling services",
        "plate no.: nbc 4821",
        "driver: jose ramirez",
        "remarks: mano or grounding at both ends",
        "checker",
        "received in good order",
      ]) expect(text).toContain(squeeze(expected));
    }
  });

  it("shows no amount and no charge", () => {
    for (const pdf of [legalPdf, letterPdf]) {
      const text = pageText(pdf);
      expect(text).not.toMatch(/\d\.\d\d(?!\d)/);
      for (const absent of ["php", "prepaid", "collect", "freight", "vat", "total", "850,000", "37,000", "18,500"]) {
        expect(text).not.toContain(absent);
      }
    }
  });

  it("names the tandem's second van and what dangerous cargo is, for the driver", async () => {
    const pdf = await renderPdf(buildTruckerWaybillPdf(long, "legal"));
    const text = pageText(pdf);
    for (const expected of [
      "van no.: ldgu 204817-3",
      "tandem van: ldgu 204820-1",
      "size: 20 ft",
      "dangerous: imdg class 2.1, un 1075",
    ]) expect(text).toContain(squeeze(expected));
    for (const pdf of [legalPdf, letterPdf]) {
      for (const absent of ["tandem van", "dangerous", "imdg"]) expect(pageText(pdf)).not.toContain(squeeze(absent));
    }
  }, 60_000);

  it("carries COPY only when printed as a copy", async () => {
    expect(await watermarkText(letterBytes, 1)).toBe("copy");
    expect(await watermarkText(legalBytes, 1)).not.toContain("copy");
    expect(pageText(legalPdf)).not.toContain("copy");
  }, 30_000);
});
