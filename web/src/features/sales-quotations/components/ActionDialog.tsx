import { Button, Dialog, DialogBody, DialogFooter, TextArea } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { FormField } from "../../../components/FormDialog.tsx";
import type { SqAction } from "../api/contracts.ts";
import { ACTION_LOOK } from "../rules.ts";

/** Every step asks for remarks first; they go into the quotation's history with the step. */
export function ActionDialog(props: { action: SqAction | null; sqRefNum: string; busy: boolean; onClose: () => void; onConfirm: (remarks: string) => void }) {
  const { action, busy } = props;
  const [remarks, setRemarks] = useState("");
  useEffect(() => {
    if (action) setRemarks("");
  }, [action]);
  const look = action ? ACTION_LOOK[action] : null;
  return (
    <Dialog isOpen={action !== null} title={look ? `${look.title}: ${props.sqRefNum}` : ""} onClose={busy ? undefined : props.onClose}
      canEscapeKeyClose={!busy} canOutsideClickClose={false} className="lading-form-dialog">
      <form
        noValidate
        data-testid="sq-action-form"
        onSubmit={(e) => {
          e.preventDefault();
          props.onConfirm(remarks.trim());
        }}
      >
        <DialogBody>
          <FormField label="Remarks" id="sq-action-remarks" helper="Kept in the quotation's history">
            <TextArea id="sq-action-remarks" fill rows={3} maxLength={1000} autoFocus value={remarks}
              onChange={(e) => setRemarks(e.currentTarget.value)} data-testid="sq-action-remarks" />
          </FormField>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Back" onClick={props.onClose} disabled={busy} />
              <Button type="submit" intent={look?.intent ?? "primary"} text={look?.confirm ?? "OK"} loading={busy} data-testid="sq-action-confirm" />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
