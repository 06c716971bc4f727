import { beforeAll, describe, expect, it } from "vitest";
import { DAMAGE_CLAIM_NOTE } from "../../api/modules/inbound/delivery-receipts/rules.ts";
import { buildInProcess } from "../../templates/builders.ts";
import { buildCargoDeliveryReceiptPdf, type CargoDeliveryReceiptDocument } from "../../templates/documents/cargo-delivery-receipt.ts";
import { buildCargoTransferSlipPdf, type CargoTransferSlipDocument } from "../../templates/documents/cargo-transfer-slip.ts";
import { normaliseOcr, renderPdf, watermarkText } from "../support/pdf-image.ts";

/**
 * The paper of the van-out at the destination, read the way a person reads it: the inbound cargo transfer slip (the
 * transfer slip's inbound variant) and the cargo delivery receipt with its damage-claim note, printed to page images
 * and read back.
 */

const slip: CargoTransferSlipDocument = {
  ctsNum: "ICTS-CEB-2026-000007",
  status: "Issued",
  dateIssued: "2026-11-27T01:30:00.000Z",
  branchName: "Cebu",
  bookingRef: "BK-MNL-2026-000141",
  voyageNum: "VOY-MNL-2026-000003",
  voyageRef: "V-118N",
  vesselName: "MV Lading Pioneer",
  shipperName: "Bayanihan Trading Corporation",
  consigneeName: "Visayan Copra Traders Inc.",
  destinationName: "Cebu",
  containerVanNum: "LDGU2010020",
  size: "20",
  vanType: "",
  isShipperOwned: false,
  numberOverride: null,
  truckerName: "Queen City Cargo Movers",
  plateNum: "GAB 3390",
  driver: "Rey Cabahug",
  fromCyName: "Cebu Pier 4 CY",
  toParty: "Consignee",
  toName: "Visayan Copra Traders Inc.",
  vanStatus: "Laden",
  damages: [],
  vanLocator: "",
  vanLocatorAmount: "0",
  remarks: "To the consignee's Mandaue warehouse",
  issuedBy: "Irene Villanueva",
  generatedAt: new Date("2026-11-27T02:00:00Z"),
  copy: true,
  inbound: { wayBillRef: "WB-MNL-2026-000141", cargoReleaseOrderId: "CRO-CEB-2026-000005", originName: "Manila", dateTimeOut: "2026-11-27T01:15:00.000Z" },
};

const receipt: CargoDeliveryReceiptDocument = {
  cargoDeliveryReceiptId: "CDR-CEB-2026-000004",
  dateReleased: "2026-11-27T05:40:00.000Z",
  branchName: "Cebu",
  wayBillRef: "WB-MNL-2026-000141",
  bookingRef: "BK-MNL-2026-000141",
  ctsNum: "ICTS-CEB-2026-000007",
  voyageNum: "VOY-MNL-2026-000003",
  voyageRef: "V-118N",
  vesselName: "MV Lading Pioneer",
  shipperName: "Bayanihan Trading Corporation",
  consigneeName: "Visayan Copra Traders Inc.",
  consigneeAreaName: "Mandaue City",
  containerVanNum: "LDGU2010020",
  sealNum: "MNL-0456712",
  goods: "Canned sardines",
  truckerName: "Queen City Cargo Movers",
  plateNum: "GAB 3390",
  driver: "Rey Cabahug",
  receivedBy: "Lorna Gabisan",
  remarks: "Received sealed",
  note: DAMAGE_CLAIM_NOTE,
  issuedBy: "Irene Villanueva",
  generatedAt: new Date("2026-11-27T06:00:00Z"),
  copy: false,
};

const squeeze = (text: string) => normaliseOcr(text).replace(/ /g, "");
let slipText = "";
let receiptText = "";
let slipBytes: Uint8Array;
let receiptBytes: Uint8Array;

beforeAll(async () => {
  slipBytes = buildCargoTransferSlipPdf(slip);
  receiptBytes = buildCargoDeliveryReceiptPdf(receipt);
  const [s, r] = await Promise.all([renderPdf(slipBytes), renderPdf(receiptBytes)]);
  slipText = squeeze(s.pages.map((p) => p.text ?? "").join(" "));
  receiptText = squeeze(r.pages.map((p) => p.text ?? "").join(" "));
}, 120_000);

describe("the inbound cargo transfer slip", () => {
  it("is built by the transfer slip's builder and named after its number", async () => {
    const file = await buildInProcess("cargoTransferSlip", slip);
    expect([file.fileName, file.contentType]).toEqual(["ICTS-CEB-2026-000007.pdf", "application/pdf"]);
  });

  it("is titled inbound and names the waybill, its release order, the origin and the time out", () => {
    for (const expected of [
      "INBOUND CARGO TRANSFER SLIP", "ICTS-CEB-2026-000007", "WB-MNL-2026-000141", "CRO-CEB-2026-000005", "Manila", "2026-11-27 09:15",
      "Time out", "Queen City Cargo Movers", "GAB 3390", "Rey Cabahug", "Cebu Pier 4 CY", "To Consignee", "LDGU2010020", "Laden",
    ]) expect(slipText).toContain(squeeze(expected));
    expect(slipText).not.toContain(squeeze("Destination"));
  });

  it("carries COPY when printed by staff who are not DAT", async () => {
    expect(await watermarkText(slipBytes, 1)).toBe("copy");
  });
});

describe("the cargo delivery receipt", () => {
  it("is named after its number", async () => {
    const file = await buildInProcess("cargoDeliveryReceipt", receipt);
    expect([file.fileName, file.contentType]).toEqual(["CDR-CEB-2026-000004.pdf", "application/pdf"]);
  });

  it("shows the date released, the consignee's delivery area, who received it and the 24-hour damage claim note", () => {
    for (const expected of [
      "CARGO DELIVERY RECEIPT", "CDR-CEB-2026-000004", "ICTS-CEB-2026-000007", "WB-MNL-2026-000141", "Date released 2026-11-27 13:40",
      "Delivery area", "Mandaue City", "Visayan Copra Traders Inc.", "Lorna Gabisan", "MNL-0456712", "Canned sardines",
      "Any damage claim must be filed within 24 hours of receipt of the cargo",
    ]) expect(receiptText).toContain(squeeze(expected));
  });

  it("is an original when printed by DAT staff", async () => {
    expect(await watermarkText(receiptBytes, 1)).not.toBe("copy");
  });
});
