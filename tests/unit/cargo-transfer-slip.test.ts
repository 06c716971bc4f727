import { beforeAll, describe, expect, it } from "vitest";
import { buildInProcess } from "../../templates/builders.ts";
import {
  buildCargoTransferSlipPdf,
  CARGO_TRANSFER_SLIP_NAME,
  type CargoTransferSlipDocument,
  type SlipDamage,
} from "../../templates/documents/cargo-transfer-slip.ts";
import { normaliseOcr, type RenderedPdf, renderPdf, watermarkText } from "../support/pdf-image.ts";

/**
 * The cargo transfer slip is read back from its page images, as the yard checker and the trucker read it: the
 * van, the truck, where the van goes, and for a damaged van the parts marked on the drawing and listed under it.
 */

const slip: CargoTransferSlipDocument = {
  ctsNum: "CTS-MNL-2026-000001",
  status: "Issued",
  dateIssued: "2026-03-02T01:30:00.000Z",
  branchName: "Manila",
  bookingRef: "BK-MNL-2026-000123",
  voyageNum: "MNL-CEB-2026-0042",
  voyageRef: "V42",
  vesselName: "MV Dalisay",
  shipperName: "Bayanihan Trading Corporation",
  consigneeName: "Lapu Lapu Foods Inc.",
  destinationName: "Cebu",
  containerVanNum: "LDGU 204817-3",
  size: "40",
  vanType: "Dry",
  isShipperOwned: false,
  numberOverride: null,
  truckerName: "Mabuhay Hauling Services",
  plateNum: "NBC 4821",
  driver: "Jose Ramirez",
  fromCyName: "North Harbor Container Yard",
  toParty: "Shipper",
  toName: "Quezon Rice Mills",
  vanStatus: "Empty",
  damages: [],
  vanLocator: "Bay 12, row B",
  vanLocatorAmount: "1250",
  remarks: "Return the van within five days",
  issuedBy: "Maria Santos",
  generatedAt: new Date("2026-03-02T02:00:00Z"),
  copy: false,
};

// A shipper's van whose number fails its check digit, damaged in many places: the list runs onto a second page.
const damages: SlipDamage[] = [
  { vanPart: "Roof Panel", damageType: "Dented" },
  { vanPart: "Door Assembly", damageType: "Loose" },
  { vanPart: "Forklift Pocket", damageType: "Cracked" },
  { vanPart: "Sidewall Panel", damageType: "Scratched" },
  { vanPart: "Cross Member", damageType: "Corroded" },
  { vanPart: "Threshold Plate", damageType: "Torn" },
  { vanPart: "Ventilator", damageType: "Missing" },
  { vanPart: "Endwall Panel", damageType: "Punctured" },
  { vanPart: "Top Side Rail", damageType: "Collapsed" },
  { vanPart: "Bottom Side Rail", damageType: "Dented" },
  { vanPart: "Marking Panel", damageType: "Scratched" },
  { vanPart: "Joint Strip", damageType: "Loose" },
  { vanPart: "Front End Frame", damageType: "Cracked" },
  { vanPart: "Rear End Frame", damageType: "Corroded" },
  { vanPart: "Door Hinge", damageType: "Missing" },
];
const damaged: CargoTransferSlipDocument = {
  ...slip,
  ctsNum: "CTS-MNL-2026-000002",
  containerVanNum: "ABCU 123456-0",
  size: "20",
  vanType: "Reefer",
  isShipperOwned: true,
  numberOverride: { reason: "Owner code repainted, checked against the SOC papers", by: "Ana Cruz" },
  toParty: "Consignee",
  toName: "Lapu Lapu Foods Inc.",
  vanStatus: "Damaged",
  damages,
  copy: true,
};

const cancelled: CargoTransferSlipDocument = { ...slip, ctsNum: "CTS-MNL-2026-000003", status: "Cancelled" };

/** OCR text without any white space: tesseract splits and joins words now and then; the characters count. */
const squeeze = (text: string) => normaliseOcr(text).replace(/ /g, "");
const pageText = (pdf: RenderedPdf) => pdf.pages.map((p) => squeeze(p.text ?? "")).join(" ");

describe("cargo transfer slip file", () => {
  it("is named after the slip", async () => {
    expect(CARGO_TRANSFER_SLIP_NAME("CTS-MNL-2026-000001")).toBe("CTS-MNL-2026-000001.pdf");
    expect(CARGO_TRANSFER_SLIP_NAME("CTS/MNL 7")).toBe("CTS_MNL_7.pdf");
    const file = await buildInProcess("cargoTransferSlip", slip);
    expect(file.fileName).toBe("CTS-MNL-2026-000001.pdf");
    expect(file.contentType).toBe("application/pdf");
    expect(new TextDecoder("latin1").decode(file.bytes.subarray(0, 5))).toBe("%PDF-");
  });
});

