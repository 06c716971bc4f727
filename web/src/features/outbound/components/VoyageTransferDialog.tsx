import { Checkbox, HTMLSelect, Spinner, TextArea } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { FormDialog, FormField, FormFieldset } from "../../../components/FormDialog.tsx";
import { useOpenings, useRecord } from "../../../lib/data/load.ts";
import { focusSoon } from "../../../lib/data/save.ts";
import { formatDateTime } from "../../../lib/format.ts";
import type { OutboundVoyageRow } from "../api/voyage-documents.ts";
import { loadTransferableBookings, loadTransferTargets, transferBookings } from "../api/reguiding.ts";
import { useReguideSave } from "./reguide-save.ts";

const TARGET_INPUT = "voyage-transfer-target";

/**
 * Transfers bookings of a voyage, with their waybills, to another voyage from the same origin. Cargo the pier
 * has counted, or the final tally loaded, is listed with the reason and cannot be chosen; the server checks
 * the rest (the new voyage must call at each booking's destination). A refusal closes the dialog with its
 * notice, and nothing has moved.
 */
export function VoyageTransferDialog(props: { voyage: OutboundVoyageRow | null; onClose: () => void; onDone: () => void }) {
  const { voyage, onClose, onDone } = props;
  const isOpen = voyage !== null;
  const opening = useOpenings(isOpen);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [toVoyageNum, setToVoyageNum] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ bookings?: string; target?: string }>({});
  const { saving, run } = useReguideSave(onDone);
  const key = isOpen && opening ? `${opening}:${voyage!.voyageNum}` : null;
  const bookings = useRecord(key, () => loadTransferableBookings(voyage!.voyageNum), { keepStale: false });
  const targets = useRecord(key, () => loadTransferTargets(voyage!.voyageNum), { keepStale: false });

  useEffect(() => {
    if (!isOpen) return;
    setChosen(new Set());
    setToVoyageNum("");
    setReason("");
    setErrors({});
  }, [isOpen]);

  const rows = bookings.data?.data ?? [];
  const target = targets.data?.data.find((t) => t.voyageNum === toVoyageNum);

  const toggle = (bookingRef: string, on: boolean) => {
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(bookingRef);
      else next.delete(bookingRef);
      return next;
    });
    setErrors((e) => ({ ...e, bookings: undefined }));
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!voyage) return;
    const picked = rows.filter((r) => chosen.has(r.bookingRef));
    const problems = { bookings: picked.length ? undefined : "Choose at least one booking to transfer", target: toVoyageNum ? undefined : "Choose the voyage they move to" };
    if (problems.bookings || problems.target) {
      setErrors(problems);
      if (problems.target) focusSoon(TARGET_INPUT);
      return;
    }
    void run(() => transferBookings({
      voyageNum: voyage.voyageNum, toVoyageNum, reason: reason.trim(),
      bookings: picked.map((r) => ({ bookingRef: r.bookingRef, dateModified: r.dateModified })),
    }));
  };

  return (
    <FormDialog isOpen={isOpen} title={voyage ? `Transfer bookings of ${voyage.voyageNum}` : "Transfer bookings"} saving={saving} onClose={onClose}
      onSubmit={submit} formTestId="voyage-transfer-form" saveTestId="voyage-transfer-save" className="lading-wide-form lading-full-controls">
      {bookings.loading && <Spinner size={24} />}
      {!bookings.loading && (
        <FormFieldset legend="Bookings" error={errors.bookings}
          helper={rows.length === 0 ? bookings.data?.message ?? "No booking to transfer." : "Their transfer slips and waybills go with them."}>
          {rows.map((r) => (
            <div key={r.bookingRef} className="lading-transfer-booking">
              <Checkbox checked={chosen.has(r.bookingRef)} disabled={r.blocked !== null} onChange={(e) => toggle(r.bookingRef, e.currentTarget.checked)}
                labelElement={
                  <span data-testid={`voyage-transfer-label-${r.bookingRef}`}>
                    {r.bookingRef} · {r.customer} · to {r.destinationBranchCode} · {r.status}
                    {r.wayBillRef ? ` · waybill ${r.wayBillRef} (${r.waybillStatus})` : ""}
                    {r.releaseId ? ` · on load list ${r.releaseId}` : ""}
                  </span>
                }
                data-testid={`voyage-transfer-booking-${r.bookingRef}`} />
              {r.blocked && <div className="lading-transfer-blocked" data-testid={`voyage-transfer-blocked-${r.bookingRef}`}>{r.blocked}</div>}
            </div>
          ))}
        </FormFieldset>
      )}
      <FormField label="To voyage" id={TARGET_INPUT} required error={errors.target}
        helper={target ? `${target.vesselName}, leaves ${formatDateTime(target.estimatedTimeDeparture)}, calls at ${target.destinationBranchCodes.join(", ")}.` : "Active voyages from the same origin whose loading is not closed."}>
        <HTMLSelect id={TARGET_INPUT} fill value={toVoyageNum} onChange={(e) => {
          setToVoyageNum(e.currentTarget.value);
          setErrors((x) => ({ ...x, target: undefined }));
        }} data-testid={TARGET_INPUT}>
          <option value="">Choose a voyage…</option>
          {(targets.data?.data ?? []).map((t) => (
            <option key={t.voyageNum} value={t.voyageNum}>{t.voyageNum} · {t.voyageRef} · {t.vesselName} · to {t.destinationBranchCodes.join(", ")}</option>
          ))}
        </HTMLSelect>
      </FormField>
      <FormField label="Reason" id="voyage-transfer-reason" helper="Kept in the reguiding history of both voyages and in the audit log.">
        <TextArea id="voyage-transfer-reason" fill value={reason} maxLength={500} onChange={(e) => setReason(e.currentTarget.value)}
          data-testid="voyage-transfer-reason" />
      </FormField>
    </FormDialog>
  );
}
