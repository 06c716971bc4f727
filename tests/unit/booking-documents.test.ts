import { beforeAll, describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import type { DeliveryListLine } from "../../api/modules/bookings/schemas.ts";
import {
  type AtwDocument,
  AUTHORITY_TO_WITHDRAW_NAME,
  buildAuthorityToWithdrawPdf,
} from "../../templates/documents/authority-to-withdraw.ts";
import {
  type BookingSlipDocument,
  buildCargoBookingSlipPdf,
  CARGO_BOOKING_SLIP_NAME,
  deliveryModeText,
  documentDate,
  paymentModeText,
} from "../../templates/documents/cargo-booking-slip.ts";
import { buildPickUpListWorkbook, DELIVERY_LIST_FILE, PICK_UP_LIST_FILE } from "../../templates/exports/pick-up-list.ts";
import { normaliseOcr, type RenderedPdf, renderPdf } from "../support/pdf-image.ts";

/**
 * The booking documents are read back from their page images: what counts is what the trucker at the yard
 * gate and the shipper can read off the paper, not which strings the PDF happens to carry.
 */

const atw: AtwDocument = {
  bookingRef: "BK-MNL-2026-000123",
  dateAtwIssued: "2026-03-02T01:30:00.000Z",
  shipperName: "Bayanihan Trading Corporation",
  voyageNum: "MNL-CEB-2026-0042",
  voyageRef: "V42",
  vesselName: "MV Dalisay",
  originBranchName: "Manila",
  destinationName: "Cebu",
  modeOfDelivery: "DTD",
  truckerName: "Mabuhay Hauling Services",
  plateNum: "NBC 4821",
  trailerNum: "TRL 7730",
  helperName: "Pedro Villanueva",
  containerVanNum: "",
  pickUpDate: "2026-03-05",
  pickUpTime: "08:30",
  pickUpAddress: "45 Quirino Highway, Barangay Talipapa, Quezon City, Metro Manila 1116",
  goods: "Canned sardines",
  packaging: "Box",
  quantity: 1200,
  quantityTeu: 2,
  serviceRemarks: "MANO AT ORIGIN / GROUNDING AT DESTINATION",
  issuedBy: "Maria Santos",
  generatedAt: new Date("2026-03-02T02:00:00Z"),
};

const slip: BookingSlipDocument = {
  bookingRef: "BK-MNL-2026-000124",
  bookingBatchRef: "BB-MNL-2026-000031",
  bookingDate: "2026-03-01",
  status: "Confirmed",
  shipperName: "Bayanihan Trading Corporation",
  consigneeName: "Lapu Lapu Foods Inc.",
  voyageNum: "MNL-CEB-2026-0042",
  voyageRef: "V42",
  vesselName: "MV Dalisay",
  estimatedTimeDeparture: "2026-03-06",
  originBranchName: "Manila",
  destinationName: "Cebu",
  modeOfDelivery: "PTD",
  modeOfPayment: "C",
  pickUpDate: null,
  pickUpTime: "",
  pickUpAddress: "",
  deliveryAddress: "88 Osmena Boulevard, Barangay Kalubihan, Cebu City, Cebu 6000",
  commodity: "General cargo",
  goods: "Rice in sacks",
  packaging: "Sacks",
  quantity: 400,
  quantityTeu: 1,
  cargoWeight: "20.125",
  declaredValue: "850000",
  containerVanNum: "LDGU 204817-3",
  isShipperOwned: true,
  truckerName: "Visayas Trucking Corp",
  plateNum: "GAB 2190",
  remarks: "Fragile, keep dry",
  serviceRemarks: "STRIPPING MANO AT DESTINATION",
  charges: [
    { chargeCode: "001", chargeName: "Freight", rateUnit: "perTeu", quantity: "1", rate: "9870.50", amount: "9870.50" },
    { chargeCode: "005", chargeName: "Wharfage", rateUnit: "perTeu", quantity: "1", rate: "425.10", amount: "425.10" },
    { chargeCode: "006", chargeName: "Trucking tariff", rateUnit: "perTeu", quantity: "1", rate: "2050", amount: "2050.00" },
  ],
  total: "12345.6",
  generatedAt: new Date("2026-03-02T02:00:00Z"),
};

const lines: DeliveryListLine[] = [
  {
    bookingRef: "BK-MNL-2026-000123",
    bookingDate: "2026-02-28T17:10:00.000Z",
    pickUpDate: "2026-03-05",
    pickUpTime: "08:30",
    customer: "Bayanihan Trading Corporation",
    destination: "Cebu",
    address: "45 Quirino Highway, Barangay Talipapa, Quezon City, Metro Manila 1116",
    modeOfDelivery: "DTD",
    truckerName: "Mabuhay Hauling Services",
    plateNum: "NBC 4821",
    status: "ATW Issued",
    remarks: "Call before arrival",
  },
  {
    bookingRef: "BK-MNL-2026-000125",
    bookingDate: "2026-03-01",
    pickUpDate: null,
    pickUpTime: "",
    customer: "Tagbilaran Hardware",
    destination: "Tagbilaran",
    address: "12 Rizal Avenue, Santa Cruz, Manila",
    modeOfDelivery: "DTP",
    truckerName: "",
    plateNum: "",
    status: "Confirmed",
    remarks: "",
  },
];

/** OCR text without any white space: tesseract splits and joins words now and then; the characters count. */
const squeeze = (text: string) => normaliseOcr(text).replace(/ /g, "");
const pageText = (pdf: RenderedPdf) => pdf.pages.map((p) => squeeze(p.text ?? "")).join(" ");
const pdfSource = (bytes: Uint8Array) => new TextDecoder("latin1").decode(bytes);

describe("booking document helpers", () => {
  it("names each file after the booking, the ATW apart from the slip", () => {
    expect(AUTHORITY_TO_WITHDRAW_NAME("BK-MNL-2026-000123")).toBe("ATW-BK-MNL-2026-000123.pdf");
    expect(CARGO_BOOKING_SLIP_NAME("BK-MNL-2026-000123")).toBe("BookingSlip-BK-MNL-2026-000123.pdf");
    expect(AUTHORITY_TO_WITHDRAW_NAME("BK/MNL 1")).toBe("ATW-BK_MNL_1.pdf");
    expect(PICK_UP_LIST_FILE).toBe("PickUpList.xlsx");
    expect(DELIVERY_LIST_FILE).toBe("DeliveryList.xlsx");
  });

  it("labels the modes and prints timestamps in Manila time", () => {
    expect(deliveryModeText("DTD")).toBe("DTD Door to door");
    expect(deliveryModeText("PTP")).toBe("PTP Pier to pier");
    expect(paymentModeText("P")).toBe("P Prepaid");
    expect(paymentModeText("AD")).toBe("AD Account Destination");
    expect(paymentModeText("X")).toBe("X");
    expect(documentDate("2026-03-01T16:30:00.000Z")).toBe("2026-03-02 00:30");
    expect(documentDate("2026-03-01")).toBe("2026-03-01");
    expect(documentDate(null)).toBe("");
  });

  it("bans an ATW that was never issued and leaves an issued one clean", () => {
    expect(pdfSource(buildAuthorityToWithdrawPdf(atw))).not.toContain("NOT YET ISSUED");
    expect(pdfSource(buildAuthorityToWithdrawPdf({ ...atw, dateAtwIssued: null }))).toContain("(NOT YET ISSUED - NOT VALID FOR WITHDRAWAL)");
  });
});

describe("booking documents read back from their page images", () => {
  let atwPdf: RenderedPdf;
  let slipPdf: RenderedPdf;

  beforeAll(async () => {
    [atwPdf, slipPdf] = await Promise.all([
      renderPdf(buildAuthorityToWithdrawPdf(atw)),
      renderPdf(buildCargoBookingSlipPdf(slip)),
    ]);
  }, 60_000);

  it("prints each on one portrait A4 page", () => {
    for (const pdf of [atwPdf, slipPdf]) {
      expect(pdf.pageCount).toBe(1);
      const [page] = pdf.pages;
      expect(page.width).toBeGreaterThan(1600);
      expect(page.width).toBeLessThan(1700);
      expect(page.height / page.width).toBeCloseTo(297 / 210, 2);
    }
  });

  it("prints the ATW's booking, voyage, trucker, van, pick-up, cargo and signature lines", () => {
    const text = pageText(atwPdf);
    for (const expected of [
      "lading",
      "authority to withdraw",
      "booking ref: bk-mnl-2026-000123",
      // 01:30 UTC is 09:30 in Manila.
      "date issued: 2026-03-02 09:30",
      "bayanihan trading corporation",
      "mnl-ceb-2026-0042 (v42)",
      "mv dalisay",
      "manila",
      "cebu",
      "dtd door to door",
      "mabuhay hauling services",
      "nbc 4821",
      "trl 7730",
      "pedro villanueva",
      "to be assigned",
      "2026-03-05",
      "08:30",
      "quirino highway",
      "canned sardines",
      "1,200",
      "mano at origin / grounding at destination",
      "issued by",
      "received by trucker",
      "maria santos",
    ]) expect(text).toContain(squeeze(expected));
    expect(text).not.toContain("notyetissued");
  });

  it("prints the slip's references, parties, modes, cargo, van, trucker, charges and total", () => {
    const text = pageText(slipPdf);
    for (const expected of [
      "cargo booking slip",
      "bk-mnl-2026-000124",
      "bb-mnl-2026-000031",
      "2026-03-01",
      "confirmed",
      "lapu lapu foods inc.",
      "mv dalisay",
      "2026-03-06",
      "ptd pier to door",
      "c collect",
      "osmena boulevard",
      "general cargo",
      "rice in sacks",
      "sacks",
      "20.125",
      "850,000.00",
      "ldgu 204817-3",
      // The flag and its answer sit in two columns that OCR may read in either order.
      "shipper owned",
      "visayas trucking corp",
      "gab 2190",
      "fragile, keep dry",
      "stripping mano at destination",
      "9,870.50",
      "wharfage",
      "per teu",
      "2,050.00",
      "total (php) 12,345.60",
    ]) expect(text).toContain(squeeze(expected));
  });
});

describe("pick-up list workbook", () => {
  // cellStyles brings the column widths back with the cells.
  const book = XLSX.read(buildPickUpListWorkbook("Pick-up list MNL 2026-03-05", lines), { type: "array", cellStyles: true });
  const sheet = book.Sheets[book.SheetNames[0]];
  const rows = XLSX.utils.sheet_to_json<(string | number)[]>(sheet, { header: 1, defval: "" });

  it("opens with the title, then the column heads", () => {
    expect(book.SheetNames).toEqual(["Pick-up list MNL 2026-03-05"]);
    expect(rows[0][0]).toBe("Pick-up list MNL 2026-03-05");
    expect(rows[1]).toEqual([
      "No.", "Booking Ref", "Booking Date", "Pick-up Date", "Pick-up Time", "Customer", "Destination", "Address",
      "Mode of Delivery", "Trucker", "Plate No.", "Status", "Remarks",
    ]);
    expect(sheet["!cols"]?.map((c) => c.wch)).toEqual([6, 22, 13, 13, 12, 32, 18, 48, 16, 26, 12, 18, 40]);
  });

  it("writes one numbered row per booking, dates in Manila and blanks left blank", () => {
    expect(rows).toHaveLength(2 + lines.length);
    expect(rows[2]).toEqual([
      1, "BK-MNL-2026-000123", "2026-03-01", "2026-03-05", "08:30", "Bayanihan Trading Corporation", "Cebu",
      "45 Quirino Highway, Barangay Talipapa, Quezon City, Metro Manila 1116", "DTD", "Mabuhay Hauling Services",
      "NBC 4821", "ATW Issued", "Call before arrival",
    ]);
    expect(rows[3]).toEqual([
      2, "BK-MNL-2026-000125", "2026-03-01", "", "", "Tagbilaran Hardware", "Tagbilaran", "12 Rizal Avenue, Santa Cruz, Manila",
      "DTP", "", "", "Confirmed", "",
    ]);
  });

  it("keeps the heads when there is nothing to pick up", () => {
    const empty = XLSX.read(buildPickUpListWorkbook("Delivery list CEB", []), { type: "array" });
    const emptyRows = XLSX.utils.sheet_to_json<string[]>(empty.Sheets[empty.SheetNames[0]], { header: 1, defval: "" });
    expect(emptyRows).toHaveLength(2);
    expect(emptyRows[1][1]).toBe("Booking Ref");
  });
});
