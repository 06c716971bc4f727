import { documentDate } from "./cargo-booking-slip.ts";
import { startDocument } from "./heading.ts";
import { pdfFileName } from "./sales-quotation.ts";
import { formatBusinessDate } from "../../api/shared/dates.ts";
import { formatAmount } from "../../api/shared/money.ts";

/**
 * The cargo arrival notice (001 §3, §9): what a waybill's consignee is told when the cargo arrives. The charges
 * under their arrival-notice labels (arrastre, weighing fee), a prepaid item showing only the amount payable, the
 * amount payable (the applicable charges plus insurance), the terms, and the storage due date with what each
 * further day costs. Built from one plain value, in a document worker or in process.
 */

export interface CargoArrivalNoticeCharge {
  part: string;
  chargeCode: string;
  particulars: string;
  /** Null on a prepaid item: it shows only the amount payable. */
  chargeValue: string | null;
  payable: string;
  prepaid: boolean;
  payableTo: "LINE" | "PORT";
}

export interface CargoArrivalNoticeDocument {
  wayBillRef: string;
  bookingRef: string;
  consigneeName: string;
  vessel: string;
  voyageNum: string;
  voyageRef: string;
  /** ISO timestamp or null. */
  arrivalDate: string | null;
  cargo: string;
  containerVanNum: string;
  sealNum: string;
  goods: string;
  shipper: string;
  modeOfDelivery: string;
  modeOfPayment: string;
  origin: string;
  destination: string;
  charges: CargoArrivalNoticeCharge[];
  chargesPayable: string;
  insurance: string;
  amountPaybles: string;
  payableToPort: string;
  terms: { policyCode: string; policyName: string; value: string }[];
  storage: { dueDate: string; perDay: { storage: string; demurrage: string; total: string }; storageRate: string; teu: string } | null;
  generatedAt: Date;
  /** Printed by someone who is not DAT staff: every page carries the watermark COPY. */
  copy: boolean;
}

/** "WB-MNL-2026-000001" gives "AN-WB-MNL-2026-000001.pdf". */
export const CARGO_ARRIVAL_NOTICE_NAME = (wayBillRef: string): string => pdfFileName(`AN-${wayBillRef}`);

const PLAIN_BAND = { fillColor: [255, 255, 255] as [number, number, number], textColor: 20 };
const php = (amount: string) => `PHP ${formatAmount(amount)}`;

/** Builds the arrival notice of one waybill; answers the bytes of a PDF file. */
export function buildCargoArrivalNoticePdf(view: CargoArrivalNoticeDocument): Uint8Array {
  const { flow, finish } = startDocument({
    title: "Cargo Arrival Notice", subject: "Cargo arrival notice", reference: view.wayBillRef, generatedAt: view.generatedAt, copy: view.copy,
  });

  const pair = (left: [string, string][], right: [string, string][], labelWidth = 30) => flow.fieldColumns(left, right, labelWidth);

  pair([
    ["Consignee", view.consigneeName],
    ["Shipper", view.shipper],
    ["Origin", view.origin],
    ["Destination", view.destination],
  ], [
    ["Waybill", view.wayBillRef],
    ["Booking Ref", view.bookingRef],
    ["Vessel", view.vessel],
    ["Voyage", view.voyageRef ? `${view.voyageNum} (${view.voyageRef})` : view.voyageNum],
    ["Arrival", view.arrivalDate ? documentDate(view.arrivalDate) : "-"],
  ]);

  flow.heading("Cargo");
  pair([
    ["Cargo", view.cargo],
    ["Goods", view.goods],
    ["Delivery", view.modeOfDelivery],
  ], [
    ["Van No.", view.containerVanNum],
    ["Seal No.", view.sealNum],
    ["Payment", view.modeOfPayment],
  ]);

  flow.heading("Charges");
  flow.table({
    head: [["Part", "Code", "Particulars", "Charge", "Payable"]],
    body: view.charges.map((c) => [
      c.part,
      c.chargeCode,
      c.payableTo === "PORT" ? `${c.particulars} (payable to the port)` : c.particulars,
      c.prepaid ? "PREPAID" : formatAmount(c.chargeValue ?? "0"),
      formatAmount(c.payable),
    ]),
    foot: [
      ["", "", "Charges payable", "", formatAmount(view.chargesPayable)],
      ["", "", "Insurance", "", formatAmount(view.insurance)],
      ["", "", "AMOUNT PAYABLE", "", formatAmount(view.amountPaybles)],
    ],
    columnStyles: { 3: { halign: "right" }, 4: { halign: "right" } },
    // Headings and totals on white: a shaded band would be the page's largest area of one shade, where COPY should be.
    headStyles: PLAIN_BAND,
    footStyles: PLAIN_BAND,
  });
  if (Number(view.payableToPort) > 0) flow.paragraph(`Payable to the port directly, not included above: ${php(view.payableToPort)}.`);

  flow.heading("Storage");
  if (view.storage) {
    pair([
      ["Storage due", formatBusinessDate(view.storage.dueDate)],
      ["Storage rate", `${php(view.storage.storageRate)} per TEU per day`],
    ], [
      ["TEU", view.storage.teu],
      ["Each further day", php(view.storage.perDay.total)],
    ], 34);
    flow.paragraph(
      `Storage is free until ${formatBusinessDate(view.storage.dueDate)}. From the day after, each day costs ${php(view.storage.perDay.storage)} storage ` +
        `and ${php(view.storage.perDay.demurrage)} demurrage, ${php(view.storage.perDay.total)} in all.`,
    );
  } else {
    flow.paragraph("The storage due date is set once the cargo is tallied off the vessel.");
  }

  flow.heading("Terms");
  flow.table({
    head: [["Policy", "Term", "Value"]],
    body: view.terms.map((t) => [t.policyCode, t.policyName, t.value]),
    columnStyles: { 2: { halign: "right" } },
    headStyles: PLAIN_BAND,
  });

  return finish();
}
