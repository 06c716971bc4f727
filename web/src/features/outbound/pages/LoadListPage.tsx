import "../loading.css";
import { AnchorButton, Button, H5, NonIdealState, Spinner } from "@blueprintjs/core";
import { Add, DocumentOpen, Print, Search, TickCircle } from "@blueprintjs/icons";
import { Cell, Column } from "@blueprintjs/table";
import { useLocation } from "wouter";
import { DataTable } from "../../../components/DataTable.tsx";
import { DownloadButton } from "../../../components/DownloadButton.tsx";
import { actionsCell, RowAction, textCells } from "../../../components/list-cells.tsx";
import { AppLink, PageHeader } from "../../../components/PageHeader.tsx";
import { useAddressedRecord } from "../../../lib/data/record.ts";
import { useRowAction } from "../../../lib/data/save.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { type PageProps, PAGES, pathTo } from "../../../lib/paths.ts";
import type { LoadListWaybill, ReleaseRow } from "../api/loading-contracts.ts";
import { createRelease, loadListPrintUrl, loadListWorkbook, readLoadList } from "../api/load-lists.ts";
import { ReleaseTypeTag } from "../components/LoadingTags.tsx";
import { VoyageFacts } from "../../../components/VoyageFacts.tsx";
import { vansOf } from "../loading-words.ts";

/**
 * A voyage's load list at its origin (001 §2 /outbound/loadList/{voyageNum}): its releases, newest first, and
 * the Draft waybills of the voyage still waiting to go on one. A new release opens on its own page, where the
 * waybills are put on it.
 */
export default function LoadListPage({ params }: PageProps) {
  const voyageNum = params.voyageNum ?? "";
  const [, navigate] = useLocation();
  const [state] = useAddressedRecord(voyageNum, () => readLoadList(voyageNum).then((r) => r.data), `Voyage ${voyageNum} has no load list you can see.`);
  const opening = useRowAction<string>();
  const crumbs = [{ text: "Outbound", href: PAGES.outbound }];

  if (state.kind !== "ready") {
    return (
      <div className="lading-page" data-testid="load-list-page">
        <PageHeader title={`Load list ${voyageNum}`} crumbs={crumbs} />
        {state.kind === "loading" ? <Spinner /> : (
          <NonIdealState icon={<Search size={32} />} title="Load list not found" description={state.message}
            action={<AppLink to={PAGES.outbound}>Back to Outbound</AppLink>} />
        )}
      </div>
    );
  }
  const { voyage, releases, waiting } = state.value;
  const readPath = (releaseId: string) => pathTo(PAGES.loadListEntry, { voyageNum: voyage.voyageNum, releaseId });

  // The new release opens on its own page once the save is done (leaving is guarded while it runs).
  const open = () => {
    let made = "";
    void opening.run("new", async () => {
      const answer = await createRelease(voyage.voyageNum, "");
      made = answer.data.releaseId;
      return answer;
    }, () => {
      if (made) navigate(readPath(made));
    });
  };

  const releaseText = textCells(releases, { tooltip: true });
  const releaseActions = actionsCell(releases, null, (r) => (
    <>
      <RowAction icon={<DocumentOpen />} label="Open" hint="Open the release" onClick={() => navigate(readPath(r.releaseId))}
        data-testid={`release-open-${r.releaseId}`} />
      <RowAction icon={<Print />} label="Print" hint="Print the release (PDF)" href={loadListPrintUrl(voyage.voyageNum, r.releaseId)} target="_blank"
        data-testid={`release-print-${r.releaseId}`} />
    </>
  ));
  const waitingText = textCells(waiting, { tooltip: true });

  return (
    <div className="lading-page" data-testid="load-list-page">
      <PageHeader
        title={`Load list ${voyage.voyageRef}`}
        crumbs={crumbs}
        actions={
          <>
            <Button intent="primary" icon={<Add />} text="New release" loading={opening.busy === "new"} onClick={open} data-testid="release-new" />
            <AnchorButton icon={<Print />} text="Print load list" href={loadListPrintUrl(voyage.voyageNum)} target="_blank" rel="noopener"
              data-testid="load-list-print" />
            <DownloadButton build={() => loadListWorkbook(voyage.voyageNum)} text="Load_List.xlsx" testId="load-list-download" />
            <Button icon={<TickCircle />} text="Tally sheet" onClick={() => navigate(pathTo(PAGES.loadingTallySheet, { voyageNum: voyage.voyageNum }))}
              data-testid="load-list-tally" />
          </>
        }
      />
      <VoyageFacts voyage={voyage} />
      <H5 className="lading-loading-section">Releases</H5>
      <DataTable numRows={releases.length} frozen={1} testId="release-table">
        <Column name="Release" cellRenderer={releaseText((r: ReleaseRow) => r.releaseId, (r) => `release-row-${r.releaseId}`)} />
        <Column name="Type" cellRenderer={(row) => (
          <Cell>{releases[row] && <ReleaseTypeTag type={releases[row].releaseType} testId={`release-type-${releases[row].releaseId}`} />}</Cell>
        )} />
        <Column name="Waybills" cellRenderer={releaseText((r) => String(r.waybillCount), (r) => `release-count-${r.releaseId}`)} />
        <Column name="TEU" cellRenderer={releaseText((r) => String(r.teu))} />
        <Column name="Opened" cellRenderer={releaseText((r) => `${formatDateTime(r.dateCreated)} · ${r.userCreated}`)} />
        <Column name="Released" cellRenderer={releaseText((r) => (r.dateReleased ? `${formatDateTime(r.dateReleased)} · ${r.releasedBy ?? ""}` : ""))} />
        <Column name="Cancelled" cellRenderer={releaseText((r) => (r.dateCancelled ? `${formatDateTime(r.dateCancelled)} · ${r.cancelledBy ?? ""}` : ""))} />
        <Column name="Remarks" cellRenderer={releaseText((r) => r.remarks)} />
        <Column name="Actions" cellRenderer={releaseActions} />
      </DataTable>
      {releases.length === 0 && <NonIdealState title="No release yet" description="Open a release to put this voyage's waybills on its load list." />}

      <H5 className="lading-loading-section">Waybills waiting for the load list</H5>
      <DataTable numRows={waiting.length} frozen={1} testId="waiting-table">
        <Column name="Waybill" cellRenderer={waitingText((w: LoadListWaybill) => w.wayBillRef, (w) => `waiting-row-${w.wayBillRef}`)} />
        <Column name="Booking" cellRenderer={waitingText((w) => w.bookingRef)} />
        <Column name="Shipper" cellRenderer={waitingText((w) => w.shipperName)} />
        <Column name="Destination" cellRenderer={waitingText((w) => w.destinationBranchCode)} />
        <Column name="Van" cellRenderer={waitingText(vansOf)} />
        <Column name="Goods" cellRenderer={waitingText((w) => w.goods)} />
        <Column name="TEU" cellRenderer={waitingText((w) => String(w.quantityTeu))} />
      </DataTable>
      {waiting.length === 0 && <NonIdealState title="Nothing waiting" description="Every waybill of this voyage is on its load list." />}
    </div>
  );
}
