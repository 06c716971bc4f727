import { buildWorkbook } from "./workbook.ts";

/** The quotations of one customer, one row per charge of each lane (downloadAllSQperCustomer). */
export interface CustomerQuotationExport {
  sqRefNum: string;
  sqDate: string;
  validUntil: string;
  status: string;
  userId: string;
  cargoTypeCode: string;
  amendedSqRef: string | null;
  lanes: {
    lineNo: number;
    serviceModeCode: string;
    originPortCode: string;
    originAreaCode: string | null;
    originProvince: string;
    destinationPortCode: string;
    destinationAreaCode: string | null;
    destinationProvince: string;
    charges: { chargeCode: string; chargeName: string; chargePart: string; rateUnit: string; quantity: string; standardRate: string; requestedRate: string; amount: string }[];
  }[];
}

export const customerQuotationsFileName = (customerCode: string) => `Sales_Quotations_${customerCode.replace(/[^A-Za-z0-9_-]/g, "_")}.xlsx`;

const end = (port: string, area: string | null, province: string) => [port, area, province].filter(Boolean).join(" / ");
const amount = (text: string) => Number(text);

interface Line {
  q: CustomerQuotationExport;
  lane?: CustomerQuotationExport["lanes"][number];
  charge?: CustomerQuotationExport["lanes"][number]["charges"][number];
}

export function buildCustomerQuotationsWorkbook(quotations: readonly CustomerQuotationExport[]): Uint8Array {
  // A quotation without lanes still gets its row, so the file lists every quotation of the customer.
  const rows: Line[] = quotations.flatMap((q) =>
    q.lanes.length === 0
      ? [{ q }]
      : q.lanes.flatMap((lane) => lane.charges.length === 0 ? [{ q, lane }] : lane.charges.map((charge) => ({ q, lane, charge })))
  );
  return buildWorkbook<Line>({
    sheetName: "Sales quotations",
    columns: [
      { header: "SQ Ref", width: 22, value: (r) => r.q.sqRefNum },
      { header: "SQ Date", width: 12, value: (r) => r.q.sqDate },
      { header: "Valid Until", width: 12, value: (r) => r.q.validUntil },
      { header: "Status", width: 14, value: (r) => r.q.status },
      { header: "AE", width: 14, value: (r) => r.q.userId },
      { header: "Cargo Type", width: 12, value: (r) => r.q.cargoTypeCode },
      { header: "Amends", width: 22, value: (r) => r.q.amendedSqRef ?? "" },
      { header: "Lane", width: 6, value: (r) => r.lane?.lineNo ?? null },
      { header: "Service Mode", width: 12, value: (r) => r.lane?.serviceModeCode ?? "" },
      { header: "Origin", width: 28, value: (r) => (r.lane ? end(r.lane.originPortCode, r.lane.originAreaCode, r.lane.originProvince) : "") },
      { header: "Destination", width: 28, value: (r) => (r.lane ? end(r.lane.destinationPortCode, r.lane.destinationAreaCode, r.lane.destinationProvince) : "") },
      { header: "Charge", width: 8, value: (r) => r.charge?.chargeCode ?? "" },
      { header: "Charge Name", width: 26, value: (r) => r.charge?.chargeName ?? "" },
      { header: "Part", width: 20, value: (r) => r.charge?.chargePart ?? "" },
      { header: "Unit", width: 8, value: (r) => r.charge?.rateUnit ?? "" },
      { header: "Quantity", width: 9, value: (r) => (r.charge ? amount(r.charge.quantity) : null) },
      { header: "Standard Rate", width: 14, value: (r) => (r.charge ? amount(r.charge.standardRate) : null) },
      { header: "Requested Rate", width: 14, value: (r) => (r.charge ? amount(r.charge.requestedRate) : null) },
      { header: "Amount", width: 14, value: (r) => (r.charge ? amount(r.charge.amount) : null) },
    ],
    rows,
  });
}
