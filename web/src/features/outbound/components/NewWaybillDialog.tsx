import { Callout, HTMLSelect, InputGroup } from "@blueprintjs/core";
import { Search } from "@blueprintjs/icons";
import { useEffect, useState } from "react";
import { FormDialog, FormField } from "../../../components/FormDialog.tsx";
import { serverMessage } from "../../../lib/api.ts";
import { useDebounced, useOpenings, useRecord } from "../../../lib/data/load.ts";
import { focusSoon, useFormSave } from "../../../lib/data/save.ts";
import type { WaybillRow } from "../api/contracts.ts";
import { createWaybill, loadWaybillCandidates } from "../api/waybills.ts";

const BOOKING_INPUT = "waybill-new-booking";

/**
 * Issues the waybill of a booking whose van is out on a transfer slip: the booking is chosen among those still
 * waiting for theirs; the server fills the waybill from the booking, its slip and its quotation.
 */
export function NewWaybillDialog(props: { isOpen: boolean; onClose: () => void; onCreated: (row: WaybillRow) => void }) {
  const { isOpen, onClose, onCreated } = props;
  const opening = useOpenings(isOpen);
  const [search, setSearch] = useState("");
  const [bookingRef, setBookingRef] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { saving, save } = useFormSave();

  useEffect(() => {
    if (!isOpen) return;
    setSearch("");
    setBookingRef("");
    setError(undefined);
    setRefusal(null);
  }, [isOpen]);

  const settled = useDebounced(search.trim());
  const candidates = useRecord(isOpen && opening ? `${opening}:${settled}` : null, () => loadWaybillCandidates(settled));
  const offered = candidates.data?.data ?? [];
  const chosen = offered.find((c) => c.bookingRef === bookingRef);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    if (!bookingRef) {
      setError("Choose the booking the waybill is for");
      focusSoon(BOOKING_INPUT);
      return;
    }
    await save(() =>
      createWaybill(bookingRef).catch((e) => {
        setRefusal(serverMessage(e));
        throw e;
      }), {
      onSaved: (result) => onCreated(result.data),
      onFieldErrors: (fieldErrors) => setError(fieldErrors.bookingRef),
    });
  };

  return (
    <FormDialog isOpen={isOpen} title="New waybill" saving={saving} onClose={onClose} onSubmit={(e) => void submit(e)}
      formTestId="waybill-new-form" saveTestId="waybill-new-save" className="lading-full-controls">
      {refusal && <Callout intent="danger" className="lading-cts-refusal" data-testid="waybill-new-error">{refusal}</Callout>}
      <FormField label="Find a booking" id="waybill-new-search">
        <InputGroup id="waybill-new-search" type="search" leftIcon={<Search />} placeholder="Booking ref, CTS no., van or shipper"
          value={search} onValueChange={setSearch} data-testid="waybill-new-search" />
      </FormField>
      <FormField label="Booking" id={BOOKING_INPUT} required error={error}
        helper={!candidates.loading && offered.length === 0 ? candidates.data?.message ?? "No booking matches." : "Bookings whose van is out on a transfer slip and that have no waybill yet."}>
        <HTMLSelect id={BOOKING_INPUT} fill value={bookingRef} onChange={(e) => {
          setBookingRef(e.currentTarget.value);
          setError(undefined);
        }} data-testid={BOOKING_INPUT}>
          <option value="">Choose a booking…</option>
          {bookingRef && !chosen && <option value={bookingRef}>{bookingRef}</option>}
          {offered.map((c) => (
            <option key={c.bookingRef} value={c.bookingRef}>{c.bookingRef} · {c.shipperName} · {c.containerVanNum}</option>
          ))}
        </HTMLSelect>
      </FormField>
      {chosen && (
        <p className="lading-cts-booking" data-testid="waybill-new-summary">
          Voyage {chosen.voyageNum} · {chosen.branchCode} · slip {chosen.ctsNum} · van {chosen.containerVanNum}
        </p>
      )}
    </FormDialog>
  );
}
