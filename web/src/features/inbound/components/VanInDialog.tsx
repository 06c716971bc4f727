import { Button, HTMLSelect, InputGroup, TextArea } from "@blueprintjs/core";
import { Add, Trash } from "@blueprintjs/icons";
import { useEffect, useState } from "react";
import { FormDialog, FormField } from "../../../components/FormDialog.tsx";
import { serverMessage } from "../../../lib/api.ts";
import { usePicker } from "../../../lib/data/pickers.ts";
import { notify } from "../../../lib/notify.ts";
import { manilaDateTime } from "../../../../../api/shared/dates.ts";
import { createVanIn, DAMAGE_PARTS, DAMAGE_TYPES, type VanInDamage, type VanInRow } from "../api/van-in.ts";

export interface VanInDialogProps {
  /** The van out being received, or null when closed. */
  row: VanInRow | null;
  onClose: () => void;
  onRecorded: (made: VanInRow) => void;
}

/** "2025-05-08T11:00" (Manila, as a datetime-local field holds it) as an instant with Manila's offset. */
const manilaIso = (local: string) => `${local}:00+08:00`;

/**
 * Records the return of a van out on an inbound CTS: when it came back, the yard of the branch it returned to, both
 * vans of a tandem, the damage found (by the reference lists) and remarks.
 */
export function VanInDialog({ row, onClose, onRecorded }: VanInDialogProps) {
  const vans = row ? [row.containerVanNum, row.tandemContainerVanNum].filter((v) => v !== "") : [];
  const [returnedAt, setReturnedAt] = useState("");
  /** Left as proposed, the server takes the moment the van-in is recorded (the field shows whole minutes only). */
  const [returnedTyped, setReturnedTyped] = useState(false);
  const [yard, setYard] = useState("");
  const [damages, setDamages] = useState<VanInDamage[]>([]);
  const [remarks, setRemarks] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const yards = usePicker("containerYards", { enabled: row !== null }).filter((y) => y.branchCode === row?.branchCode);
  useEffect(() => {
    setReturnedAt(manilaDateTime(new Date()).slice(0, 16).replace(" ", "T"));
    setReturnedTyped(false);
    setYard("");
    setDamages([]);
    setRemarks("");
    setErrors({});
  }, [row?.wayBillRef]);

  const setDamage = (i: number, change: Partial<VanInDamage>) => setDamages((all) => all.map((d, j) => (j === i ? { ...d, ...change } : d)));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!row) return;
    const missing: Record<string, string> = {};
    if (!returnedAt) missing.dateReturned = "Give the date and time the van came back";
    if (!yard) missing.cyCode = "Choose the CY the van returned to";
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setSaving(true);
    try {
      const done = await createVanIn({ wayBillRef: row.wayBillRef, dateReturned: returnedTyped ? manilaIso(returnedAt) : undefined, cyCode: yard, tandemCodeIds: vans, damages, remarks });
      notify.success(done.message);
      onRecorded(done.data);
    } catch (err) {
      const message = serverMessage(err);
      setErrors({ form: message });
      notify.error(message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog isOpen={row !== null} title={`Van-in of ${row?.wayBillRef ?? ""}`} saving={saving} onClose={onClose} onSubmit={submit}
      formTestId="van-in-form" saveTestId="van-in-save">
      <FormField label={vans.length > 1 ? "Vans (tandem)" : "Van"} id="van-in-vans">
        <InputGroup id="van-in-vans" readOnly value={vans.join(" / ")} data-testid="van-in-vans" />
      </FormField>
      <FormField label="Date and time returned (Manila)" id="van-in-returned" required error={errors.dateReturned}>
        <InputGroup id="van-in-returned" type="datetime-local" value={returnedAt} onChange={(e) => {
            setReturnedAt(e.currentTarget.value);
            setReturnedTyped(true);
          }} data-testid="van-in-returned" />
      </FormField>
      <FormField label="Returned to CY" id="van-in-cy" required error={errors.cyCode}>
        <HTMLSelect id="van-in-cy" fill value={yard} onChange={(e) => setYard(e.currentTarget.value)} data-testid="van-in-cy"
          options={[{ value: "", label: "Choose a yard" }, ...yards.map((y) => ({ value: y.code, label: `${y.name} (${y.code})` }))]} />
      </FormField>
      <FormField label="Damage found" id="van-in-damage">
        <div data-testid="van-in-damages">
          {damages.map((d, i) => (
            <div key={i} className="lading-row" style={{ display: "flex", gap: 6, marginBottom: 4 }}>
              {vans.length > 1 && (
                <HTMLSelect value={d.containerVanNum} onChange={(e) => setDamage(i, { containerVanNum: e.currentTarget.value })} aria-label="Van"
                  options={vans} data-testid={`van-in-damage-van-${i}`} />
              )}
              <HTMLSelect value={d.vanPart} onChange={(e) => setDamage(i, { vanPart: e.currentTarget.value as VanInDamage["vanPart"] })} aria-label="Part"
                options={[...DAMAGE_PARTS]} data-testid={`van-in-damage-part-${i}`} />
              <HTMLSelect value={d.damageType} onChange={(e) => setDamage(i, { damageType: e.currentTarget.value as VanInDamage["damageType"] })}
                aria-label="Damage" options={[...DAMAGE_TYPES]} data-testid={`van-in-damage-type-${i}`} />
              <Button icon={<Trash />} minimal aria-label="Remove damage" onClick={() => setDamages((all) => all.filter((_, j) => j !== i))} />
            </div>
          ))}
          <Button icon={<Add />} small text="Add damage" data-testid="van-in-damage-add"
            onClick={() => setDamages((all) => [...all, { containerVanNum: vans[0] ?? "", vanPart: DAMAGE_PARTS[0], damageType: DAMAGE_TYPES[0] }])} />
        </div>
      </FormField>
      <FormField label="Remarks" id="van-in-remarks" error={errors.form}>
        <TextArea id="van-in-remarks" fill value={remarks} maxLength={500} onChange={(e) => setRemarks(e.currentTarget.value)} data-testid="van-in-remarks" />
      </FormField>
    </FormDialog>
  );
}
