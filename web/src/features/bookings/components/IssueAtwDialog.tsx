import { HTMLSelect, InputGroup } from "@blueprintjs/core";
import { useEffect, useMemo, useState } from "react";
import { FormDialog, FormField } from "../../../components/FormDialog.tsx";
import { useFormSave } from "../../../lib/data/save.ts";
import type { BookingRow } from "../api/contracts.ts";
import { usePicker } from "../../../lib/data/pickers.ts";
import { issueAtw, platesOf } from "../api/staff.ts";

/**
 * Issues the authority to withdraw for the chosen bookings, naming the trucker and the truck that will collect
 * the cargo. The trucker's plates are offered; another plate may be typed.
 */
export function IssueAtwDialog(
  { bookings, originBranchCode, onClose, onIssued }: {
    /** The bookings to issue for; the dialog is open while there are some. */
    bookings: BookingRow[];
    originBranchCode: string;
    onClose: () => void;
    onIssued: () => void;
  },
) {
  const isOpen = bookings.length > 0;
  const truckings = usePicker("truckings", { enabled: isOpen });
  const [truckingCode, setTruckingCode] = useState("");
  const [plateNum, setPlateNum] = useState("");
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const { saving, save } = useFormSave();

  useEffect(() => {
    if (!isOpen) return;
    // When every booking already names the same trucker and truck, they are proposed.
    const same = <K extends "truckingCode" | "plateNum">(key: K) => bookings.every((b) => b[key] === bookings[0][key]) ? bookings[0][key] : null;
    setTruckingCode(same("truckingCode") ?? "");
    setPlateNum(same("plateNum") ?? "");
    setErrors({});
  }, [isOpen, bookings]);

  // Truckers serving the voyage's origin come first; the others stay choosable.
  const ordered = useMemo(() => {
    const serving = truckings.filter((t) => t.branchCodes?.includes(originBranchCode));
    return serving.length > 0 ? [...serving, ...truckings.filter((t) => !serving.includes(t))] : truckings;
  }, [truckings, originBranchCode]);
  const plates = platesOf(truckings.find((t) => t.code === truckingCode));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!truckingCode) {
      setErrors({ truckingCode: "Trucker is required" });
      return;
    }
    await save(() => issueAtw(bookings.map((b) => b.bookingRef), truckingCode, plateNum.trim()), {
      onSaved: onIssued,
      onFieldErrors: (fieldErrors) => setErrors(fieldErrors),
    });
  };

  return (
    <FormDialog
      isOpen={isOpen}
      title={`Issue ATW · ${bookings.length} booking${bookings.length === 1 ? "" : "s"}`}
      saving={saving}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      formTestId="atw-form"
      saveTestId="atw-submit"
    >
      <p className="lading-booking-muted" data-testid="atw-bookings">{bookings.map((b) => b.bookingRef).join(", ")}</p>
      <FormField label="Trucker" id="atw-trucker" required error={errors.truckingCode}>
        <HTMLSelect id="atw-trucker" fill value={truckingCode} data-testid="atw-trucker" onChange={(e) => {
          const code = e.currentTarget.value;
          setTruckingCode(code);
          setErrors((x) => ({ ...x, truckingCode: undefined }));
          const offered = platesOf(truckings.find((t) => t.code === code));
          if (!offered.includes(plateNum)) setPlateNum(offered[0] ?? "");
        }}>
          <option value="">Choose a trucker…</option>
          {ordered.map((t) => <option key={t.code} value={t.code}>{t.code} · {t.name}</option>)}
        </HTMLSelect>
      </FormField>
      <FormField label="Plate number" id="atw-plate" error={errors.plateNum} helper={plates.length ? `${plates.length} plates on file` : undefined}>
        <InputGroup id="atw-plate" list="atw-plate-options" maxLength={20} value={plateNum} onValueChange={setPlateNum}
          intent={errors.plateNum ? "danger" : "none"} data-testid="atw-plate" />
        <datalist id="atw-plate-options">
          {plates.map((p) => <option key={p} value={p} />)}
        </datalist>
      </FormField>
    </FormDialog>
  );
}
