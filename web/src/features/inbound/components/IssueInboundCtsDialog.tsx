import "../inbound.css";
import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, HTMLSelect, HTMLTable, InputGroup, Tag } from "@blueprintjs/core";
import { useState } from "react";
import { FormField } from "../../../components/FormDialog.tsx";
import { ApiError, serverMessage } from "../../../lib/api.ts";
import { useDebounced, useRecord } from "../../../lib/data/load.ts";
import { usePicker } from "../../../lib/data/pickers.ts";
import { notify } from "../../../lib/notify.ts";
import { manilaDateTime, manilaInstant } from "../../../../../api/shared/dates.ts";
import { type InboundCtsCandidateRow, issueInboundCts, loadInboundCtsCandidates } from "../api/inbound-cts.ts";

export interface IssueInboundCtsDialogProps {
  isOpen: boolean;
  onClose: () => void;
  onIssued: () => void;
}

/** A datetime-local value read as Manila time; undefined while incomplete (the server then takes now). */
function instantOf(value: string): string | undefined {
  try {
    return value ? manilaInstant(value.slice(0, 10), value.slice(11, 16)) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The released waybills whose van has not left: one whose release order is cleared is trucked out on a trucker of
 * the branch (plate, driver, date-time out); one not cleared yet is shown so, and cannot be chosen.
 */
export function IssueInboundCtsDialog({ isOpen, onClose, onIssued }: IssueInboundCtsDialogProps) {
  const [search, setSearch] = useState("");
  const [chosen, setChosen] = useState<InboundCtsCandidateRow | null>(null);
  const [truckingCode, setTruckingCode] = useState("");
  const [plateNum, setPlateNum] = useState("");
  const [driver, setDriver] = useState("");
  const [timeOut, setTimeOut] = useState(() => manilaDateTime(new Date()));
  /** The time out as typed; left as proposed, the server takes the moment of issue (the field shows whole minutes). */
  const [timeOutTyped, setTimeOutTyped] = useState(false);
  const [remarks, setRemarks] = useState("");
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [saving, setSaving] = useState(false);
  const settled = useDebounced(search.trim());
  const candidates = useRecord(isOpen ? `inbound-cts-candidates:${settled}` : null, () => loadInboundCtsCandidates(settled));
  const rows = candidates.data?.data ?? [];
  const truckers = usePicker("truckings", { enabled: isOpen }).filter((t) => !chosen || t.branchCodes?.includes(chosen.branchCode));

  const reset = () => {
    setChosen(null);
    setTruckingCode("");
    setPlateNum("");
    setDriver("");
    setRemarks("");
    setErrors({});
    setTimeOut(manilaDateTime(new Date()));
    setTimeOutTyped(false);
  };
  const close = () => {
    reset();
    onClose();
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    const missing: Record<string, string | undefined> = {
      truckingCode: truckingCode ? undefined : "Trucker is required",
      plateNum: plateNum.trim() ? undefined : "Plate No. is required",
      driver: driver.trim() ? undefined : "Driver is required",
    };
    if (Object.values(missing).some(Boolean)) {
      setErrors(missing);
      return;
    }
    setSaving(true);
    try {
      const done = await issueInboundCts({
        wayBillRef: chosen.wayBillRef, truckingCode, plateNum: plateNum.trim(), driver: driver.trim(), dateTimeOut: timeOutTyped ? instantOf(timeOut) : undefined, remarks,
      });
      notify.success(done.message);
      reset();
      onIssued();
    } catch (error) {
      const message = serverMessage(error);
      setErrors({ form: message, ...(error instanceof ApiError ? error.fieldErrors : {}) });
      notify.error(message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog isOpen={isOpen} onClose={saving ? undefined : close} title="New inbound CTS" className="lading-form-dialog lading-release-dialog">
      <form onSubmit={submit} noValidate data-testid="inbound-cts-form">
        <DialogBody>
          {!chosen && (
            <>
              <FormField label="Search" id="inbound-cts-candidate-search">
                <InputGroup id="inbound-cts-candidate-search" value={search} onValueChange={setSearch} placeholder="Waybill, booking, consignee, van or CRO"
                  data-testid="inbound-cts-candidate-search" />
              </FormField>
              {rows.length === 0
                ? <p className={Classes.TEXT_MUTED} data-testid="inbound-cts-candidates-empty">{candidates.data?.message ?? "Loading…"}</p>
                : (
                  <HTMLTable compact striped data-testid="inbound-cts-candidates">
                    <thead>
                      <tr><th>Waybill</th><th>CRO</th><th>Consignee</th><th>Van</th><th>Release</th><th /></tr>
                    </thead>
                    <tbody>
                      {rows.map((row) => (
                        <tr key={row.wayBillRef} data-testid={`inbound-cts-candidate-${row.wayBillRef}`}>
                          <td>{row.wayBillRef}</td>
                          <td>{row.cargoReleaseOrderId}</td>
                          <td>{row.consigneeName}</td>
                          <td>{row.containerVanNum}</td>
                          <td>
                            <Tag minimal intent={row.cleared ? "success" : "warning"} title={row.cyPullOutName ?? ""}>
                              {row.cleared ? `Cleared · ${row.cyPullOutName ?? ""}` : "Not cleared"}
                            </Tag>
                          </td>
                          <td>
                            <Button small intent="primary" text="Choose" disabled={!row.cleared} onClick={() => setChosen(row)}
                              data-testid={`inbound-cts-choose-${row.wayBillRef}`} />
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </HTMLTable>
                )}
            </>
          )}
          {chosen && (
            <>
              <Callout intent="primary" data-testid="inbound-cts-chosen">
                Waybill {chosen.wayBillRef} · van {chosen.containerVanNum} · from {chosen.cyPullOutName} to {chosen.consigneeName}
              </Callout>
              <FormField label="Trucker" id="inbound-cts-trucker" required error={errors.truckingCode}>
                <HTMLSelect id="inbound-cts-trucker" fill value={truckingCode} onChange={(e) => setTruckingCode(e.currentTarget.value)} data-testid="inbound-cts-trucker"
                  options={[{ value: "", label: "Choose a trucker" }, ...truckers.map((t) => ({ value: t.code, label: `${t.name} (${t.code})` }))]} />
              </FormField>
              <FormField label="Plate No." id="inbound-cts-plate" required error={errors.plateNum}>
                <InputGroup id="inbound-cts-plate" value={plateNum} onValueChange={setPlateNum} maxLength={30} data-testid="inbound-cts-plate" />
              </FormField>
              <FormField label="Driver" id="inbound-cts-driver" required error={errors.driver}>
                <InputGroup id="inbound-cts-driver" value={driver} onValueChange={setDriver} maxLength={80} data-testid="inbound-cts-driver" />
              </FormField>
              <FormField label="Date and time out" id="inbound-cts-time-out" error={errors.dateTimeOut}>
                <InputGroup id="inbound-cts-time-out" type="datetime-local" value={timeOut} data-testid="inbound-cts-time-out"
                  onValueChange={(value) => {
                    setTimeOut(value);
                    setTimeOutTyped(true);
                  }} />
              </FormField>
              <FormField label="Remarks" id="inbound-cts-remarks">
                <InputGroup id="inbound-cts-remarks" value={remarks} onValueChange={setRemarks} maxLength={500} data-testid="inbound-cts-remarks" />
              </FormField>
              {errors.form && <Callout intent="danger" data-testid="inbound-cts-refusal">{errors.form}</Callout>}
            </>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              {chosen && <Button text="Back" onClick={reset} disabled={saving} data-testid="inbound-cts-back" />}
              <Button text="Close" onClick={close} disabled={saving} data-testid="inbound-cts-dialog-close" />
              {chosen && <Button type="submit" intent="primary" text="Issue CTS" loading={saving} data-testid="inbound-cts-save" />}
            </>
          }
        />
      </form>
    </Dialog>
  );
}
