import { beforeAll, describe, expect, it } from "vitest";
import { buildInProcess } from "../../templates/builders.ts";
import {
  buildLoadingConfirmationPdf,
  CUSTOMER_X,
  DETAIL_X,
  LOADING_CONFIRMATION_NAME,
  type LoadingConfirmationDocument,
  type LoadingConfirmationLine,
  LOGO,
  PAGE_BREAK_Y,
  RULE_END_X,
} from "../../templates/documents/loading-confirmation.ts";
import { normaliseOcr, readRegion, type RenderedPdf, renderPdf, watermarkText } from "../support/pdf-image.ts";

/**
 * The loading confirmation read back from its page images (001 §9): landscape; the company name, the title and
 * the voyage lines at the top, the logo at x 210 (55 by 25); the columns No., Customer (x 20) and Details (x 100,
 * 150, 200); each row's cargo, references, van, modes, destination, ETA and remarks over a rule; and past y 195 a
 * new page with the header and the column titles again. The file also asks the viewer to print it on opening.
 */

const line = (n: number): LoadingConfirmationLine => ({
  bookingRef: `BK-MNL-2026-${String(n).padStart(6, "0")}`,
  wayBillRef: `WB-MNL-2026-${String(100 + n).padStart(6, "0")}`,
  cargo: "1 x 20'",
  goods: "Canned goods, 400 Box",
  sealNum: `MNL-04567${String(n).padStart(2, "0")}`,
  containerVanNum: `LDGU20100${String(n).padStart(2, "0")}`,
  modeOfDelivery: n % 2 ? "PTP" : "DTD",
  modeOfPayment: n % 2 ? "P" : "AD",
  destination: "Cebu",
  eta: "2026-03-10T02:00:00.000Z",
  remarks: n === 1 ? "STUFFING AT ORIGIN / STRIPPING AT DESTINATION" : "",
  consignee: "Lapu Lapu Foods Inc.",
  consigneeEmail: "receiving@lapulapu.example",
});

/** Nine loaded bookings: more than one page holds. */
const view: LoadingConfirmationDocument = {
  transactionRef: "LC-MNL-2026-000042",
  voyageNum: "VOY-MNL-2026-000003",
  voyageRef: "V-201S",
  vessel: "MV Lading Pioneer",
  // 02:00 UTC is 10:00 in Manila.
  etd: "2026-03-09T02:00:00.000Z",
  origin: "Manila",
  shipper: "Bayanihan Trading Corporation",
  lines: Array.from({ length: 9 }, (_, i) => line(i + 1)),
  generatedAt: new Date("2026-03-09T03:00:00Z"),
  copy: false,
};

/** OCR text without white space: tesseract splits and joins words now and then; the characters count. */
const squeeze = (text: string) => normaliseOcr(text).replace(/ /g, "");

describe("loading confirmation file", () => {
  it("is named after its Transaction Ref and opens in the print dialog", async () => {
    expect(LOADING_CONFIRMATION_NAME("LC-MNL-2026-000042")).toBe("LC-MNL-2026-000042.pdf");
    const file = await buildInProcess("loadingConfirmation", view);
    expect([file.fileName, file.contentType]).toEqual(["LC-MNL-2026-000042.pdf", "application/pdf"]);
    // The document catalog's opening action is the viewer's Print.
    const raw = new TextDecoder("latin1").decode(file.bytes);
    const opening = [...raw.matchAll(/\/OpenAction (\d+) 0 R/g)].map((m) => m[1]);
    expect(opening).toHaveLength(1);
    const action = new RegExp(`\\n${opening[0]} 0 obj\\s*<<([^>]*)>>`).exec(raw)?.[1] ?? "";
    expect(action.replace(/\s+/g, " ").trim()).toBe("/S /Named /Type /Action /N /Print");
  });

  it("keeps the figures of 001 §9 as its constants", () => {
    expect([LOGO.x, LOGO.width, LOGO.height, CUSTOMER_X, ...DETAIL_X, RULE_END_X, PAGE_BREAK_Y]).toEqual([210, 55, 25, 20, 100, 150, 200, 270, 195]);
  });
});

