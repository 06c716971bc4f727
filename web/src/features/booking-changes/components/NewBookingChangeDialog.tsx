import { Button, Callout, HTMLSelect, InputGroup, TextArea } from "@blueprintjs/core";
import { Plus, Search, Trash } from "@blueprintjs/icons";
import { useEffect, useState } from "react";
import { FormDialog, FormField } from "../../../components/FormDialog.tsx";
import { serverMessage } from "../../../lib/api.ts";
import { useFormSave } from "../../../lib/data/save.ts";
import { formatAmount } from "../../../lib/format.ts";
import { DELIVERY_MODES, type ProposedValues, REMARKS_REQUIRED, type RevisionDetailRow, type RevisionRow } from "../api/contracts.ts";
import { type BookingForRevision, bookingForRevision, createRevision, updateRevision } from "../api/booking-changes.ts";

type Address = { street: string; barangay: string; city: string; province: string; zipCode: string };
type AddedCharge = { chargeCode: string; amount: string };
const ADDRESS_PARTS: [keyof Address, string][] = [["street", "Street"], ["barangay", "Barangay"], ["city", "City or municipality"], ["province", "Province"], ["zipCode", "Zip code"]];
const TEXT_FIELDS: [keyof ProposedValues & string, string][] = [
  ["destinationBranchCode", "Destination"], ["voyageNum", "Voyage"], ["consigneeName", "Consignee"], ["consigneeContactNum", "Consignee contact no."],
  ["consigneeEmail", "Consignee e-mail"], ["containerVanNum", "Container van"], ["pickUpAreaCode", "Pick-up area"], ["deliveryAreaCode", "Delivery area"],
  ["oldBookingRef", "Old booking reference"], ["oldWaybillRef", "Old waybill reference"],
];

/**
 * A new booking change: the booking found by its reference (refused at once, with the rule, while it is Draft or
 * Confirmed), its values as they stand to change, the charges to add, and why. Only the values changed are proposed;
 * the server checks them (001 §5) and prices the booking as it would be. Given `editing` (a draft of the user's
 * own), the same form opens on the booking with the draft's proposed values and remarks, and saves the draft.
 */
