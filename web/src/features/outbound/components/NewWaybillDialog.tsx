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
const PARTNER_INPUT = "waybill-new-tandem";

/**
 * Issues the waybill of a booking whose van is out on a transfer slip: the booking is chosen among those still
 * waiting for theirs; the server fills the waybill from the booking, its slip and its quotation. A booking on a
 * tandem lane may take a second booking's 20' van on the same trailer: the bookings of the same lane and voyage
 * still waiting are offered, and the server says why one does not qualify.
 */
export function NewWaybillDialog(props: { isOpen: boolean; onClose: () => void; onCreated: (row: WaybillRow) => void }) {
  const { isOpen, onClose, onCreated } = props;
  const opening = useOpenings(isOpen);
  const [search, setSearch] = useState("");
  const [bookingRef, setBookingRef] = useState("");
  const [partnerRef, setPartnerRef] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [partnerError, setPartnerError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { saving, save } = useFormSave();

  useEffect(() => {
    if (!isOpen) return;
    setSearch("");
    setBookingRef("");
    setPartnerRef("");
    setError(undefined);
    setPartnerError(undefined);
    setRefusal(null);
  }, [isOpen]);

  const settled = useDebounced(search.trim());
  const candidates = useRecord(isOpen && opening ? `${opening}:${settled}` : null, () => loadWaybillCandidates(settled));
  const offered = candidates.data?.data ?? [];
  const chosen = offered.find((c) => c.bookingRef === bookingRef);
  // The partners a tandem booking may take: the others of its lane and voyage waiting for a waybill. The list is
  // read unsearched, so a search for the first booking does not hide them.
  const everyOne = useRecord(isOpen && opening && chosen?.isTandem ? `${opening}:all` : null, () => loadWaybillCandidates(""));
  const partners = chosen?.isTandem
    ? (everyOne.data?.data ?? []).filter((c) => c.bookingRef !== chosen.bookingRef && c.sqdocNum === chosen.sqdocNum && c.voyageNum === chosen.voyageNum)
    : [];

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    if (!bookingRef) {
      setError("Choose the booking the waybill is for");
      focusSoon(BOOKING_INPUT);
      return;
    }
    await save(() =>
      createWaybill(bookingRef, chosen?.isTandem ? partnerRef || undefined : undefined).catch((e) => {
        setRefusal(serverMessage(e));
        throw e;
      }), {
      onSaved: (result) => onCreated(result.data),
      onFieldErrors: (fieldErrors) => {
        setError(fieldErrors.bookingRef);
        setPartnerError(fieldErrors.tandemBookingRef);
      },
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
          setPartnerRef("");
          setError(undefined);
          setPartnerError(undefined);
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
          {chosen.size ? ` (${chosen.size}')` : ""}{chosen.isTandem ? " · tandem lane" : ""}
        </p>
      )}
      {chosen?.isTandem && (
        <FormField label="Tandem partner" id={PARTNER_INPUT} error={partnerError}
          helper={partners.length === 0 && !everyOne.loading
            ? "No other booking of this tandem lane and voyage has its van out yet; the waybill carries this van alone."
            : "The booking whose 20' van shares the trailer: one waybill for both vans, at the tandem rates."}>
          <HTMLSelect id={PARTNER_INPUT} fill value={partnerRef} onChange={(e) => {
            setPartnerRef(e.currentTarget.value);
            setPartnerError(undefined);
          }} data-testid={PARTNER_INPUT}>
            <option value="">None: this van alone</option>
            {partners.map((c) => (
              <option key={c.bookingRef} value={c.bookingRef}>{c.bookingRef} · {c.containerVanNum}{c.size ? ` (${c.size}')` : ""}</option>
            ))}
          </HTMLSelect>
        </FormField>
      )}
    </FormDialog>
  );
}
