import "../loading.css";
import { AnchorButton, Button, Checkbox, H5, NonIdealState, Spinner } from "@blueprintjs/core";
import { Disable, Export, Lock, Print, Remove, Search } from "@blueprintjs/icons";
import { Cell, Column } from "@blueprintjs/table";
import { useState } from "react";
import { confirmPrompt } from "../../../components/ConfirmPrompt.tsx";
import { DataTable } from "../../../components/DataTable.tsx";
import { DownloadButton } from "../../../components/DownloadButton.tsx";
import { RowAction, RowActions, textCells } from "../../../components/list-cells.tsx";
import { AppLink, PageHeader } from "../../../components/PageHeader.tsx";
import { useRecord } from "../../../lib/data/load.ts";
import { useAddressedRecord } from "../../../lib/data/record.ts";
import { useRowAction } from "../../../lib/data/save.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { type PageProps, PAGES, pathTo } from "../../../lib/paths.ts";
import { ADD_STATUS, type LoadListWaybill, OPEN_RELEASE, type ReleaseDetail } from "../api/loading-contracts.ts";
import { cancelRelease, loadListPrintUrl, loadListWorkbook, readLoadList, readRelease, releaseRelease, updateRelease } from "../api/load-lists.ts";
import { ReleaseTypeTag } from "../components/LoadingTags.tsx";
import { VoyageFacts } from "../../../components/VoyageFacts.tsx";
import { vansOf } from "../loading-words.ts";

/** The status a load list update takes a waybill off with: anything but 'add' (001 §4). */
const TAKE_OFF = "cancel";

/**
 * One release of a voyage's load list (001 §2 /outbound/loadList/{voyageNum}/read/{releaseId}): the waybills on
 * it and those taken off it. While it is a Partial Release, ticked waiting waybills go on it and a waybill on it
 * can be taken off; then it is released (Final Release) or cancelled (Draft, every waybill back to Draft).
 */
