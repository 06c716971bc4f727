/**
 * The waybill (001 §3 Waybill), the line's contract of carriage, and the trucker's waybill that travels with the
 * van. Built from one plain value each, in a document worker or in process.
 */

/** One charge line as printed: grouped by its part, billed by the side `availableTo` names. */
export interface WaybillChargeLine {
  chargeCode: string;
  /** FREIGHT, PORT_ORIGIN, PORT_DESTINATION, TRUCKING_ORIGIN, TRUCKING_DESTINATION, or OTHER. */
  part: string;
  /** What the line is for, as printed: "Freight, per TEU, 1 x 18,500.00". */
  particulars: string;
  /** Decimal text, VAT included ("18500.00"). */
  chargeValue: string;
  /** The payment side that bills it: "Prepaid", "Collect", "Account Origin" or "Account Destination". */
  availableTo: string;
}

/** A company policy line of the quotation the waybill was priced at (free days, insurance rate...). */
export interface WaybillTermLine {
  policyCode: string;
  policyName: string;
  value: string;
}

export interface WaybillDocument {
  wayBillRef: string;
  bookingRef: string;
  /** Draft while the waybill is not on a load list. */
  waybillStatus: string;
  datePrepared: string;
  placeIssuedAddress: string;
  originBranchName: string;
  destinationBranchName: string;
  voyageNum: string;
  voyageRef: string;
  vesselName: string;
  shipperName: string;
  shipperAddress: string;
  consigneeName: string;
  consigneeAddress: string;
  goods: string;
  packaging: string;
  quantity: number;
  quantityTeu: number;
  /** Tons, decimal text. */
  cargoWeight: string;
  /** Cubic metres, decimal text. */
  cargoVolume: string;
  declaredValue: string;
  containerVanNum: string;
  sealNum: string;
  size: string;
  /** DTD, PTD, PTP or DTP, printed with its name. */
  modeOfDelivery: string;
  /** P, C, AO or AD, printed with its name. */
  modeOfPayment: string;
  isSplitCharge: boolean;
  isTandem: boolean;
  isDangerousCargo: boolean;
  truckerName: string;
  plateNum: string;
  driver: string;
  /** The remarks by delivery mode (001 §9), with Backload and Tandem appended. */
  remarks: string;
  charges: WaybillChargeLine[];
  /** Totals by payment side, decimal text. */
  totals: { prepaid: string; collect: string; accountOrigin: string; accountDestination: string; total: string };
  /** VAT worked out once for the whole waybill from its VATable lines (domain notes §7). */
  vat: { vatableInclusive: string; vatableNet: string; vat: string; exempt: string };
  insurancePremium: string;
  terms: WaybillTermLine[];
  preparedBy: string;
  generatedAt: Date;
  /** Printed by someone who is not DAT staff: every page carries the watermark COPY. */
  copy: boolean;
}

/** The trucker's waybill comes in two paper layouts (001 §9 Truckers Waybill). */
export type TruckerWaybillLayout = "legal" | "letter";