describe("cargo transfer slip read back from its page images", () => {
  let plainPdf: RenderedPdf;
  let damagedPdf: RenderedPdf;
  let cancelledPdf: RenderedPdf;
  const damagedBytes = buildCargoTransferSlipPdf(damaged);
  const plainBytes = buildCargoTransferSlipPdf(slip);

  beforeAll(async () => {
    [plainPdf, damagedPdf, cancelledPdf] = await Promise.all([
      renderPdf(plainBytes),
      renderPdf(damagedBytes),
      renderPdf(buildCargoTransferSlipPdf(cancelled)),
    ]);
  }, 60_000);

  it("prints a slip in good order on one portrait A4 page", () => {
    expect(plainPdf.pageCount).toBe(1);
    const [page] = plainPdf.pages;
    expect(page.width).toBeGreaterThan(1600);
    expect(page.width).toBeLessThan(1700);
    expect(page.height / page.width).toBeCloseTo(297 / 210, 2);
  });

  it("prints the slip, booking, van, truck, yard, destination, locator and signature lines", () => {
    const text = pageText(plainPdf);
    for (const expected of [
      "lading",
      "cargo transfer slip",
      "cts no. cts-mnl-2026-000001",
      // 01:30 UTC is 09:30 in Manila.
      "date issued 2026-03-02 09:30",
      "branch manila",
      "booking ref bk-mnl-2026-000123",
      "mnl-ceb-2026-0042 (v42)",
      "mv dalisay",
      "bayanihan trading corporation",
      "lapu lapu foods inc.",
      "destination cebu",
      "van no. ldgu 204817-3",
      "40 ft dry",
      "van status empty",
      "trucker mabuhay hauling services",
      "plate no. nbc 4821",
      "driver jose ramirez",
      "from cy north harbor container yard",
      "to shipper quezon rice mills",
      "van locator bay 12, row b",
      "locator amount php 1,250.00",
      "remarks return the van within five days",
      "issued by",
      "trucker / driver",
      "yard checker",
      "maria santos",
    ]) expect(text).toContain(squeeze(expected));
  });

  it("leaves out what does not apply: no watermark, no damage, no override, not cancelled", async () => {
    const text = pageText(plainPdf);
    for (const absent of ["copy", "damage", "roof panel", "shipper-owned", "check digit", "cancelled"]) {
      expect(text).not.toContain(squeeze(absent));
    }
    expect(await watermarkText(plainBytes, 1)).not.toContain("copy");
  }, 30_000);

  it("prints the shipper's van and why its number was accepted", () => {
    const text = pageText(damagedPdf);
    // Under the watermark OCR may read a column of labels apart from its values: the values are what count.
    for (const expected of [
      "cts-mnl-2026-000002",
      "abcu 123456-0",
      "20 ft reefer",
      "shipper-owned",
      "number accepted without a valid check digit: owner code repainted, checked against the soc papers (ana cruz)",
      "van status damaged",
      "to consignee lapu lapu foods inc.",
    ]) expect(text).toContain(squeeze(expected));
  });

  it("lists every damage of a damaged van, numbered as on the drawing, and names the part it cannot draw", () => {
    expect(damagedPdf.pageCount).toBe(2);
    const text = pageText(damagedPdf);
    for (const row of [
      "1 roof panel dented",
      "12 door assembly loose",
      "8 forklift pocket cracked",
      "3 sidewall panel scratched",
      "14 cross member corroded",
      "13 threshold plate torn",
      "5 ventilator missing",
      "11 endwall panel punctured",
      "2 top side rail collapsed",
      "7 bottom side rail dented",
      "6 marking panel scratched",
      "4 joint strip loose",
      "9 front end frame cracked",
      "10 rear end frame corroded",
      "door hinge missing",
    ]) expect(text).toContain(squeeze(row));
    expect(text).toContain(squeeze("not shown on the diagram: door hinge"));
    // The drawing's captions.
    for (const caption of ["roof, from above", "underside", "front end", "door end"]) expect(text).toContain(squeeze(caption));
  });

  it("marks a copy with COPY across every page, without hiding what is under it", async () => {
    for (let page = 1; page <= damagedPdf.pageCount; page++) expect(await watermarkText(damagedBytes, page)).toBe("copy");
    // The fields under the watermark still read (the damage rows are checked above, on the same copy).
    const text = pageText(damagedPdf);
    for (const expected of ["trucker mabuhay hauling services", "plate no. nbc 4821", "locator amount php 1,250.00"]) {
      expect(text).toContain(squeeze(expected));
    }
  }, 30_000);

  it("prints CANCELLED on a cancelled slip", () => {
    const text = pageText(cancelledPdf);
    expect(text).toContain(squeeze("cancelled - this slip is void"));
    expect(text).toContain(squeeze("cts-mnl-2026-000003"));
  });
});
