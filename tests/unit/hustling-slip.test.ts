import { beforeAll, describe, expect, it } from "vitest";
import { buildInProcess } from "../../templates/builders.ts";
import { buildHustlingSlipPdf, HUSTLING_SLIP_NAME, type HustlingSlipDocument } from "../../templates/documents/hustling-slip.ts";
import { normaliseOcr, type RenderedPdf, renderPdf, watermarkText } from "../support/pdf-image.ts";

/**
 * The cargo transfer (hustling) slip read back from its page images, as the hauler and the yard checker read it:
 * the header of 001 §3, each van of the container lines, and who issued it.
 */

const toVessel: HustlingSlipDocument = {
  branchName: "Manila",
  hustlingCstNum: "HUS-MNL-2026-000007",
  voyageNum: "VOY-MNL-2026-000004",
  voyageRef: "DEMO-OPEN",
  hustVessel: "MV Lading Pioneer",
  toReference: "To Vessel",
  hustVoyageNum: "VOY-MNL-2026-000005",
  tovesselName: "MV Lading Voyager",
  toPortName: "",
  dateTimeIn: "2026-03-02T01:30:00.000Z",
  dateTimeOut: "2026-03-02T03:00:00.000Z",
  fromCyName: "North Harbor CY 1",
  toCyName: "Parola CY",
  truckerName: "North Harbor Haulers Inc.",
  remarks: "Transshipment for the Davao run",
  lines: [
    { containerVanNum: "LDGU2010035", containerType: "DRY", size: "20", plateNum: "NBC 1234", driver: "Rodel Mendoza", detailsRemarks: "Seal intact" },
    { containerVanNum: "LDGU4010013", containerType: "REEFER", size: "40", plateNum: "NDA 7781", driver: "Efren Bautista", detailsRemarks: "" },
  ],
  issuedBy: "Hector Bautista",
  generatedAt: new Date("2026-03-02T04:00:00Z"),
  copy: false,
};

// Forty vans to a port: the lines run onto a second page, which repeats the heading and the column titles.
const toPort: HustlingSlipDocument = {
  ...toVessel,
  hustlingCstNum: "HUS-MNL-2026-000008",
  toReference: "To Port",
  hustVoyageNum: "",
  tovesselName: "",
  toPortName: "Batangas Port",
  toCyName: "Batangas CY",
  lines: Array.from({ length: 40 }, (_, i) => ({
    containerVanNum: `LDGU30${String(i).padStart(4, "0")}X`, containerType: "DRY", size: "20", plateNum: `NBC ${1000 + i}`, driver: `Driver ${i + 1}`, detailsRemarks: "",
  })),
  copy: true,
};

/** OCR text without white space or the table's rules: tesseract splits and joins words now and then, and reads a rule as |. */
const squeeze = (text: string) => normaliseOcr(text).replace(/[ |]/g, "");
const pageText = (pdf: RenderedPdf) => pdf.pages.map((p) => squeeze(p.text ?? "")).join(" ");

describe("hustling slip file", () => {
  it("is named after the hustling and built by its builder entry", async () => {
    expect(HUSTLING_SLIP_NAME("HUS-MNL-2026-000007")).toBe("HUS-MNL-2026-000007.pdf");
    const file = await buildInProcess("hustlingSlip", toVessel);
    expect(file.fileName).toBe("HUS-MNL-2026-000007.pdf");
    expect(file.contentType).toBe("application/pdf");
    expect(new TextDecoder("latin1").decode(file.bytes.subarray(0, 5))).toBe("%PDF-");
  });
});

describe("hustling slip read back from its page images", () => {
  let vesselPdf: RenderedPdf;
  let portPdf: RenderedPdf;
  const vesselBytes = buildHustlingSlipPdf(toVessel);
  const portBytes = buildHustlingSlipPdf(toPort);

  beforeAll(async () => {
    [vesselPdf, portPdf] = await Promise.all([renderPdf(vesselBytes, { pageSegmentation: 4 }), renderPdf(portBytes, { pageSegmentation: 4 })]);
  }, 60_000);

  it("prints a transfer to a vessel on one portrait A4 page", () => {
    expect(vesselPdf.pageCount).toBe(1);
    const [page] = vesselPdf.pages;
    expect(page.height / page.width).toBeCloseTo(297 / 210, 2);
  });

  it("prints the header of 001 §3 with Manila times, each van's line and the issuer", () => {
    const text = pageText(vesselPdf);
    for (const expected of [
      "cargo transfer slip (hustling)",
      "hustling no. hus-mnl-2026-000007",
      "branch manila",
      "voyage voy-mnl-2026-000004",
      "voyage ref. demo-open",
      "vessel mv lading pioneer",
      "to to vessel",
      "to vessel mv lading voyager",
      "to voyage voy-mnl-2026-000005",
      "from cy north harbor cy 1",
      "to cy parola cy",
      "trucker north harbor haulers inc.",
      // 01:30 and 03:00 UTC are 09:30 and 11:00 in Manila.
      "time in 2026-03-02 09:30",
      "time out 2026-03-02 11:00",
      "remarks transshipment for the davao run",
      "container vans (2)",
      "1 ldgu2010035 dry 20 ft nbc 1234 rodel mendoza seal intact",
      "2 ldgu4010013 reefer 40 ft nda 7781 efren bautista",
      "issued by trucker / driver yard checker",
      "hector bautista",
    ]) expect(text).toContain(squeeze(expected));
    expect(text).not.toContain("toport");
  });

  it("is an original: no COPY on it", async () => {
    expect(pageText(vesselPdf)).not.toContain("copy");
    expect(await watermarkText(vesselBytes, 1)).not.toContain("copy");
  }, 30_000);

  it("prints a transfer to a port with the port, every van over two pages, and COPY on each page of a copy", async () => {
    expect(portPdf.pageCount).toBe(2);
    const text = pageText(portPdf);
    for (const expected of ["to to port", "to port batangas port", "to cy batangas cy", "container vans (40)"]) expect(text).toContain(squeeze(expected));
    expect(text).not.toContain(squeeze("to vessel"));
    // Every van once, in order, the last ones on the second page under the heading again.
    const vans = (page: string) => [...page.matchAll(/ldgu30(\d{4})x/g)].map((m) => Number(m[1]));
    const [first, second] = portPdf.pages.map((p) => squeeze(p.text ?? ""));
    expect([...vans(first), ...vans(second)]).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(vans(second)).toContain(39);
    expect(second).toContain(squeeze("cargo transfer slip (hustling)"));
    expect(second).toContain(squeeze("40 ldgu300039x dry 20 ft nbc 1039 driver 40"));
    expect(second).toContain(squeeze("page 2 of 2"));
    for (const page of [1, 2]) expect(await watermarkText(portBytes, page)).toBe("copy");
  }, 30_000);
});
