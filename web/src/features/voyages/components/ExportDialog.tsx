import { Button, Dialog, DialogBody, DialogFooter } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { TextField } from "../../../components/FormDialog.tsx";
import { ApiError } from "../../../lib/api.ts";
import { useDownload } from "../../../lib/download.ts";
import { scheduleWorkbook } from "../api/voyages.ts";
import { addCalendarDays, manilaToday } from "../../../../../api/shared/dates.ts";

type Errors = Partial<Record<"DateFrom" | "DateTo", string>>;

/** Asks for the departure range of voyage_schedule.xlsx (Manila dates), then hands the server's workbook to the browser. */
export function ExportDialog(props: { isOpen: boolean; onClose: () => void }) {
  const { isOpen, onClose } = props;
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const download = useDownload();
  const busy = download.busy;

  useEffect(() => {
    if (!isOpen) return;
    // A month either side of today covers what schedulers usually pass on.
    const today = manilaToday();
    setFrom(addCalendarDays(today, -30));
    setTo(addCalendarDays(today, 30));
    setErrors({});
  }, [isOpen]);

  const run = async (event: React.FormEvent) => {
    event.preventDefault();
    // An empty date is left to the server: no dates give the 30 days either side of today, one date the 60
    // days from it (reportRange of the voyages schemas).
    const local: Errors = {};
    if (from && to && to < from) local.DateTo = "DateTo cannot be before DateFrom";
    if (Object.keys(local).length > 0) {
      setErrors(local);
      return;
    }
    const saved = await download.run(() => scheduleWorkbook(from, to), (error) => {
      if (error instanceof ApiError) setErrors(error.fieldErrors);
    });
    if (saved) onClose();
  };

  return (
    <Dialog isOpen={isOpen} onClose={busy ? undefined : onClose} canOutsideClickClose={false} title="Export voyage_schedule.xlsx"
      className="lading-form-dialog">
      <form noValidate onSubmit={run} data-testid="voyage-export-form">
        <DialogBody>
          <p>Every voyage departing within these dates (Manila), earliest first. Left empty, the 30 days either side of today.</p>
          <TextField label="DateFrom" id="voyage-export-from" type="date" error={errors.DateFrom} value={from}
            onValueChange={(v) => {
              setFrom(v);
              setErrors({});
            }} data-testid="voyage-export-from" />
          <TextField label="DateTo" id="voyage-export-to" type="date" error={errors.DateTo} value={to}
            onValueChange={(v) => {
              setTo(v);
              setErrors({});
            }} data-testid="voyage-export-to" />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} disabled={busy} />
              <Button type="submit" intent="primary" text="Export" loading={busy} data-testid="voyage-export-run" />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