export default function LoadListReleasePage({ params }: PageProps) {
  const voyageNum = params.voyageNum ?? "";
  const releaseId = params.releaseId ?? "";
  const [state, setRelease] = useAddressedRecord(`${voyageNum}/${releaseId}`, () => readRelease(releaseId).then((r) => r.data), `Release ${releaseId} was not found.`);
  const release: ReleaseDetail | null = state.kind === "ready" ? state.value : null;
  const isOpen = release?.releaseType === OPEN_RELEASE;
  // The voyage and what waits for its list; read again after each change.
  const list = useRecord(release ? `${release.voyageNum}:${release.dateModified}` : null, () => readLoadList(release!.voyageNum).then((r) => r.data), {
    quiet: () => true,
  });
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const writes = useRowAction<string>();
  const crumbs = [{ text: "Outbound", href: PAGES.outbound }, { text: "Load list", href: pathTo(PAGES.loadList, { voyageNum }) }];

  if (!release) {
    return (
      <div className="lading-page" data-testid="release-page">
        <PageHeader title={`Release ${releaseId}`} crumbs={crumbs} />
        {state.kind === "loading" ? <Spinner /> : (
          <NonIdealState icon={<Search size={32} />} title="Release not found" description={state.kind === "missing" ? state.message : undefined}
            action={<AppLink to={pathTo(PAGES.loadList, { voyageNum })}>Back to the load list</AppLink>} />
        )}
      </div>
    );
  }

  const waiting = isOpen ? list.data?.waiting ?? [] : [];
  const change = (key: string, work: () => Promise<{ data: ReleaseDetail; message: string }>) =>
    void writes.run(key, async () => {
      const answer = await work();
      setRelease(answer.data);
      setTicked(new Set());
      return answer;
    }, () => {});

  const putOn = () => change("add", () => updateRelease(release.releaseId, release.dateModified, [...ticked].map((wayBillRef) => ({ wayBillRef, status: ADD_STATUS }))));

  const takeOff = async (w: LoadListWaybill) => {
    const sure = await confirmPrompt({
      title: "Take the waybill off",
      description: `Take waybill ${w.wayBillRef} off release ${release.releaseId}? It goes back to Draft and waits for the load list again.`,
      actionText: "Take off",
      intent: "warning",
    });
    if (sure) change(w.wayBillRef, () => updateRelease(release.releaseId, release.dateModified, [{ wayBillRef: w.wayBillRef, status: TAKE_OFF }]));
  };

  const release_ = async () => {
    const sure = await confirmPrompt({
      title: "Release",
      description: `Release ${release.releaseId} with its ${release.waybillCount} waybill${release.waybillCount === 1 ? "" : "s"}? Its waybills no longer change once it is released.`,
      actionText: "Release",
      intent: "primary",
    });
    if (sure) change("release", () => releaseRelease(release.releaseId, release.dateModified));
  };

  const cancel = async () => {
    const sure = await confirmPrompt({
      title: "Cancel release",
      description: `Cancel release ${release.releaseId}? Every waybill on it goes back to Draft.`,
      actionText: "Cancel release",
      intent: "danger",
    });
    if (sure) change("cancel", () => cancelRelease(release.releaseId, release.dateModified));
  };

  const onIt = release.waybills;
  const text = textCells(onIt, { tooltip: true });
  const waitingText = textCells(waiting, { tooltip: true });
  const removedText = textCells(release.removed, { tooltip: true });
  const toggle = (ref: string) =>
    setTicked((old) => {
      const next = new Set(old);
      if (next.has(ref)) next.delete(ref);
      else next.add(ref);
      return next;
    });

  return (
    <div className="lading-page" data-testid="release-page">
      <PageHeader
        title={`Release ${release.releaseId}`}
        crumbs={crumbs}
        actions={
          <>
            {isOpen && (
              <>
                <Button intent="primary" icon={<Lock />} text="Release" loading={writes.busy === "release"} disabled={writes.busy !== null || onIt.length === 0}
                  onClick={() => void release_()} data-testid="release-release" />
                <Button intent="danger" icon={<Disable />} text="Cancel release" loading={writes.busy === "cancel"} disabled={writes.busy !== null}
                  onClick={() => void cancel()} data-testid="release-cancel" />
              </>
            )}
            <AnchorButton icon={<Print />} text="Print" href={loadListPrintUrl(release.voyageNum, release.releaseId)} target="_blank" rel="noopener"
              data-testid="release-print" />
            <DownloadButton build={() => loadListWorkbook(release.voyageNum, release.releaseId)} text="Load_List.xlsx" testId="release-download" />
          </>
        }
      />
      {list.data && (
        <VoyageFacts voyage={list.data.voyage}>
          <dt>Release</dt>
          <dd><ReleaseTypeTag type={release.releaseType} testId="release-type" /></dd>
          <dt>Waybills</dt>
          <dd data-testid="release-count">{release.waybillCount} ({release.teu} TEU)</dd>
          <dt>Opened</dt>
          <dd>{formatDateTime(release.dateCreated)} · {release.userCreated}</dd>
          <dt>{release.dateCancelled ? "Cancelled" : "Released"}</dt>
          <dd>
            {release.dateCancelled
              ? `${formatDateTime(release.dateCancelled)} · ${release.cancelledBy ?? ""}`
              : release.dateReleased ? `${formatDateTime(release.dateReleased)} · ${release.releasedBy ?? ""}` : "Not yet"}
          </dd>
        </VoyageFacts>
      )}

      <H5 className="lading-loading-section">On this release</H5>
      <DataTable numRows={onIt.length} frozen={1} testId="release-waybills">
        <Column name="Waybill" cellRenderer={text((w) => w.wayBillRef, (w) => `release-waybill-${w.wayBillRef}`)} />
        <Column name="Status" cellRenderer={text((w) => w.status, (w) => `release-waybill-status-${w.wayBillRef}`)} />
        <Column name="Booking" cellRenderer={text((w) => w.bookingRef)} />
        <Column name="Shipper" cellRenderer={text((w) => w.shipperName)} />
        <Column name="Destination" cellRenderer={text((w) => w.destinationBranchCode)} />
        <Column name="Van" cellRenderer={text(vansOf, (w) => `release-waybill-van-${w.wayBillRef}`)} />
        <Column name="Seal" cellRenderer={text((w) => w.sealNum)} />
        <Column name="Goods" cellRenderer={text((w) => w.goods)} />
        <Column name="TEU" cellRenderer={text((w) => String(w.quantityTeu))} />
        <Column name="Added" cellRenderer={text((w) => (w.dateAdded ? `${formatDateTime(w.dateAdded)} · ${w.addedBy ?? ""}` : ""))} />
        <Column name="Actions" cellRenderer={(row) => {
          const w = onIt[row];
          if (!w) return <Cell />;
          return (
            <Cell interactive className="lading-actions-cell">
              <RowActions>
                <RowAction icon={<Remove />} label="Take off" hint={isOpen ? "Take it off the release" : "The release no longer changes"}
                  disabled={!isOpen || writes.busy !== null} onClick={() => void takeOff(w)} data-testid={`release-take-off-${w.wayBillRef}`} />
              </RowActions>
            </Cell>
          );
        }} />
      </DataTable>
      {onIt.length === 0 && <NonIdealState title="No waybill on it" description={isOpen ? "Tick the waiting waybills below and put them on." : undefined} />}

      {isOpen && (
        <>
          <H5 className="lading-loading-section">Waiting for the load list</H5>
          <div className="lading-loading-pick">
            <Button intent="primary" icon={<Export />} text={`Put ${ticked.size} on this release`} disabled={ticked.size === 0 || writes.busy !== null}
              loading={writes.busy === "add"} onClick={putOn} data-testid="release-put-on" />
          </div>
          <DataTable numRows={waiting.length} frozen={1} testId="release-waiting">
            <Column name="" cellRenderer={(row) => {
              const w = waiting[row];
              return (
                <Cell interactive>
                  {w && <Checkbox checked={ticked.has(w.wayBillRef)} onChange={() => toggle(w.wayBillRef)} aria-label={`Put ${w.wayBillRef} on the release`}
                    data-testid={`release-pick-${w.wayBillRef}`} />}
                </Cell>
              );
            }} />
            <Column name="Waybill" cellRenderer={waitingText((w) => w.wayBillRef, (w) => `release-waiting-${w.wayBillRef}`)} />
            <Column name="Booking" cellRenderer={waitingText((w) => w.bookingRef)} />
            <Column name="Shipper" cellRenderer={waitingText((w) => w.shipperName)} />
            <Column name="Destination" cellRenderer={waitingText((w) => w.destinationBranchCode)} />
            <Column name="Van" cellRenderer={waitingText(vansOf)} />
            <Column name="Goods" cellRenderer={waitingText((w) => w.goods)} />
          </DataTable>
          {!list.loading && waiting.length === 0 && <NonIdealState title="Nothing waiting" description="Every Draft waybill of the voyage is on a release." />}
        </>
      )}

      {release.removed.length > 0 && (
        <>
          <H5 className="lading-loading-section">Taken off</H5>
          <DataTable numRows={release.removed.length} frozen={1} testId="release-removed">
            <Column name="Waybill" cellRenderer={removedText((r) => r.wayBillRef, (r) => `release-removed-${r.wayBillRef}`)} />
            <Column name="Added" cellRenderer={removedText((r) => `${formatDateTime(r.dateAdded)} · ${r.addedBy}`)} />
            <Column name="Taken off" cellRenderer={removedText((r) => `${formatDateTime(r.dateRemoved)} · ${r.removedBy}`)} />
          </DataTable>
        </>
      )}
    </div>
  );
}
