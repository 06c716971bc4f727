import { Alert, Button, Callout, Checkbox, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, Spinner } from "@blueprintjs/core";
import { GitBranch, Office } from "@blueprintjs/icons";
import { useAtom } from "jotai";
import { useEffect, useRef, useState } from "react";
import { updateUserBranch, updateUserCy } from "../../lib/account.ts";
import { useRecord } from "../../lib/data/load.ts";
import { loadPicker } from "../../lib/data/pickers.ts";
import { useFormSave } from "../../lib/data/save.ts";
import { errorText } from "../../lib/notify.ts";
import { AFTER_SUCCESS_DELAY_MS } from "../../lib/session-rules.ts";
import type { SessionUser } from "../../lib/session.ts";
import { entryDialogAtom } from "./entry-state.ts";

/** 000 §5, word for word. */
export const CY_EMPTY = "Error: CY is Empty";
export const BRANCH_ID_MISSING = "Error: ID not found! Please try to re-Login and try again.";
const BRANCH_EMPTY = "Choose the branch you work from before you submit.";

interface AlertState {
  text: string;
  testId: string;
}

/** A CY or branch change reaches every screen most simply by loading the app again (000 §8). */
const closeAndReload = (onClose: () => void) => () => {
  onClose();
  setTimeout(() => window.location.reload(), AFTER_SUCCESS_DELAY_MS);
};

function SavingText({ saving, idle }: { saving: boolean; idle: string }) {
  return saving ? <><Spinner size={14} className="lading-inline-spinner" /> Saving…</> : <>{idle}</>;
}

function ChooseCyDialog({ user, onClose, onAlert }: { user: SessionUser; onClose: () => void; onAlert: (alert: AlertState) => void }) {
  const [cy, setCy] = useState(user.userCy ?? "");
  const { saving, save } = useFormSave();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (cy === "") {
      onAlert({ text: CY_EMPTY, testId: "cy-empty-alert" });
      return;
    }
    await save(() => updateUserCy(user, cy), { onSaved: closeAndReload(onClose), onFieldErrors: () => {} });
  };

  return (
    <Dialog isOpen onClose={saving ? undefined : onClose} canOutsideClickClose={false} canEscapeKeyClose={!saving} title="Choose CY" icon={<Office />} className="lading-form-dialog">
      <form onSubmit={submit} noValidate data-testid="choose-cy-dialog">
        <DialogBody>
          <FormGroup label="Container yard" labelFor="choose-cy" helperText="The CY you work at now; the screens of the DAT follow it.">
            <HTMLSelect id="choose-cy" fill value={cy} onChange={(e) => setCy(e.currentTarget.value)} disabled={saving} data-testid="cy-select">
              <option value="" />
              {user.allCy.map((item) => (
                <option key={item.code} value={item.code}>{item.code} · {item.name}</option>
              ))}
            </HTMLSelect>
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} disabled={saving} data-testid="cy-cancel" />
              <Button type="submit" intent="primary" disabled={saving} data-testid="cy-submit">
                <SavingText saving={saving} idle="Submit" />
              </Button>
            </>
          }
        />
      </form>
    </Dialog>
  );
}

interface BranchChoice {
  id: number | null;
  branchCode: string;
  branchName: string;
}

