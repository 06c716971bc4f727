import "../inbound.css";
import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, HTMLTable, InputGroup, Tag } from "@blueprintjs/core";
import { useState } from "react";
import { FormField } from "../../../components/FormDialog.tsx";
import { serverMessage } from "../../../lib/api.ts";
import { useDebounced, useRecord } from "../../../lib/data/load.ts";
import { notify } from "../../../lib/notify.ts";
import { createCro, type CroCandidateRow, isUnpaidRefusal, loadCroCandidates } from "../api/cargo-release.ts";

export interface ReleaseDialogProps {
  isOpen: boolean;
  onClose: () => void;
  onReleased: () => void;
}

/**
 * The discharged waybills waiting for a release order, each with accounting's answer (paid, or what is open). A
 * release refused "in BASE Accounting" marks its booking unpaid (001 §8) and shows why.
 */
export function ReleaseDialog({ isOpen, onClose, onReleased }: ReleaseDialogProps) {
  const [search, setSearch] = useState("");
  const [remarks, setRemarks] = useState("");
  const [busy, setBusy] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  /** Bookings a refusal marked unpaid since the list was read. */
  const [unpaid, setUnpaid] = useState<ReadonlySet<string>>(new Set());
  const settled = useDebounced(search.trim());
  const candidates = useRecord(isOpen ? `release-candidates:${settled}` : null, () => loadCroCandidates(settled));
  const rows = candidates.data?.data ?? [];

  const close = () => {
    setRefusal(null);
    setUnpaid(new Set());
    setRemarks("");
    onClose();
  };

  const release = async (row: CroCandidateRow) => {
    setBusy(row.wayBillRef);
    setRefusal(null);
    try {
      const done = await createCro(row.wayBillRef, remarks);
      notify.success(done.message);
      setRemarks("");
      onReleased();
    } catch (error) {
      const message = serverMessage(error);
      if (isUnpaidRefusal(message)) setUnpaid((s) => new Set([...s, row.bookingRef]));
      setRefusal(message);
      notify.error(message);
    } finally {
      setBusy(null);
    }
  };

  const isPaid = (row: CroCandidateRow) => row.paid && !unpaid.has(row.bookingRef);

  return (
    <Dialog isOpen={isOpen} onClose={busy ? undefined : close} title="New cargo release order" className="lading-form-dialog lading-release-dialog">
      <DialogBody>
        <FormField label="Search" id="release-candidate-search">
          <InputGroup id="release-candidate-search" value={search} onValueChange={setSearch} placeholder="Waybill, booking, consignee, van or voyage"
            data-testid="release-candidate-search" />
        </FormField>
        <FormField label="Remarks" id="release-remarks">
          <InputGroup id="release-remarks" value={remarks} onValueChange={setRemarks} maxLength={500} data-testid="release-remarks" />
        </FormField>
        {refusal && <Callout intent="danger" data-testid="release-refusal">{refusal}</Callout>}
        {rows.length === 0
          ? <p className={Classes.TEXT_MUTED} data-testid="release-candidates-empty">{candidates.data?.message ?? "Loading…"}</p>
          : (
            <HTMLTable compact striped data-testid="release-candidates">
              <thead>
                <tr><th>Waybill</th><th>Booking</th><th>Consignee</th><th>Van</th><th>Payment</th><th>Accounting</th><th /></tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.wayBillRef} data-testid={`release-candidate-${row.wayBillRef}`}>
                    <td>{row.wayBillRef}</td>
                    <td>{row.bookingRef}</td>
                    <td>{row.consigneeName}</td>
                    <td>{row.containerVanNum}</td>
                    <td>{row.modeOfPayment}</td>
                    <td>
                      <Tag minimal intent={isPaid(row) ? "success" : "danger"} title={row.paidReason} data-testid={`release-paid-${row.bookingRef}`}>
                        {isPaid(row) ? "Paid" : "Unpaid"}
                      </Tag>
                    </td>
                    <td>
                      <Button small intent="primary" text="Release" loading={busy === row.wayBillRef} disabled={busy !== null}
                        onClick={() => void release(row)} data-testid={`release-release-${row.wayBillRef}`} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
      </DialogBody>
      <DialogFooter actions={<Button text="Close" onClick={close} disabled={busy !== null} data-testid="release-dialog-close" />} />
    </Dialog>
  );
}
