import { Button, Callout, Checkbox, InputGroup, TextArea } from "@blueprintjs/core";
import { Search } from "@blueprintjs/icons";
import { useEffect, useState } from "react";
import { FormDialog, FormField } from "../../../components/FormDialog.tsx";
import { serverMessage } from "../../../lib/api.ts";
import { useFormSave } from "../../../lib/data/save.ts";
import { errorText, notify } from "../../../lib/notify.ts";
import { formatAmount } from "../../../lib/format.ts";
import { type ChargeLine, REMARKS_REQUIRED, type WaiverRow, type WaybillSummary } from "../api/contracts.ts";
import { createWaiver, searchWaybill } from "../api/waivers.ts";
import { WaybillFacts } from "./WaybillFacts.tsx";

const keyOf = (l: { chargeCode: string; part: string }) => `${l.chargeCode} ${l.part}`;
const testKey = (l: { chargeCode: string; part: string }) => `${l.chargeCode}-${l.part}`;

interface Pick {
  on: boolean;
  /** What to waive of the line; the whole of what is open when it equals it. */
  amount: string;
}

/**
 * A new waiver: the waybill found by its reference with the lines the user's branches bill and what is open on each
 * ('No Additional Charges' when nothing is), the lines ticked (whole, or an amount of each), and the remarks 001 §5
 * requires. Saved as a draft; its files are attached on its page.
 */
export function NewWaiverDialog(props: { isOpen: boolean; initialRef?: string; onClose: () => void; onSaved: (row: WaiverRow) => void }) {
  const { isOpen, initialRef, onClose, onSaved } = props;
  const [wayBillRef, setWayBillRef] = useState("");
  const [found, setFound] = useState<{ waybill: WaybillSummary; lines: ChargeLine[]; message?: string } | null>(null);
  const [searching, setSearching] = useState(false);
  const [picks, setPicks] = useState<Record<string, Pick>>({});
  const [remarks, setRemarks] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const { saving, save } = useFormSave();

  useEffect(() => {
    if (!isOpen) return;
    setWayBillRef(initialRef ?? "");
    setFound(null);
    setPicks({});
    setRemarks("");
    setErrors({});
    setRefusal(null);
  }, [isOpen, initialRef]);

  const find = async () => {
    const ref = wayBillRef.trim();
    if (!ref) return setErrors({ wayBillRef: "Type the waybill's reference" });
    setSearching(true);
    setRefusal(null);
    try {
      const answer = await searchWaybill(ref);
      setFound({ ...answer.data, message: answer.message });
      setPicks(Object.fromEntries(answer.data.lines.map((l) => [keyOf(l), { on: false, amount: l.open }])));
      setErrors({});
    } catch (error) {
      setFound(null);
      setRefusal(serverMessage(error));
      notify.error(errorText(error));
    } finally {
      setSearching(false);
    }
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!found) return void find();
    const chosen = found.lines.filter((l) => picks[keyOf(l)]?.on);
    const local: Record<string, string> = {};
    if (!remarks.trim()) local.remarks = REMARKS_REQUIRED;
    if (chosen.length === 0) local.lines = "Tick at least one charge line to waive";
    if (Object.keys(local).length > 0) return setErrors(local);
    setRefusal(null);
    void save(() => createWaiver({
      wayBillRef: found.waybill.wayBillRef,
      remarks: remarks.trim(),
      lines: chosen.map((l) => {
        const amount = picks[keyOf(l)]!.amount.trim();
        return amount === "" || amount === l.open ? { chargeCode: l.chargeCode, part: l.part } : { chargeCode: l.chargeCode, part: l.part, amount };
      }),
    }).catch((error) => {
      setRefusal(serverMessage(error));
      throw error;
    }), { onSaved: (result) => onSaved(result.data), onFieldErrors: setErrors });
  };

  const setPick = (line: ChargeLine, patch: Partial<Pick>) => {
    setPicks((p) => ({ ...p, [keyOf(line)]: { ...p[keyOf(line)]!, ...patch } }));
    setErrors((e) => ({ ...e, lines: "" }));
  };

  return (
    <FormDialog isOpen={isOpen} title="New waiver" className="lading-waiver-dialog" saving={saving} onClose={onClose} onSubmit={submit}
      formTestId="waiver-new-form" saveTestId="waiver-new-save" saveDisabled={!found || found.lines.every((l) => l.open === "0.00")}>
      {refusal && <Callout intent="danger" data-testid="waiver-new-error">{refusal}</Callout>}
      <FormField label="Waybill" id="waiver-new-ref" required error={errors.wayBillRef} helper="The waybill whose charges are to be waived">
        <InputGroup id="waiver-new-ref" value={wayBillRef} onValueChange={(v) => { setWayBillRef(v); setFound(null); }}
          onKeyDown={(e) => { if (e.key === "Enter") { e.preventDefault(); void find(); } }} data-testid="waiver-new-ref"
          rightElement={<Button variant="minimal" icon={<Search />} aria-label="Find the waybill" loading={searching} onClick={() => void find()} data-testid="waiver-new-find" />} />
      </FormField>
      {found && (
        <>
          <WaybillFacts waybill={found.waybill} testId="waiver-new-waybill" />
          {found.message && <Callout intent="warning" data-testid="waiver-new-nothing">{found.message}</Callout>}
          {found.lines.length > 0 && (
            <FormField label="Charges to waive" error={errors.lines} helper="Tick a line to waive all that is open on it, or type less">
              <table className="lading-waiver-lines" data-testid="waiver-new-lines">
                <thead>
                  <tr><th /><th>Charge</th><th>Particulars</th><th className="lading-amount">Due</th><th className="lading-amount">Held</th><th className="lading-amount">Open</th><th className="lading-amount">Waive</th></tr>
                </thead>
                <tbody>
                  {found.lines.map((l) => {
                    const pick = picks[keyOf(l)];
                    const closed = l.open === "0.00";
                    return (
                      <tr key={keyOf(l)}>
                        <td>
                          <Checkbox checked={pick?.on ?? false} disabled={closed} onChange={(e) => setPick(l, { on: e.currentTarget.checked })}
                            aria-label={`Waive ${l.chargeCode} ${l.part}`} data-testid={`waiver-new-pick-${testKey(l)}`} />
                        </td>
                        <td>{l.chargeCode} {l.part}</td>
                        <td>{l.particulars}</td>
                        <td className="lading-amount">{formatAmount(l.due)}</td>
                        <td className="lading-amount">{formatAmount(l.held)}</td>
                        <td className="lading-amount" data-testid={`waiver-new-open-${testKey(l)}`}>{formatAmount(l.open)}</td>
                        <td className="lading-amount">
                          <InputGroup value={pick?.amount ?? ""} disabled={closed || !pick?.on} inputMode="decimal" aria-label={`Amount of ${l.chargeCode} ${l.part} to waive`}
                            onValueChange={(v) => setPick(l, { amount: v })} data-testid={`waiver-new-amount-${testKey(l)}`} />
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </FormField>
          )}
          <FormField label="Remarks" id="waiver-new-remarks" required error={errors.remarks} helper="Why the charges should be waived">
            <TextArea id="waiver-new-remarks" fill rows={3} maxLength={1000} value={remarks}
              onChange={(e) => { setRemarks(e.currentTarget.value); setErrors((x) => ({ ...x, remarks: "" })); }} data-testid="waiver-new-remarks" />
          </FormField>
        </>
      )}
    </FormDialog>
  );
}
