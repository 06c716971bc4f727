import { HTMLSelect } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { FormDialog, FormField } from "../../../components/FormDialog.tsx";
import { serverMessage } from "../../../lib/api.ts";
import { usePicker } from "../../../lib/data/pickers.ts";
import { notify } from "../../../lib/notify.ts";
import { clearCro, type CroRow } from "../api/cargo-release.ts";

export interface ClearCroDialogProps {
  cro: CroRow | null;
  onClose: () => void;
  onCleared: () => void;
}

/** Clears a release order: the yard of its branch the van is pulled out of (CY pull-out). */
export function ClearCroDialog({ cro, onClose, onCleared }: ClearCroDialogProps) {
  const [yard, setYard] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const yards = usePicker("containerYards", { enabled: cro !== null }).filter((y) => y.branchCode === cro?.branchCode);
  useEffect(() => {
    setYard("");
    setError(undefined);
  }, [cro?.cargorReleaseOrderId]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!cro) return;
    if (!yard) {
      setError("Choose the CY the van is pulled out of");
      return;
    }
    setSaving(true);
    try {
      const done = await clearCro(cro.cargorReleaseOrderId, cro.dateModified, yard);
      notify.success(done.message);
      onCleared();
    } catch (err) {
      const message = serverMessage(err);
      setError(message);
      notify.error(message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog isOpen={cro !== null} title={`Clear ${cro?.cargorReleaseOrderId ?? ""}`} saving={saving} onClose={onClose} onSubmit={submit}
      formTestId="release-clear-form" saveTestId="release-clear-save">
      <FormField label="CY pull-out" id="release-cy-pull-out" required error={error}>
        <HTMLSelect id="release-cy-pull-out" fill value={yard} onChange={(e) => setYard(e.currentTarget.value)} data-testid="release-cy-pull-out"
          options={[{ value: "", label: "Choose a yard" }, ...yards.map((y) => ({ value: y.code, label: `${y.name} (${y.code})` }))]} />
      </FormField>
    </FormDialog>
  );
}
