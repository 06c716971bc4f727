import { Callout, H6, Spinner } from "@blueprintjs/core";
import { ReportTable } from "../../../components/ReportTable.tsx";
import type { BookingChargeRow } from "../api/contracts.ts";
import { formatAmount } from "../../../lib/format.ts";
import { rateUnitLabel } from "../../../lib/labels.ts";
import { Amount } from "./Amount.tsx";
import type { LivePrice } from "./useBookingForm.tsx";

const COLUMNS = [
  { name: "Charge", width: { share: 1 }, value: (c: BookingChargeRow) => `${c.chargeCode} · ${c.chargeName}` },
  { name: "Basis", width: 110, value: (c: BookingChargeRow) => `${rateUnitLabel(c.rateUnit)} × ${c.quantity}` },
  { name: "Amount", width: 90, numeric: true, value: (c: BookingChargeRow) => formatAmount(c.amount) },
];

/**
 * What the booking will cost as the form stands: the charges of its quotation lane, the insurance premium and
 * the total, with the service remarks its mode writes. A price the server refuses is a warning, not an error:
 * the booking may still be saved once the quotation is sorted out.
 */
export function PricePanel({ live, localRemarks }: { live: LivePrice; localRemarks: string }) {
  const { price, loading, problem } = live;
  return (
    <section className="lading-booking-price" data-testid="booking-price" aria-busy={loading}>
      <H6>
        Price {loading && <Spinner size={14} className="lading-booking-inline-spinner" />}
      </H6>
      {problem && (
        <Callout compact intent={problem.fromServer ? "warning" : "none"} data-testid="booking-price-warning">
          {problem.text}
        </Callout>
      )}
      {price && (
        <>
          <p className="lading-booking-muted" data-testid="booking-price-lane">Quotation {price.sqRefNum} · lane {price.sqdocNum}</p>
          <ReportTable columns={COLUMNS} rows={price.charges} testId="booking-price-charges" />
          <dl className="lading-booking-price-sums">
            <dt>Insurance premium</dt>
            <dd><Amount value={price.insurancePremium} testId="booking-price-insurance" /></dd>
            <dt>Total</dt>
            <dd><strong><Amount value={price.total} testId="booking-price-total" /></strong></dd>
          </dl>
        </>
      )}
      <div className="lading-booking-remarks">
        <span className="lading-booking-muted">Service remarks</span>
        <div data-testid="booking-service-remarks">{price?.serviceRemarks || localRemarks || "—"}</div>
      </div>
    </section>
  );
}
