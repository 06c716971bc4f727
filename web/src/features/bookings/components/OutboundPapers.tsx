import { useAtomValue } from "jotai";
import { AppLink } from "../../../components/PageHeader.tsx";
import { useRecord } from "../../../lib/data/load.ts";
import { PAGES } from "../../../lib/paths.ts";
import { signedInUserAtom } from "../../../lib/session.ts";
import type { BookingStatus } from "../api/contracts.ts";
import { ctsOfBooking, waybillOfBooking } from "../api/staff.ts";

/** Statuses at which the booking's van has left on a transfer slip. */
const VAN_OUT: readonly BookingStatus[] = ["Outbound CTS Issued", "At Vessel Loaded"];

/**
 * Under a booking whose van has left: links to its transfer slip and its waybill on the outbound screens, for a
 * user who may open them.
 */
export function OutboundPapers({ bookingRef, status }: { bookingRef: string; status: BookingStatus }) {
  const user = useAtomValue(signedInUserAtom);
  const shown = VAN_OUT.includes(status) && Boolean(user?.menus.includes("OUTBOUND"));
  const papers = useRecord(shown ? bookingRef : null, async (ref) => {
    const [cts, waybill] = await Promise.all([ctsOfBooking(ref), waybillOfBooking(ref)]);
    return { cts: cts.data, waybill: waybill.data };
  }, { keepStale: false });
  if (!shown || !papers.data) return null;
  const { cts, waybill } = papers.data;
  return (
    <p className="lading-booking-papers" data-testid="booking-papers">
      {"Transfer slip: "}
      {cts
        ? <AppLink to={`${PAGES.outboundCts}?search=${encodeURIComponent(cts.ctsNum)}`} data-testid="booking-cts-link">{cts.ctsNum}</AppLink>
        : <span data-testid="booking-cts-none">none issued</span>}
      {" · Waybill: "}
      {waybill
        ? <AppLink to={`${PAGES.waybills}?search=${encodeURIComponent(waybill.wayBillRef)}`} data-testid="booking-waybill-link">{waybill.wayBillRef}</AppLink>
        : <span data-testid="booking-waybill-none">not made yet</span>}
    </p>
  );
}
