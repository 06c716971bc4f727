import { Button, Dialog, DialogBody, DialogFooter, Spinner } from "@blueprintjs/core";
import { useOpenings, useRecord } from "../../../lib/data/load.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { readDispatchList } from "../api/dispatch.ts";
import { DispatchLinesTable } from "./DispatchLinesTable.tsx";

/**
 * One dispatch list read whole: a draft with its door bookings as they stand, a sent or archived one with the
 * lines the team received.
 */
export function DispatchListDialog(props: { dispatchNum: string | null; onClose: () => void }) {
  const { dispatchNum, onClose } = props;
  const isOpen = dispatchNum !== null;
  const opening = useOpenings(isOpen);
  const record = useRecord(isOpen && opening ? `${opening}:${dispatchNum}` : null, () => readDispatchList(dispatchNum!).then((r) => r.data), { keepStale: false });
  const d = record.data;

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={dispatchNum ? `Pick-up list ${dispatchNum}` : "Pick-up list"} className="lading-form-dialog lading-dispatch-dialog">
      <DialogBody>
        {record.loading && <Spinner size={30} />}
        {d && (
          <div data-testid="dispatch-read">
            <dl className="lading-kv lading-kv-plain lading-dispatch-facts">
              <dt>Voyage</dt><dd>{d.voyageNum} ({d.voyageRef}, {d.vesselName})</dd>
              <dt>Branch</dt><dd>{d.branchCode} · {d.branchName}</dd>
              <dt>Status</dt><dd data-testid="dispatch-read-status">{d.status}</dd>
              {d.dateSent && <><dt>Sent</dt><dd>{formatDateTime(d.dateSent)} by {d.sentBy}</dd></>}
              {d.dateArchived && <><dt>Archived</dt><dd>{formatDateTime(d.dateArchived)} by {d.archivedBy}</dd></>}
              {d.remarks && <><dt>Remarks</dt><dd>{d.remarks}</dd></>}
            </dl>
            <p className="lading-cts-booking">
              {d.status === "Draft" ? "The door bookings as they stand now; sending keeps them as they are then." : "The lines as the dispatch team received them."}
            </p>
            <DispatchLinesTable lines={d.lines} testId="dispatch-read-lines" />
          </div>
        )}
      </DialogBody>
      <DialogFooter actions={<Button text="Close" onClick={onClose} data-testid="dispatch-read-close" />} />
    </Dialog>
  );
}
