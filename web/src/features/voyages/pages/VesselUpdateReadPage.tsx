import "../voyages.css";
import { Button, Card, NonIdealState, Spinner } from "@blueprintjs/core";
import { Add, Search } from "@blueprintjs/icons";
import { Column } from "@blueprintjs/table";
import { useState } from "react";
import { type PageProps, PAGES } from "../../../lib/paths.ts";
import { confirmPrompt } from "../../../components/ConfirmPrompt.tsx";
import { actionsCell, DeleteButton, EditButton, textCells } from "../../../components/list-cells.tsx";
import { AppLink, PageHeader } from "../../../components/PageHeader.tsx";
import { PagedTable } from "../../../components/PagedTable.tsx";
import { formatDateTime } from "../../../lib/format.ts";
import { errorText } from "../../../lib/notify.ts";
import type { DetailRow, HeaderWithDetails, ScheduleRow } from "../api/contracts.ts";
import { deleteDetail, readHeader, readSchedule } from "../api/voyages.ts";
import { DetailDialog } from "../components/DetailDialog.tsx";
import { useRecord } from "../../../lib/data/load.ts";
import { useRowAction } from "../../../lib/data/save.ts";

const noPaging = () => {};

/**
 * One vessel update, by its VUID: the vessel and voyage it follows, and its activities in the order they
 * happened; activities are added (several at once), edited and removed here.
 */
export default function VesselUpdateReadPage({ params }: PageProps) {
  const vuid = params.vuid ?? "";
  // A vessel update that cannot be read is said on the page, not in a notice.
  const update = useRecord(vuid, () => readHeader(vuid).then((r) => r.data), { keepStale: false, quiet: () => true });
  const header: HeaderWithDetails | null = update.data;
  const missing = update.error !== null ? errorText(update.error) : null;
  const { loading, reload: load } = update;
  // The voyage's branches head the branch choice of the activities; the page works without them.
  const voyage: ScheduleRow | null = useRecord(header?.voyageNum ?? null, (num) => readSchedule(num).then((r) => r.data), {
    keepStale: false,
    quiet: () => true,
  }).data;
  const deleting = useRowAction<number>();
  const busyId = deleting.busy;
  const [dialog, setDialog] = useState<{ detail: DetailRow | null } | null>(null);

  const rows = header?.details ?? [];
  const text = textCells(rows, { tooltip: true });

  const remove = async (detail: DetailRow) => {
    const confirmed = await confirmPrompt({
      title: "Delete activity",
      description: `Delete ${detail.vesselStatus} - ${detail.activity} of ${formatDateTime(detail.activityAt)}? This cannot be undone.`,
      actionText: "Delete",
      intent: "danger",
    });
    if (!confirmed) return;
    await deleting.run(detail.id, () => deleteDetail(detail.id), load);
  };

  const actions = actionsCell(rows, busyId, (detail, busy) => (
    <>
      <EditButton disabled={busy} onClick={() => setDialog({ detail })} data-testid={`vu-detail-edit-${detail.id}`} />
      <DeleteButton disabled={busy} onClick={() => void remove(detail)} data-testid={`vu-detail-delete-${detail.id}`} />
    </>
  ));

  const crumbs = [{ text: "Voyage", href: PAGES.voyage }, { text: "Vessel updates", href: PAGES.vesselUpdates }];

  if (!header) {
    return (
      <div className="lading-page" data-testid="vessel-update">
        <PageHeader title={`Vessel update ${vuid}`} crumbs={crumbs} />
        {loading ? <Spinner /> : (
          <NonIdealState icon={<Search size={32} />} title="Vessel update not found" description={missing ?? undefined}
            action={<AppLink to={PAGES.vesselUpdates}>Back to vessel updates</AppLink>} />
        )}
      </div>
    );
  }

  const voyageBranches = voyage ? [voyage.originBranchCode, ...voyage.destinations.map((d) => d.destinationBranchCode)] : [];

  return (
    <div className="lading-page" data-testid="vessel-update">
      <PageHeader
        title={`Vessel update ${header.vuid}`}
        crumbs={crumbs}
        actions={<Button intent="primary" icon={<Add />} text="Add activities" onClick={() => setDialog({ detail: null })} data-testid="vu-detail-add" />}
      />
      <Card className="lading-voyage-facts">
        <dl className="lading-kv lading-kv-plain lading-voyage-kv">
          <dt>VUID</dt>
          <dd data-testid="vu-fact-vuid">{header.vuid}</dd>
          <dt>Vessel</dt>
          <dd data-testid="vu-fact-vessel">{header.vesselCode} · {header.vesselName}</dd>
          <dt>Voyage</dt>
          <dd data-testid="vu-fact-voyage">{header.voyageNum} · {header.voyageRef}</dd>
          <dt>Route</dt>
          <dd data-testid="vu-fact-route">
            {voyage ? `${voyage.routeCode}: ${[voyage.originBranchCode, ...voyage.destinations.map((d) => d.destinationBranchCode)].join(" → ")}` : "—"}
          </dd>
          <dt>ETD</dt>
          <dd>{voyage ? formatDateTime(voyage.estimatedTimeDeparture) : "—"}</dd>
          <dt>Opened</dt>
          <dd>{formatDateTime(header.dateCreated)}{header.userCreated && ` by ${header.userCreated}`}</dd>
          <dt>Remarks</dt>
          <dd>{header.remarks || "—"}</dd>
          <dt>Activities</dt>
          <dd data-testid="vu-fact-count">{header.details.length}</dd>
        </dl>
      </Card>
      <PagedTable
        list={{ rows, total: rows.length, page: 0, setPage: noPaging, pageSize: Math.max(rows.length, 1), loading }}
        testId="vu-detail-table"
        rangeTestId="vu-detail-range"
        empty={<NonIdealState title="No activities yet" description="Add what the vessel is doing: its status, the activity, when and where." />}
      >
        <Column name="Status" cellRenderer={text((d) => d.vesselStatus, (d) => `vu-detail-status-${d.id}`)} />
        <Column name="Activity" cellRenderer={text((d) => d.activity, (d) => `vu-detail-activity-${d.id}`)} />
        <Column name="When" cellRenderer={text((d) => formatDateTime(d.activityAt))} />
        <Column name="Branch" cellRenderer={text((d) => d.branchCode ?? "")} />
        <Column name="ATA" cellRenderer={text((d) => formatDateTime(d.actualTimeArrival), (d) => `vu-detail-ata-${d.id}`)} />
        <Column name="ATD" cellRenderer={text((d) => formatDateTime(d.actualTimeDeparture), (d) => `vu-detail-atd-${d.id}`)} />
        <Column name="Remarks" cellRenderer={text((d) => d.remarks)} />
        <Column name="By" cellRenderer={text((d) => d.userModified ?? d.userCreated ?? "")} />
        <Column name="Actions" cellRenderer={actions} />
      </PagedTable>
      <DetailDialog
        isOpen={dialog !== null}
        vuid={header.vuid}
        detail={dialog?.detail ?? null}
        voyageBranches={voyageBranches}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          load();
        }}
      />
    </div>
  );
}
