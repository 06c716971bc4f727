import { formatAmount } from "../../../lib/format.ts";
import type { WaybillSummary } from "../api/contracts.ts";

/** The waybill a waiver or an override is about, as it stands now: its parties, its ends, its total and what is due. */
export function WaybillFacts({ waybill, testId }: { waybill: WaybillSummary; testId: string }) {
  return (
    <dl className="lading-kv lading-waiver-facts" data-testid={testId}>
      <dt>Waybill</dt>
      <dd data-testid={`${testId}-ref`}>{waybill.wayBillRef} · {waybill.status}</dd>
      <dt>Shipper</dt>
      <dd>{waybill.shipperName}</dd>
      <dt>Consignee</dt>
      <dd>{waybill.consigneeName || "-"}</dd>
      <dt>Route</dt>
      <dd>{waybill.branchCode} to {waybill.destinationBranchCode} · {waybill.voyageNum}</dd>
      <dt>Van</dt>
      <dd>{waybill.containerVanNum || "-"}</dd>
      <dt>Payment</dt>
      <dd>{waybill.modeOfPayment}{waybill.isSplitCharge ? ", split" : ""}</dd>
      <dt>Total</dt>
      <dd data-testid={`${testId}-total`}>{formatAmount(waybill.total)}</dd>
      <dt>Waived</dt>
      <dd data-testid={`${testId}-waived`}>{formatAmount(waybill.waived)}</dd>
      <dt>Due</dt>
      <dd data-testid={`${testId}-due`}>{formatAmount(waybill.due)}</dd>
    </dl>
  );
}
