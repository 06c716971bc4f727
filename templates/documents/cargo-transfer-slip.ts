/**
 * The outbound cargo transfer slip (CTS): the paper the trucker carries when an empty van leaves the yard for the
 * shipper (or the consignee). Built from one plain value, in a document worker or in process.
 */

/** One damage of a van: which part and what is wrong with it (001 §9 reference lists). */
export interface SlipDamage {
  vanPart: string;
  damageType: string;
}

export interface CargoTransferSlipDocument {
  ctsNum: string;
  /** "Issued" or "Cancelled"; a cancelled slip is printed with CANCELLED across it. */
  status: string;
  /** When the slip was issued (an ISO timestamp, printed in Manila time). */
  dateIssued: string;
  branchName: string;
  bookingRef: string;
  voyageNum: string;
  voyageRef: string;
  vesselName: string;
  shipperName: string;
  consigneeName: string;
  destinationName: string;
  containerVanNum: string;
  /** "20" or "40" (feet) and the van type (Dry, Reefer...); empty for a shipper's van of unknown size. */
  size: string;
  vanType: string;
  isShipperOwned: boolean;
  /**
   * Why a shipper's van whose number fails the ISO 6346 check was let through, and by whom; null when the number
   * is valid. Printed under the van number so the yard sees it was accepted on purpose.
   */
  numberOverride: { reason: string; by: string } | null;
  truckerName: string;
  plateNum: string;
  driver: string;
  fromCyName: string;
  /** Where the van goes: to the shipper (stuffing at origin) or to the consignee. */
  toParty: "Shipper" | "Consignee";
  toName: string;
  /** A van condition of the reference list, or "Damaged": then the damage diagram and the parts list are printed. */
  vanStatus: string;
  damages: SlipDamage[];
  vanLocator: string;
  /** Decimal text ("350.00"), printed with thousands separators. */
  vanLocatorAmount: string;
  remarks: string;
  issuedBy: string;
  generatedAt: Date;
  /** Printed by someone who is not DAT staff: every page carries the watermark COPY. */
  copy: boolean;
}
