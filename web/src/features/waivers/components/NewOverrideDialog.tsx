import { Button, Callout, HTMLSelect, InputGroup, TextArea } from "@blueprintjs/core";
import { Search } from "@blueprintjs/icons";
import { useEffect, useState } from "react";
import { FormDialog, FormField } from "../../../components/FormDialog.tsx";
import { serverMessage } from "../../../lib/api.ts";
import { useFormSave } from "../../../lib/data/save.ts";
import { errorText, notify } from "../../../lib/notify.ts";
import { formatAmount } from "../../../lib/format.ts";
import { type ChargeLine, type OverrideRow, REASON_REQUIRED, type WaybillSummary } from "../api/contracts.ts";
import { createOverride, overrideWaybill } from "../api/overrides.ts";
import { WaybillFacts } from "./WaybillFacts.tsx";

const keyOf = (l: { chargeCode: string; part: string }) => `${l.chargeCode} ${l.part}`;

/**
 * A new charge override: the waybill found by its reference, one of the lines the user's branches bill, its new
 * value and the reason. Saved as a draft ('Successfully Created Waybill Override Charge.').
 */
export function NewOverrideDialog(props: { isOpen: boolean; onClose: () => void; onSaved: (row: OverrideRow) => void }) {
  const { isOpen, onClose, onSaved } = props;
  const [wayBillRef, setWayBillRef] = useState("");
  const [found, setFound] = useState<{ waybill: WaybillSummary; lines: ChargeLine[]; message?: string } | null>(null);
  const [searching, setSearching] = useState(false);
  const [line, setLine] = useState("");
  const [newValue, setNewValue] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const { saving, save } = useFormSave();

  useEffect(() => {
    if (!isOpen) return;
    setWayBillRef("");
    setFound(null);
    setLine("");
    setNewValue("");
    setReason("");
    setErrors({});
    setRefusal(null);
  }, [isOpen]);

  const find = async () => {
    const ref = wayBillRef.trim();
    if (!ref) return setErrors({ wayBillRef: "Type the waybill's reference" });
    setSearching(true);
    setRefusal(null);
    try {
      const answer = await overrideWaybill(ref);
      setFound({ ...answer.data, message: answer.message });
      setLine("");
      setErrors({});
    } catch (error) {
      setFound(null);
      setRefusal(serverMessage(error));
      notify.error(errorText(error));
    } finally {
      setSearching(false);
    }
  };

  const chosen = found?.lines.find((l) => keyOf(l) === line) ?? null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!found) return void find();
    const local: Record<string, string> = {};
    if (!chosen) local.chargeCode = "Choose the charge line to change";
    if (!newValue.trim()) local.newValue = "Give the value the charge should have";
    if (!reason.trim()) local.reason = REASON_REQUIRED;
    if (Object.keys(local).length > 0) return setErrors(local);
    setRefusal(null);
    void save(() => createOverride({
      wayBillRef: found.waybill.wayBillRef, chargeCode: chosen!.chargeCode, part: chosen!.part, newValue: newValue.trim(), reason: reason.trim(),
    }).catch((error) => {
      setRefusal(serverMessage(error));
      throw error;
    }), { onSaved: (result) => onSaved(result.data), onFieldErrors: setErrors });
  };

  return (
    <FormDialog isOpen={isOpen} title="New charge override" className="lading-waiver-dialog" saving={saving} onClose={onClose} onSubmit={submit}
      formTestId="override-new-form" saveTestId="override-new-save" saveDisabled={!found || found.lines.length === 0}>
      {refusal && <Callout intent="danger" data-testid="override-new-error">{refusal}</Callout>}
      <FormField label="Waybill" id="override-new-ref" required error={errors.wayBillRef}>
        <InputGroup id="override-new-ref" value={wayBillRef} onValueChange={(v) => { setWayBillRef(v); setFound(null); }}
          onKeyDown={(e) => { if (e.key === "Enter") { e.preventDefault(); void find(); } }} data-testid="override-new-ref"
          rightElement={<Button variant="minimal" icon={<Search />} aria-label="Find the waybill" loading={searching} onClick={() => void find()} data-testid="override-new-find" />} />
      </FormField>
      {found && (
        <>
          <WaybillFacts waybill={found.waybill} testId="override-new-waybill" />
          {found.message && <Callout intent="warning">{found.message}</Callout>}
          <FormField label="Charge line" id="override-new-line" required error={errors.chargeCode}>
            <HTMLSelect id="override-new-line" fill value={line} onChange={(e) => { setLine(e.currentTarget.value); setErrors((x) => ({ ...x, chargeCode: "" })); }}
              data-testid="override-new-line">
              <option value="">Choose the charge line…</option>
              {found.lines.map((l) => (
                <option key={keyOf(l)} value={keyOf(l)} disabled={l.openOverride !== null}>
                  {`${l.chargeCode} ${l.part} · ${l.particulars} · ${formatAmount(l.value)}${l.openOverride ? ` (override ${l.openOverride} open)` : ""}`}
                </option>
              ))}
            </HTMLSelect>
          </FormField>
          <FormField label="New value" id="override-new-value" required error={errors.newValue}
            helper={chosen ? `Now ${formatAmount(chosen.value)}${chosen.waived !== "0.00" ? `, of which ${formatAmount(chosen.waived)} is waived` : ""}` : undefined}>
            <InputGroup id="override-new-value" inputMode="decimal" value={newValue} onValueChange={(v) => { setNewValue(v); setErrors((x) => ({ ...x, newValue: "" })); }}
              data-testid="override-new-value" />
          </FormField>
          <FormField label="Reason" id="override-new-reason" required error={errors.reason}>
            <TextArea id="override-new-reason" fill rows={3} maxLength={1000} value={reason}
              onChange={(e) => { setReason(e.currentTarget.value); setErrors((x) => ({ ...x, reason: "" })); }} data-testid="override-new-reason" />
          </FormField>
        </>
      )}
    </FormDialog>
  );
}
