import { HTMLSelect, TextArea } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { FormDialog, FormField } from "../../../components/FormDialog.tsx";
import { focusSoon, useFormSave } from "../../../lib/data/save.ts";
import { formatDateTime } from "../../../lib/format.ts";
import type { HeaderWithDetails, ScheduleRow } from "../api/contracts.ts";
import { usePicker } from "../../../lib/data/pickers.ts";
import { createHeader, loadSchedules } from "../api/voyages.ts";
import { useRecord } from "../../../lib/data/load.ts";

type Errors = Partial<Record<"vesselCode" | "voyageNum" | "remarks", string>>;

/** How many of a vessel's voyages the choice offers, newest departure first. */
const VOYAGES_OFFERED = 100;

/**
 * Opens the vessel update of a vessel on one of its voyages: the vessel first, then the active voyages it
 * sails. The server refuses a second update for the same pair and names the first.
 */
export function NewVesselUpdateDialog(props: { isOpen: boolean; onClose: () => void; onCreated: (header: HeaderWithDetails) => void }) {
  const { isOpen, onClose, onCreated } = props;
  const vessels = usePicker("vessels", { enabled: isOpen });
  const [vesselCode, setVesselCode] = useState("");
  const [voyageNum, setVoyageNum] = useState("");
  const [remarks, setRemarks] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const { saving, save } = useFormSave();

  useEffect(() => {
    if (!isOpen) return;
    setVesselCode("");
    setVoyageNum("");
    setRemarks("");
    setErrors({});
  }, [isOpen]);

  const offered = useRecord(
    isOpen && vesselCode ? vesselCode : null,
    (code) => loadSchedules({ skip: 0, take: VOYAGES_OFFERED, vesselCode: code, filter: "IsActive" }).then((r) => r.data),
    { keepStale: false },
  );
  const voyages: ScheduleRow[] = offered.data ?? [];

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const local: Errors = {};
    if (!vesselCode) local.vesselCode = "Vessel is required";
    if (!voyageNum) local.voyageNum = "Voyage is required";
    if (Object.keys(local).length > 0) {
      setErrors(local);
      focusSoon(local.vesselCode ? "vu-new-vesselCode" : "vu-new-voyageNum");
      return;
    }
    await save(() => createHeader({ vesselCode, voyageNum, remarks: remarks.trim() }), {
      onSaved: (result) => onCreated(result.data),
      onFieldErrors: (fieldErrors) => setErrors(fieldErrors),
    });
  };

  return (
    <FormDialog isOpen={isOpen} title="New vessel update" saving={saving} onClose={onClose} onSubmit={submit} formTestId="vu-new-form"
      saveTestId="vu-new-save" className="lading-full-controls">
      <FormField label="Vessel" id="vu-new-vesselCode" required error={errors.vesselCode}>
        <HTMLSelect id="vu-new-vesselCode" fill value={vesselCode} data-testid="vu-new-vesselCode"
          onChange={(e) => {
            setVesselCode(e.currentTarget.value);
            setVoyageNum("");
            setErrors({});
          }}>
          <option value="">Choose a vessel…</option>
          {vessels.map((v) => <option key={v.code} value={v.code}>{v.code} · {v.name}</option>)}
        </HTMLSelect>
      </FormField>
      <FormField label="Voyage" id="vu-new-voyageNum" required error={errors.voyageNum}
        helper={vesselCode && voyages.length === 0 ? "This vessel has no active voyage." : undefined}>
        <HTMLSelect id="vu-new-voyageNum" fill value={voyageNum} disabled={!vesselCode} data-testid="vu-new-voyageNum"
          onChange={(e) => {
            setVoyageNum(e.currentTarget.value);
            setErrors((x) => ({ ...x, voyageNum: undefined }));
          }}>
          <option value="">{vesselCode ? "Choose a voyage…" : "Choose a vessel first"}</option>
          {voyages.map((v) => (
            <option key={v.voyageNum} value={v.voyageNum}>
              {v.voyageNum} · {v.voyageRef} · {v.routeCode} · ETD {formatDateTime(v.estimatedTimeDeparture)}
            </option>
          ))}
        </HTMLSelect>
      </FormField>
      <FormField label="Remarks" id="vu-new-remarks" error={errors.remarks}>
        <TextArea id="vu-new-remarks" fill rows={2} maxLength={1000} value={remarks} onChange={(e) => setRemarks(e.currentTarget.value)}
          data-testid="vu-new-remarks" />
      </FormField>
    </FormDialog>
  );
}
