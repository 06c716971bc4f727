import { beforeAll, describe, expect, it } from "vitest";
import { buildInProcess } from "../../templates/builders.ts";
import { buildVanInClearancePdf, VAN_IN_CLEARANCE_NAME, type VanInClearanceDocument } from "../../templates/documents/van-in-clearance.ts";
import { normaliseOcr, type RenderedPdf, renderPdf, watermarkText } from "../support/pdf-image.ts";

/**
 * The van-in clearance (001 §9) read the way a person reads it: printed to page images and read back. A tandem's two
 * vans came back three days after the last free day, one of them damaged; detention 3 days × 2 TEU × 1,000.
 */

const clearance: VanInClearanceDocument = {
  vanInId: "VI-CEB-2026-000007",
  branchName: "Cebu",
  wayBillRef: "WB-MNL-2026-000031",
  bookingRef: "BK-MNL-2026-000101",
  tandemBookingRef: "BK-MNL-2026-000102",
  voyageNum: "VOY-MNL-2026-000003",
  shipperName: "Bayanihan Trading Corporation",
  consigneeName: "Visayan Copra Traders Inc.",
  size: "20",
  tandemCodeIds: ["LADU7000017", "LADU7000022"],
  vanOut: "2025-04-28T01:00:00.000Z",
  dateReturned: "2025-05-08T03:00:00.000Z",
  cyName: "Cebu Pier 4 CY",
  damages: [{ containerVanNum: "LADU7000022", vanPart: "Door Assembly", damageType: "Dented" }],
  remarks: "Returned by the consignee's trucker",
  detentionLastFreeDay: "2025-05-05",
  detentionDays: 3,
  detentionAmount: "6000.00",
  detentionProblem: null,
  receivedBy: "Carmela Reyes",
  generatedAt: new Date("2026-11-28T03:15:00Z"),
  copy: true,
};

const squeeze = (text: string) => normaliseOcr(text).toLowerCase().replace(/ /g, "");
const textOf = (read: RenderedPdf) => squeeze(read.pages.map((p) => p.text ?? "").join(" "));

describe("the van-in clearance", () => {
  const bytes = buildVanInClearancePdf(clearance);
  const clean = buildVanInClearancePdf({ ...clearance, damages: [], detentionDays: 0, detentionAmount: "0", copy: false, tandemCodeIds: ["LADU7000017"], tandemBookingRef: "" });
  let read: RenderedPdf;
  let cleanRead: RenderedPdf;

  beforeAll(async () => {
    [read, cleanRead] = await Promise.all([renderPdf(bytes, { pageSegmentation: 4 }), renderPdf(clean, { pageSegmentation: 4 })]);
  }, 120_000);

  it("is named after the van-in and built by the document builders", async () => {
    expect(VAN_IN_CLEARANCE_NAME(clearance.vanInId)).toBe("VI-CEB-2026-000007.pdf");
    const file = await buildInProcess("vanInClearance", clearance);
    expect([file.fileName, file.contentType]).toEqual(["VI-CEB-2026-000007.pdf", "application/pdf"]);
    expect(read.pageCount).toBe(1);
  });

  it("shows the van-in, the waybill, the tandem's vans, the return and the yard", () => {
    const text = textOf(read);
    for (const expected of [
      "VAN-IN CLEARANCE", "VI-CEB-2026-000007", "WB-MNL-2026-000031", "Booking Ref BK-MNL-2026-000101", "Tandem booking BK-MNL-2026-000102",
      "Vans (tandem)", "LADU7000017 / LADU7000022", "Returned to", "Cebu Pier 4 CY",
      // 03:00 UTC is 11:00 in Manila.
      "2025-05-08 11:00", "2025-04-28 09:00", "Visayan Copra Traders Inc.",
    ]) expect(text).toContain(squeeze(expected));
  });

  it("shows the detention settled: the last free day, the days and the amount", () => {
    const text = textOf(read);
    for (const expected of ["Detention", "Last free day", "May 5, 2025", "Detention days", "PHP 6,000.00"]) expect(text).toContain(squeeze(expected));
  });

  it("lists the damage found with its van, part and kind, and carries COPY unless printed by DAT staff", async () => {
    const text = textOf(read);
    for (const expected of ["Door Assembly", "Dented", "Returned by the consignee's trucker", "Carmela Reyes"]) expect(text).toContain(squeeze(expected));
    expect(await watermarkText(bytes, 1)).toBe("copy");
    expect(await watermarkText(clean, 1)).not.toBe("copy");
    const cleanText = textOf(cleanRead);
    expect(cleanText).toContain(squeeze("No damage found on return."));
    expect(cleanText).toContain(squeeze("PHP 0.00"));
    expect(cleanText).not.toContain(squeeze("(tandem)"));
    expect(cleanText).not.toContain(squeeze("Tandem booking"));
  });
});
