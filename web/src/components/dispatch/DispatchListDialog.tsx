import "./dispatch.css";
import { Button, Dialog, DialogBody, DialogFooter, Spinner } from "@blueprintjs/core";
import { DownloadButton } from "../DownloadButton.tsx";
import { useOpenings, useRecord } from "../../lib/data/load.ts";
import { formatDateTime } from "../../lib/format.ts";
import { DispatchLinesTable } from "./DispatchLinesTable.tsx";
import type { DispatchCalls, DispatchWords } from "./DispatchListsScreen.tsx";

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * One dispatch list read whole: a draft with its lines as they stand, a sent or archived one with the lines the
 * team received; with its workbook where the direction has one.
 */
export function DispatchListDialog(props: { words: DispatchWords; calls: DispatchCalls; dispatchNum: string | null; onClose: () => void }) {
  const { words, calls, dispatchNum, onClose } = props;
  const id = (what: string) => `${words.testIdPrefix}-read${what ? `-${what}` : ""}`;
  const title = capitalised(words.list);
  const isOpen = dispatchNum !== null;
  const opening = useOpenings(isOpen);
  const record = useRecord(isOpen && opening ? `${opening}:${dispatchNum}` : null, () => calls.read(dispatchNum!).then((r) => r.data), { keepStale: false });
  const d = record.data;
  const workbook = calls.workbook;

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={dispatchNum ? `${title} ${dispatchNum}` : title} className="lading-form-dialog lading-dispatch-dialog">
      <DialogBody>
        {record.loading && <Spinner size={30} />}
        {d && (
          <div data-testid={id("")}>
            <dl className="lading-kv lading-kv-plain lading-dispatch-facts">
              <dt>Voyage</dt><dd>{d.voyageNum} ({d.voyageRef}, {d.vesselName})</dd>
              <dt>Branch</dt><dd>{d.branchCode} · {d.branchName}</dd>
              <dt>Status</dt><dd data-testid={id("status")}>{d.status}</dd>
              {d.dateSent && <><dt>Sent</dt><dd>{formatDateTime(d.dateSent)} by {d.sentBy}</dd></>}
              {d.dateArchived && <><dt>Archived</dt><dd>{formatDateTime(d.dateArchived)} by {d.archivedBy}</dd></>}
              {d.remarks && <><dt>Remarks</dt><dd>{d.remarks}</dd></>}
            </dl>
            <p className="lading-cts-booking">
              {d.status === "Draft" ? `${words.draftLines} as they stand now; sending keeps them as they are then.` : "The lines as the dispatch team received them."}
            </p>
            <DispatchLinesTable lines={d.lines} testId={id("lines")} />
          </div>
        )}
      </DialogBody>
      <DialogFooter actions={
        <>
          {d && workbook && <DownloadButton build={() => workbook(d.dispatchNum)} testId={id("download")} />}
          <Button text="Close" onClick={onClose} data-testid={id("close")} />
        </>
      } />
    </Dialog>
  );
}
