import { AnchorButton, Button, Card, H5, HTMLSelect, NonIdealState, Spinner, Tag } from "@blueprintjs/core";
import { Add, Disable, Print, Remove, Search, Tick, TickCircle } from "@blueprintjs/icons";
import { Cell, Column } from "@blueprintjs/table";
import { useState } from "react";
import { useLocation } from "wouter";
import { confirmPrompt } from "../../../components/ConfirmPrompt.tsx";
import { DataTable } from "../../../components/DataTable.tsx";
import { RowAction, RowActions, textCells } from "../../../components/list-cells.tsx";
import { AppLink, PageHeader } from "../../../components/PageHeader.tsx";
import { VoyageFacts } from "../../../components/VoyageFacts.tsx";
import { useRecord } from "../../../lib/data/load.ts";
import { useRowAction } from "../../../lib/data/save.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { type PageProps, PAGES, pathTo } from "../../../lib/paths.ts";
import type { UnloadListWaybill, UnloadReleaseRow } from "../api/contracts.ts";
import {
  cancelUnloadRelease, createUnloadRelease, readUnloadList, readUnloadRelease, releaseUnloadRelease, unloadListPrintUrl, updateUnloadRelease,
} from "../api/discharge.ts";

const vans = (w: UnloadListWaybill) => [w.containerVanNum, w.tandemContainerVanNum].filter(Boolean).join(" / ");

/**
 * A voyage's unload list at the caller's port of call (001 §2 /inbound/unloadList/{voyageNum}): its releases,
 * newest first; the open release (Partial Release) with its waybills, each taken off with one click; and the
 * waybills loaded for the port still waiting, each put on the open release with one click. The open release is
 * released or cancelled here; the unloading tally sheet opens from the header.
 */