describe("loading confirmation read back from its page images", () => {
  const bytes = buildLoadingConfirmationPdf(view);
  let pdf: RenderedPdf;
  beforeAll(async () => {
    pdf = await renderPdf(bytes, { pageSegmentation: 4 });
  }, 60_000);
  const page = (n: number) => squeeze(pdf.pages[n - 1].text ?? "");

  it("is A4 landscape, two pages for nine bookings", () => {
    expect(pdf.pageCount).toBe(2);
    expect(pdf.pages[0].width / pdf.pages[0].height).toBeCloseTo(297 / 210, 2);
  });

  it("heads every page with the company, the title, the voyage lines and the column titles", () => {
    for (const n of [1, 2]) {
      for (const expected of [
        "loadingconfirmation",
        "voyagesequence:voy-mnl-2026-000003(v-201s)",
        "vessel:mvladingpioneer",
        "etd:mar9,2026,10:00am",
        "transactionref:lc-mnl-2026-000042",
        "no.customerdetails",
      ]) expect(page(n), `page ${n}`).toContain(expected);
    }
  });

  it("centres the company name in bold above the title, and puts the logo at x 210", async () => {
    // The middle third of the page's top, read alone, is the company name over the title.
    expect(squeeze(await readRegion(bytes, 1, { x: 99, y: 8, width: 99, height: 18 }))).toBe("ladingloadingconfirmation");
    expect(squeeze(await readRegion(bytes, 1, { x: LOGO.x + 26, y: LOGO.y, width: LOGO.width - 26, height: LOGO.height }))).toBe("ladingseafreightandtrucking");
    // Nothing of the logo reaches left of x 210.
    expect(squeeze(await readRegion(bytes, 1, { x: 200, y: LOGO.y, width: 10, height: LOGO.height }))).toBe("");
  }, 30_000);

  it("starts the columns at x 20, 100, 150 and 200", async () => {
    // From the column titles down to the first row's rule, column by column.
    const band = (x: number, width: number) => readRegion(bytes, 1, { x, y: 58, width, height: 28 }).then(squeeze);
    expect(await band(CUSTOMER_X - 1, 78)).toBe("customerbayanihantradingcorporationconsignee:lapulapufoodsinc.receiving@lapulapu.example");
    expect(await band(DETAIL_X[0] - 1, 50)).toBe("details1x20'cannedgoods,400boxbookingref:bk-mnl-2026-000001waybill:wb-mnl-2026-000101");
    expect(await band(DETAIL_X[1] - 1, 50)).toBe("seal#:mnl-0456701van#:ldgu2010001servicemode:ptppiertopiermodeofpayment:pprepaid");
    expect(await band(DETAIL_X[2] - 1, RULE_END_X - DETAIL_X[2] + 2)).toBe("destination:cebueta:mar10,2026,10:00amremarks:stuffingatorigin/strippingatdestination");
  }, 30_000);

  it("lists each booking's details in its row", () => {
    const text = page(1);
    for (const expected of [
      "bk-mnl-2026-000002", "waybill:wb-mnl-2026-000102", "seal#:mnl-0456702", "van#:ldgu2010002", "servicemode:dtddoortodoor",
      "modeofpayment:adaccountdestination", "remarks:-",
    ]) expect(text).toContain(expected);
  });

  it("moves the row that would cross y 195 to the next page", async () => {
    // A row is four lines high, five where "Account destination" wraps (the even rows). From y 70 the rows step
    // 21.6 and 25.8 mm: the fifth starts at 164.8 and ends above 195; the sixth, five lines from 186.4, would
    // not, so it opens the second page.
    expect(page(1)).toContain("bookingref:bk-mnl-2026-000005");
    expect(page(1)).not.toContain("bk-mnl-2026-000006");
    expect(page(2)).toContain("bookingref:bk-mnl-2026-000006");
    expect(page(2)).toContain("bookingref:bk-mnl-2026-000009");
    expect(page(2)).not.toContain("bk-mnl-2026-000005");
    // Below y 195 the first page holds only its footer.
    expect(squeeze(await readRegion(bytes, 1, { x: 5, y: PAGE_BREAK_Y, width: 287, height: 4 }))).toBe("");
    expect(page(1)).toContain("page1of2");
    expect(page(2)).toContain("page2of2");
  }, 30_000);

  it("carries COPY only on a copy", async () => {
    expect(await watermarkText(bytes, 1)).not.toContain("copy");
    // The logo's solid square lies in the watermark's diagonal band; read with it, it may add a stray mark.
    expect(await watermarkText(buildLoadingConfirmationPdf({ ...view, copy: true }), 1)).toMatch(/^copy[^a-z0-9]?$/);
  }, 30_000);
});
