import { Button, Dialog, DialogBody, DialogFooter, Spinner } from "@blueprintjs/core";
import { DownloadButton } from "../../../components/DownloadButton.tsx";
import { useOpenings, useRecord } from "../../../lib/data/load.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { deliveryListWorkbook, readDeliveryList } from "../api/dispatch.ts";
import { DeliveryLinesTable } from "./DeliveryLinesTable.tsx";

/** One delivery list read whole, with its workbook: a draft as the deliveries stand, a sent one as the team received it. */
export function DeliveryListDialog(props: { dispatchNum: string | null; onClose: () => void }) {
  const { dispatchNum, onClose } = props;
  const isOpen = dispatchNum !== null;
  const opening = useOpenings(isOpen);
  const record = useRecord(isOpen && opening ? `${opening}:${dispatchNum}` : null, () => readDeliveryList(dispatchNum!).then((r) => r.data), { keepStale: false });
  const d = record.data;

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={dispatchNum ? `Delivery list ${dispatchNum}` : "Delivery list"} className="lading-form-dialog lading-delivery-dialog">
      <DialogBody>
        {record.loading && <Spinner size={30} />}
        {d && (
          <div data-testid="delivery-read">
            <dl className="lading-kv lading-kv-plain lading-delivery-facts">
              <dt>Voyage</dt><dd>{d.voyageNum} ({d.voyageRef}, {d.vesselName})</dd>
              <dt>Branch</dt><dd>{d.branchCode} · {d.branchName}</dd>
              <dt>Status</dt><dd data-testid="delivery-read-status">{d.status}</dd>
              {d.dateSent && <><dt>Sent</dt><dd>{formatDateTime(d.dateSent)} by {d.sentBy}</dd></>}
              {d.dateArchived && <><dt>Archived</dt><dd>{formatDateTime(d.dateArchived)} by {d.archivedBy}</dd></>}
              {d.remarks && <><dt>Remarks</dt><dd>{d.remarks}</dd></>}
            </dl>
            <p className="lading-cts-booking">
              {d.status === "Draft" ? "The released door deliveries as they stand now; sending keeps them as they are then." : "The lines as the dispatch team received them."}
            </p>
            <DeliveryLinesTable lines={d.lines} testId="delivery-read-lines" />
          </div>
        )}
      </DialogBody>
      <DialogFooter actions={
        <>
          {d && <DownloadButton build={() => deliveryListWorkbook(d.dispatchNum)} testId="delivery-read-download" />}
          <Button text="Close" onClick={onClose} data-testid="delivery-read-close" />
        </>
      } />
    </Dialog>
  );
}