export default function UnloadListPage({ params }: PageProps) {
  const voyageNum = params.voyageNum ?? "";
  const [, navigate] = useLocation();
  const list = useRecord(voyageNum, () => readUnloadList(voyageNum).then((r) => r.data));
  const view = list.data;
  const [port, setPort] = useState<string | null>(null);
  const here = port ?? view?.branchCodes[0] ?? "";
  const open = view?.releases.find((r) => r.branchCode === here && r.releaseType === "Partial Release") ?? null;
  const release = useRecord(open ? `${open.releaseId}|${open.dateModified}` : null, () => readUnloadRelease(open!.releaseId).then((r) => r.data));
  const writes = useRowAction<string>();
  const crumbs = [{ text: "Inbound", href: PAGES.inbound }];

  if (!view) {
    return (
      <div className="lading-page" data-testid="unload-list-page">
        <PageHeader title={`Unload list ${voyageNum}`} crumbs={crumbs} />
        {list.error ? (
          <NonIdealState icon={<Search size={32} />} title="Unload list not found" description={`Voyage ${voyageNum} has no unload list you can see.`}
            action={<AppLink to={PAGES.inbound}>Back to Inbound</AppLink>} />
        ) : <Spinner />}
      </div>
    );
  }
  const after = () => list.reload();
  const releases = view.releases.filter((r) => r.branchCode === here);
  const waiting = view.waiting.filter((w) => w.destinationBranchCode === here);
  const onIt = release.data?.waybills ?? [];
  const current = release.data;

  const move = (wayBillRef: string, status: string) => {
    if (!current) return;
    void writes.run(wayBillRef, () => updateUnloadRelease(current.releaseId, current.dateModified, [{ wayBillRef, status }]), after);
  };
  const finish = async (how: "release" | "cancel") => {
    if (!current) return;
    const sure = await confirmPrompt({
      title: how === "release" ? "Release the unload list" : "Cancel the release",
      description: how === "release"
        ? `Release ${current.releaseId} with ${onIt.length} waybill${onIt.length === 1 ? "" : "s"}? Its waybills no longer change.`
        : `Cancel ${current.releaseId}? Its waybills go off the unload list.`,
      actionText: how === "release" ? "Release" : "Cancel release",
      intent: how === "release" ? "primary" : "danger",
    });
    if (!sure) return;
    void writes.run(how, () => (how === "release" ? releaseUnloadRelease : cancelUnloadRelease)(current.releaseId, current.dateModified), after);
  };

  const releaseText = textCells(releases, { tooltip: true });
  const waitingText = textCells(waiting, { tooltip: true });
  const onText = textCells(onIt, { tooltip: true });

  return (
    <div className="lading-page" data-testid="unload-list-page">
      <PageHeader
        title={`Unload list ${view.voyage.voyageRef}`}
        crumbs={crumbs}
        actions={
          <>
            {view.branchCodes.length > 1 && (
              <HTMLSelect value={here} onChange={(e) => setPort(e.currentTarget.value)} options={view.branchCodes} data-testid="unload-port" />
            )}
            <Button intent="primary" icon={<Add />} text="New release" disabled={!here || open !== null} loading={writes.busy === "new"}
              title={open ? `Release ${open.releaseId} is open` : undefined}
              onClick={() => void writes.run("new", () => createUnloadRelease(view.voyage.voyageNum, here), after)} data-testid="unload-release-new" />
            <AnchorButton icon={<Print />} text="Print unload list" href={unloadListPrintUrl(view.voyage.voyageNum)} target="_blank" rel="noopener"
              data-testid="unload-list-print" />
            <Button icon={<TickCircle />} text="Tally sheet" onClick={() => navigate(pathTo(PAGES.unloadingTallySheet, { voyageNum: view.voyage.voyageNum }))}
              data-testid="unload-list-tally" />
          </>
        }
      />
      <VoyageFacts voyage={view.voyage} />

      {current && (
        <Card className="lading-loading-facts" data-testid="unload-open-release">
          <H5>
            Open release <span data-testid="unload-open-release-id">{current.releaseId}</span>{" "}
            <Tag minimal intent="primary">{current.releaseType}</Tag>
          </H5>
          <div className="lading-loading-pick">
            <Button intent="success" icon={<Tick />} text="Release" disabled={onIt.length === 0 || writes.busy !== null} loading={writes.busy === "release"}
              onClick={() => void finish("release")} data-testid="unload-release-release" />
            <Button intent="danger" icon={<Disable />} text="Cancel release" disabled={writes.busy !== null} loading={writes.busy === "cancel"}
              onClick={() => void finish("cancel")} data-testid="unload-release-cancel" />
          </div>
          <DataTable numRows={onIt.length} frozen={1} testId="unload-on-table">
            <Column name="Waybill" cellRenderer={onText((w: UnloadListWaybill) => w.wayBillRef, (w) => `unload-on-${w.wayBillRef}`)} />
            <Column name="Booking" cellRenderer={onText((w) => w.bookingRef)} />
            <Column name="Consignee" cellRenderer={onText((w) => w.consigneeName)} />
            <Column name="Van" cellRenderer={onText(vans)} />
            <Column name="Goods" cellRenderer={onText((w) => w.goods)} />
            <Column name="TEU" cellRenderer={onText((w) => String(w.quantityTeu))} />
            <Column name="Actions" cellRenderer={(row) => (
              <Cell interactive className="lading-actions-cell">
                {onIt[row] && (
                  <RowActions>
                    <RowAction icon={<Remove />} label="Take off" hint="Take the waybill off the release" disabled={writes.busy !== null}
                      onClick={() => move(onIt[row].wayBillRef, "remove")} data-testid={`unload-take-off-${onIt[row].wayBillRef}`} />
                  </RowActions>
                )}
              </Cell>
            )} />
          </DataTable>
          {onIt.length === 0 && <NonIdealState title="No waybill on it yet" description="Put the waiting waybills on it below." />}
        </Card>
      )}

      <H5 className="lading-loading-section">Waybills loaded for this port, waiting for the unload list</H5>
      <DataTable numRows={waiting.length} frozen={1} testId="unload-waiting-table">
        <Column name="Waybill" cellRenderer={waitingText((w: UnloadListWaybill) => w.wayBillRef, (w) => `unload-waiting-${w.wayBillRef}`)} />
        <Column name="Booking" cellRenderer={waitingText((w) => w.bookingRef)} />
        <Column name="Shipper" cellRenderer={waitingText((w) => w.shipperName)} />
        <Column name="Consignee" cellRenderer={waitingText((w) => w.consigneeName)} />
        <Column name="Van" cellRenderer={waitingText(vans)} />
        <Column name="Goods" cellRenderer={waitingText((w) => w.goods)} />
        <Column name="Actions" cellRenderer={(row) => (
          <Cell interactive className="lading-actions-cell">
            {waiting[row] && (
              <RowActions>
                <RowAction icon={<Add />} label="Put on" hint={current ? `Put on release ${current.releaseId}` : "Open a release first"}
                  disabled={!current || writes.busy !== null} onClick={() => move(waiting[row].wayBillRef, "add")}
                  data-testid={`unload-put-on-${waiting[row].wayBillRef}`} />
              </RowActions>
            )}
          </Cell>
        )} />
      </DataTable>
      {waiting.length === 0 && <NonIdealState title="Nothing waiting" description="Every waybill loaded for this port is on its unload list." />}

      <H5 className="lading-loading-section">Releases</H5>
      <DataTable numRows={releases.length} frozen={1} testId="unload-release-table">
        <Column name="Release" cellRenderer={releaseText((r: UnloadReleaseRow) => r.releaseId, (r) => `unload-release-row-${r.releaseId}`)} />
        <Column name="Type" cellRenderer={releaseText((r) => r.releaseType, (r) => `unload-release-type-${r.releaseId}`)} />
        <Column name="Waybills" cellRenderer={releaseText((r) => String(r.waybillCount), (r) => `unload-release-count-${r.releaseId}`)} />
        <Column name="TEU" cellRenderer={releaseText((r) => String(r.teu))} />
        <Column name="Opened" cellRenderer={releaseText((r) => `${formatDateTime(r.dateCreated)} · ${r.userCreated}`)} />
        <Column name="Released" cellRenderer={releaseText((r) => (r.dateReleased ? `${formatDateTime(r.dateReleased)} · ${r.releasedBy ?? ""}` : ""))} />
        <Column name="Cancelled" cellRenderer={releaseText((r) => (r.dateCancelled ? `${formatDateTime(r.dateCancelled)} · ${r.cancelledBy ?? ""}` : ""))} />
        <Column name="Actions" cellRenderer={(row) => (
          <Cell interactive className="lading-actions-cell">
            {releases[row] && (
              <RowActions>
                <RowAction icon={<Print />} label="Print" hint="Print the release (PDF)" href={unloadListPrintUrl(view.voyage.voyageNum, releases[row].releaseId)}
                  target="_blank" data-testid={`unload-release-print-${releases[row].releaseId}`} />
              </RowActions>
            )}
          </Cell>
        )} />
      </DataTable>
      {releases.length === 0 && <NonIdealState title="No release yet" description="Open a release to put the waybills loaded for this port on its unload list." />}
    </div>
  );
}
