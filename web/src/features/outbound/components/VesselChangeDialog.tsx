import { HTMLSelect, TextArea } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { FormDialog, FormField } from "../../../components/FormDialog.tsx";
import { useOpenings, useRecord } from "../../../lib/data/load.ts";
import { focusSoon } from "../../../lib/data/save.ts";
import type { OutboundVoyageRow } from "../api/voyage-documents.ts";
import { changeVessel, loadVesselsForChange } from "../api/reguiding.ts";
import { useReguideSave } from "./reguide-save.ts";

const VESSEL_INPUT = "vessel-change-vessel";

/**
 * Puts a voyage on another vessel: one of the active vessels getVesselForVesselChange offers, with the reason.
 * The voyage's dateModified as read goes along, so a voyage changed meanwhile is refused; a refusal closes the
 * dialog with its notice, like a success.
 */
export function VesselChangeDialog(props: { voyage: OutboundVoyageRow | null; onClose: () => void; onDone: () => void }) {
  const { voyage, onClose, onDone } = props;
  const isOpen = voyage !== null;
  const opening = useOpenings(isOpen);
  const [vesselCode, setVesselCode] = useState("");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const { saving, run } = useReguideSave(onDone);
  const vessels = useRecord(isOpen && opening ? `${opening}:${voyage!.vesselCode}` : null, () => loadVesselsForChange(voyage!.vesselCode));

  useEffect(() => {
    if (!isOpen) return;
    setVesselCode("");
    setReason("");
    setError(undefined);
  }, [isOpen]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!voyage) return;
    if (!vesselCode) {
      setError("Choose the vessel the voyage changes to");
      focusSoon(VESSEL_INPUT);
      return;
    }
    void run(() => changeVessel({ voyageNum: voyage.voyageNum, vesselCode, dateModified: voyage.dateModified, reason: reason.trim() }));
  };

  return (
    <FormDialog isOpen={isOpen} title={voyage ? `Change the vessel of ${voyage.voyageNum}` : "Change vessel"} saving={saving} onClose={onClose}
      onSubmit={submit} formTestId="vessel-change-form" saveTestId="vessel-change-save" className="lading-full-controls">
      {voyage && (
        <p className="lading-cts-booking" data-testid="vessel-change-current">
          Now on {voyage.vesselName} ({voyage.vesselCode}), route {voyage.routeCode}.
        </p>
      )}
      <FormField label="New vessel" id={VESSEL_INPUT} required error={error}
        helper={vessels.data && vessels.data.data.length === 0 ? "No other active vessel." : "Active vessels other than the voyage's own."}>
        <HTMLSelect id={VESSEL_INPUT} fill value={vesselCode} onChange={(e) => {
          setVesselCode(e.currentTarget.value);
          setError(undefined);
        }} data-testid={VESSEL_INPUT}>
          <option value="">Choose a vessel…</option>
          {(vessels.data?.data ?? []).map((v) => <option key={v.code} value={v.code}>{v.name} ({v.code})</option>)}
        </HTMLSelect>
      </FormField>
      <FormField label="Reason" id="vessel-change-reason" helper="Kept in the voyage's reguiding history and the audit log.">
        <TextArea id="vessel-change-reason" fill value={reason} maxLength={500} onChange={(e) => setReason(e.currentTarget.value)}
          data-testid="vessel-change-reason" />
      </FormField>
    </FormDialog>
  );
}