function ChooseBranchDialog({ user, onClose, onAlert }: { user: SessionUser; onClose: () => void; onAlert: (alert: AlertState) => void }) {
  const own = user.branches.length > 0;
  // A user without branches of their own picks from every active branch; a failed read is said in place.
  const active = useRecord(own ? null : "branches", () => loadPicker("branches", true), { quiet: () => true });
  const choices: BranchChoice[] | null = own
    ? user.branches
    : active.data?.map((b) => ({ id: b.id ?? null, branchCode: b.code, branchName: b.name })) ?? null;
  const loadError = active.error !== null ? errorText(active.error) : null;
  const [chosen, setChosen] = useState<string | null>(user.branches.find((b) => b.defaultBranch)?.branchCode ?? null);
  const { saving, save } = useFormSave();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const branch = choices?.find((b) => b.branchCode === chosen);
    if (!branch) {
      onAlert({ text: BRANCH_EMPTY, testId: "branch-alert" });
      return;
    }
    if (!branch.id) {
      onAlert({ text: BRANCH_ID_MISSING, testId: "branch-alert" });
      onClose();
      return;
    }
    await save(() => updateUserBranch(user, branch.id!), { onSaved: closeAndReload(onClose), onFieldErrors: () => {} });
  };

  return (
    <Dialog isOpen onClose={saving ? undefined : onClose} canOutsideClickClose={false} canEscapeKeyClose={!saving} title="Choose Branch" icon={<GitBranch />} className="lading-form-dialog">
      <form onSubmit={submit} noValidate data-testid="choose-branch-dialog">
        <DialogBody>
          <p>Tick the branch you work from. Only one branch can be your default.</p>
          {loadError && <Callout intent="danger">{loadError}</Callout>}
          {!choices && !loadError && <Spinner size={20} />}
          {choices?.length === 0 && <Callout intent="warning">There is no active branch to choose from. Ask your administrator.</Callout>}
          <div className="lading-branch-list" role="group" aria-label="Branches">
            {choices?.map((branch) => (
              <Checkbox
                key={branch.branchCode}
                checked={chosen === branch.branchCode}
                disabled={saving}
                label={`${branch.branchName} (${branch.branchCode})`}
                // Ticking one branch unticks the others: there is exactly one default.
                onChange={(e) => setChosen(e.currentTarget.checked ? branch.branchCode : null)}
                data-testid={`branch-option-${branch.branchCode}`}
              />
            ))}
          </div>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} disabled={saving} data-testid="branch-cancel" />
              <Button type="submit" intent="primary" disabled={saving || !choices} data-testid="branch-submit">
                <SavingText saving={saving} idle="Submit" />
              </Button>
            </>
          }
        />
      </form>
    </Dialog>
  );
}

function OptionsDialog({ onChoose, onClose }: { onChoose: (dialog: "cy" | "branch") => void; onClose: () => void }) {
  return (
    <Dialog isOpen onClose={onClose} title="Options To Choose" className="lading-form-dialog">
      <div data-testid="options-dialog">
        <DialogBody>
          <p>What do you want to change?</p>
          <div className="lading-option-buttons">
            <Button size="large" icon={<Office />} text="CY" onClick={() => onChoose("cy")} data-testid="option-cy" />
            <Button size="large" icon={<GitBranch />} text="BRANCH" onClick={() => onChoose("branch")} data-testid="option-branch" />
          </div>
        </DialogBody>
        <DialogFooter actions={<Button text="Cancel" onClick={onClose} data-testid="options-cancel" />} />
      </div>
    </Dialog>
  );
}

/** The three entry dialogs and their alerts; loaded on first use, so the sign-in page does not carry them. */
export default function EntryDialogs({ user }: { user: SessionUser }) {
  const [open, setOpen] = useAtom(entryDialogAtom);
  const [alert, setAlert] = useState<AlertState | null>(null);
  // Keep the alert's text while its closing animation plays.
  const lastAlert = useRef<AlertState | null>(null);
  if (alert) lastAlert.current = alert;
  const shown = alert ?? lastAlert.current;
  const close = () => setOpen(null);

  useEffect(() => {
    if (!alert) return;
    // Escape dismisses the alert and only the alert, even when pressed before the alert has taken the focus
    // from the dialog beneath it (the dialog would otherwise close instead).
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.stopPropagation();
      event.preventDefault();
      setAlert(null);
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, [alert]);
  return (
    <>
      {open === "cy" && <ChooseCyDialog user={user} onClose={close} onAlert={setAlert} />}
      {open === "branch" && <ChooseBranchDialog user={user} onClose={close} onAlert={setAlert} />}
      {open === "options" && <OptionsDialog onChoose={setOpen} onClose={close} />}
      <Alert
        isOpen={alert !== null}
        intent="danger"
        confirmButtonText="OK"
        canEscapeKeyCancel
        canOutsideClickCancel
        onClose={() => setAlert(null)}
      >
        <p data-testid={shown?.testId}>{shown?.text}</p>
      </Alert>
    </>
  );
}
