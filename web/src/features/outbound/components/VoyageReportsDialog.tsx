import { AnchorButton, Button, Classes, Dialog, DialogBody, DialogFooter, Spinner } from "@blueprintjs/core";
import { Print } from "@blueprintjs/icons";
import { DownloadButton } from "../../../components/DownloadButton.tsx";
import { useOpenings, useRecord } from "../../../lib/data/load.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { buildupPrintUrl, downloadVoyageWorkbook, readVoyageReportSummary, VOYAGE_WORKBOOKS } from "../api/voyage-documents.ts";
import { loadReguideHistory } from "../api/reguiding.ts";

/**
 * The Reports panel of a voyage: what its reports hold, the build-up printout and the workbooks (001 §9), each
 * downloaded as the server builds it, and the voyage's reguiding history.
 */
export function VoyageReportsDialog(props: { voyageNum: string | null; onClose: () => void }) {
  const { voyageNum, onClose } = props;
  const isOpen = voyageNum !== null;
  const opening = useOpenings(isOpen);
  const key = isOpen && opening ? `${opening}:${voyageNum}` : null;
  const summary = useRecord(key, () => readVoyageReportSummary(voyageNum!).then((r) => r.data), { keepStale: false });
  const history = useRecord(key, () => loadReguideHistory(voyageNum!).then((r) => r.data), { keepStale: false, quiet: () => true });
  const s = summary.data;

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={voyageNum ? `Reports of ${voyageNum}` : "Reports"} className="lading-form-dialog lading-voyage-reports">
      <DialogBody>
        {summary.loading && <Spinner size={30} />}
        {s && (
          <div data-testid="voyage-reports">
            <dl className="lading-kv lading-kv-plain lading-voyage-reports-facts">
              <dt>Vessel</dt><dd data-testid="voyage-reports-vessel">{s.header.vessel}</dd>
              <dt>Route</dt><dd>{s.header.routes}: {s.header.origin} to {s.header.destinations.map((d) => d.branchName).join(", ")}</dd>
              <dt>Final tally</dt><dd data-testid="voyage-reports-final-tally">{s.header.finalTally ? formatDateTime(s.header.finalTally) : "Not made yet"}</dd>
              <dt>Cargo</dt>
              <dd data-testid="voyage-reports-counts">
                {s.waybills} waybill{s.waybills === 1 ? "" : "s"}, {s.onBoard} on board, {s.empties} empty van{s.empties === 1 ? "" : "s"}, {s.teu} TEU
              </dd>
              <dt>Sheet name</dt><dd data-testid="voyage-reports-sheet">{s.sheetName}</dd>
            </dl>
            <div className="lading-voyage-reports-files">
              <AnchorButton icon={<Print />} text="Build-up report (PDF)" href={buildupPrintUrl(s.header.voyageNum)} target="_blank" rel="noopener"
                data-testid="voyage-reports-buildup-pdf" />
              {VOYAGE_WORKBOOKS.map((w) => (
                <div key={w.path} className="lading-voyage-reports-file">
                  <DownloadButton text={w.fileName} testId={`voyage-reports-${w.path}`} build={() => downloadVoyageWorkbook(w, s.header.voyageNum)} />
                  <span className={Classes.TEXT_MUTED}>{w.title}: {w.about}</span>
                </div>
              ))}
            </div>
            {(history.data?.length ?? 0) > 0 && (
              <>
                <h4 className="lading-voyage-reports-history-title">Reguiding</h4>
                <ul className="lading-voyage-reports-history" data-testid="voyage-reports-history">
                  {history.data!.map((h) => (
                    <li key={h.id}>
                      {formatDateTime(h.dateCreated)} · {h.userCreated} · {h.kind === "Vessel change"
                        ? `vessel ${h.fromVesselCode} to ${h.toVesselCode}`
                        : `${h.bookingRefs.length} booking${h.bookingRefs.length === 1 ? "" : "s"} from ${h.voyageNum} to ${h.toVoyageNum}`}
                      {h.reason ? `: ${h.reason}` : ""}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        )}
      </DialogBody>
      <DialogFooter actions={<Button text="Close" onClick={onClose} data-testid="voyage-reports-close" />} />
    </Dialog>
  );
}