export function NewBookingChangeDialog(props: { isOpen: boolean; onClose: () => void; onSaved: (row: RevisionRow) => void; editing?: RevisionDetailRow }) {
  const { isOpen, onClose, onSaved, editing } = props;
  const [bookingRef, setBookingRef] = useState("");
  const [found, setFound] = useState<BookingForRevision | null>(null);
  const [values, setValues] = useState<Record<string, any>>({});
  const [remarks, setRemarks] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const { saving, save } = useFormSave();

  useEffect(() => {
    if (!isOpen) return;
    setBookingRef(editing?.bookingRef ?? "");
    setFound(null);
    setValues({});
    setRemarks(editing?.remarks ?? "");
    setErrors({});
    setRefusal(null);
    if (editing) void find(editing.bookingRef);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isOpen]);

  const find = async (asked = bookingRef) => {
    const ref = asked.trim();
    if (!ref) return setErrors({ bookingRef: "Type the booking's reference" });
    setSearching(true);
    setRefusal(null);
    try {
      const answer = (await bookingForRevision(ref)).data;
      setFound(answer);
      // A draft being edited: the booking as it stands, with what the draft proposes over it.
      const proposed = editing ? Object.fromEntries(editing.changes.map((c) => [c.field, c.after])) : {};
      setValues(structuredClone({ ...answer.values, ...proposed }));
      setErrors({});
    } catch (error) {
      setFound(null);
      setRefusal(serverMessage(error));
    } finally {
      setSearching(false);
    }
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!found) return void find();
    if (!remarks.trim()) return setErrors({ remarks: REMARKS_REQUIRED });
    const proposed: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(values)) {
      const typed = field === "additionalCharges"
        ? ((value ?? []) as AddedCharge[]).map((c) => ({ chargeCode: c.chargeCode.trim().toUpperCase(), amount: c.amount.trim() }))
        : value;
      if (JSON.stringify(typed ?? "") !== JSON.stringify(found.values[field] ?? "")) proposed[field] = typed;
    }
    setRefusal(null);
    const write = editing
      ? updateRevision(editing.revisionId, { dateModified: editing.dateModified, remarks: remarks.trim(), proposed: proposed as ProposedValues })
      : createRevision({ bookingRef: found.bookingRef, remarks: remarks.trim(), proposed: proposed as ProposedValues });
    void save(() => write.catch((error) => {
      setRefusal(serverMessage(error));
      throw error;
    }), { onSaved: (result) => onSaved(result.data), onFieldErrors: setErrors });
  };

  const set = (field: string, value: unknown) => setValues((v) => ({ ...v, [field]: value }));
  const setPart = (field: "pickUpAddress" | "deliveryAddress", part: keyof Address, value: string) =>
    setValues((v) => ({ ...v, [field]: { ...(v[field] as Address), [part]: value } }));
  const added = (values.additionalCharges ?? []) as AddedCharge[];
  const setAdded = (next: AddedCharge[]) => set("additionalCharges", next);
  // A draft's own booking change is the one under way: editing it is not refused for that.
  const refused = found?.refusal && !editing ? found.refusal : null;

  return (
    <FormDialog isOpen={isOpen} title={editing ? `Edit booking change ${editing.revisionId}` : "New booking change"} className="lading-bc-dialog" saving={saving}
      onClose={onClose} onSubmit={submit} formTestId="bc-new-form" saveTestId="bc-new-save" saveDisabled={!found || refused !== null}>
      {refusal && <Callout intent="danger" data-testid="bc-new-error">{refusal}</Callout>}
      <FormField label="Booking" id="bc-new-ref" required error={errors.bookingRef} helper="The booking to change: its ATW issued, its van out or its cargo loaded">
        <InputGroup id="bc-new-ref" value={bookingRef} disabled={Boolean(editing)} onValueChange={(v) => { setBookingRef(v); setFound(null); }}
          onKeyDown={(e) => { if (e.key === "Enter") { e.preventDefault(); void find(); } }} data-testid="bc-new-ref"
          rightElement={<Button variant="minimal" icon={<Search />} aria-label="Find the booking" loading={searching} onClick={() => void find()} data-testid="bc-new-find" />} />
      </FormField>
      {found && (
        <>
          <p data-testid="bc-new-booking">
            {`${found.bookingRef} · ${found.status} · ${found.customerCode}${found.waybillref ? ` · waybill ${found.waybillref} (${found.waybillStatus})` : ""} · charges ${formatAmount(found.total)}`}
            {found.amendmentFeeDue ? " · an amendment fee (AMF) is added on approval" : ""}
          </p>
          {refused && <Callout intent="warning" data-testid="bc-new-refusal">{refused}</Callout>}
          {!refused && (
            <>
              <div className="lading-bc-grid">
                <FormField label="Service mode" id="bc-new-modeOfDelivery" error={errors["proposed.modeOfDelivery"]}>
                  <HTMLSelect id="bc-new-modeOfDelivery" fill value={String(values.modeOfDelivery ?? "")} onChange={(e) => set("modeOfDelivery", e.currentTarget.value)}
                    options={[...DELIVERY_MODES]} data-testid="bc-new-modeOfDelivery" />
                </FormField>
                {TEXT_FIELDS.map(([field, label]) => (
                  <FormField key={field} label={label} id={`bc-new-${field}`} error={errors[`proposed.${field}`]}>
                    <InputGroup id={`bc-new-${field}`} value={String(values[field] ?? "")} onValueChange={(v) => set(field, v)} data-testid={`bc-new-${field}`} />
                  </FormField>
                ))}
              </div>
              {(["pickUpAddress", "deliveryAddress"] as const).map((field) => (
                <FormField key={field} label={field === "pickUpAddress" ? "Pick-up address" : "Delivery address"} error={errors[`proposed.${field}`]}>
                  <div className="lading-bc-grid">
                    {ADDRESS_PARTS.map(([part, label]) => (
                      <InputGroup key={part} placeholder={label} aria-label={`${field === "pickUpAddress" ? "Pick-up" : "Delivery"} ${label}`}
                        value={(values[field] as Address | undefined)?.[part] ?? ""} onValueChange={(v) => setPart(field, part, v)} data-testid={`bc-new-${field}-${part}`} />
                    ))}
                  </div>
                </FormField>
              ))}
              <FormField label="Added charges" error={errors["proposed.additionalCharges"]}
                helper="Charges to add to the booking, by charge code and amount; the booking is priced again with them">
                <div data-testid="bc-new-charges">
                  {added.map((c, i) => (
                    <div key={i} className="lading-bc-actions">
                      <InputGroup placeholder="Charge code" aria-label={`Added charge ${i + 1} code`} value={c.chargeCode}
                        onValueChange={(v) => setAdded(added.map((x, j) => (j === i ? { ...x, chargeCode: v } : x)))} data-testid={`bc-new-charge-${i}-code`} />
                      <InputGroup placeholder="Amount" aria-label={`Added charge ${i + 1} amount`} inputMode="decimal" value={c.amount}
                        onValueChange={(v) => setAdded(added.map((x, j) => (j === i ? { ...x, amount: v } : x)))} data-testid={`bc-new-charge-${i}-amount`} />
                      <Button variant="minimal" icon={<Trash />} aria-label={`Remove added charge ${i + 1}`}
                        onClick={() => setAdded(added.filter((_, j) => j !== i))} data-testid={`bc-new-charge-${i}-remove`} />
                    </div>
                  ))}
                  <Button icon={<Plus />} text="Add a charge" onClick={() => setAdded([...added, { chargeCode: "", amount: "" }])} data-testid="bc-new-charge-add" />
                </div>
              </FormField>
              <FormField label="Remarks" id="bc-new-remarks" required error={errors.remarks ?? errors.proposed} helper="Why the booking changes">
                <TextArea id="bc-new-remarks" fill rows={3} maxLength={1000} value={remarks}
                  onChange={(e) => { setRemarks(e.currentTarget.value); setErrors((x) => ({ ...x, remarks: "" })); }} data-testid="bc-new-remarks" />
              </FormField>
            </>
          )}
        </>
      )}
    </FormDialog>
  );
}
