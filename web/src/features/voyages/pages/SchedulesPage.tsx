import "../voyages.css";
import { Button, HTMLSelect, InputGroup, NonIdealState, Radio, Tag } from "@blueprintjs/core";
import { Add, Box, Download, Search } from "@blueprintjs/icons";
import { Cell, Column } from "@blueprintjs/table";
import { useState } from "react";
import { useLocation } from "wouter";
import { type PageProps, PAGES, pathTo } from "../../../lib/paths.ts";
import { confirmPrompt } from "../../../components/ConfirmPrompt.tsx";
import { actionsCell, statusCell, textCells } from "../../../components/list-cells.tsx";
import { ListToolbar, STATUS_OPTIONS } from "../../../components/ListToolbar.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { PagedTable } from "../../../components/PagedTable.tsx";
import { type PageQuery, usePagedList } from "../../../lib/data/paged-list.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { whileSaving } from "../../../lib/leave-guard.ts";
import { errorText, notify } from "../../../lib/notify.ts";
import type { ScheduleRow } from "../api/contracts.ts";
import { usePicker } from "../../../lib/data/pickers.ts";
import { activateSchedule, approveSchedule, deleteSchedules, loadSchedules, readSchedule, setCroStatus } from "../api/voyages.ts";
import { ExportDialog } from "../components/ExportDialog.tsx";
import { type ScheduleAction, ScheduleActions } from "../components/ScheduleActions.tsx";
import { ScheduleDialog } from "../components/ScheduleDialog.tsx";
import { ScheduleDrawer } from "../components/ScheduleDrawer.tsx";

type Filter = "All" | "IsActive" | "IsInactive";

interface Filters {
  dateFrom: string;
  dateTo: string;
  branchCode: string;
  vesselCode: string;
}

const NO_FILTERS: Filters = { dateFrom: "", dateTo: "", branchCode: "", vesselCode: "" };

/**
 * Voyage schedules: voyages by departure date range, branch (origin or a call) and vessel, with search and the
 * active filter; scheduling and editing in a dialog; approval, CRO status and activation from the row or the
 * voyage's detail; and the schedule workbook for a range.
 */
export default function SchedulesPage(_props: PageProps) {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const branches = usePicker("branches");
  const vessels = usePicker("vessels");
  const list = usePagedList<ScheduleRow, Filter>({
    load: (q: PageQuery<Filter>) =>
      loadSchedules({
        skip: q.skip,
        take: q.take,
        search: q.search,
        filter: q.filter === "All" ? undefined : q.filter,
        ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== "")),
      }),
    initialFilter: "All",
    emptyNotice: "always",
  });
  const { rows, search, busyId, reload, reloadFromStart } = list;
  const [dialog, setDialog] = useState<{ row: ScheduleRow | null } | null>(null);
  const [detail, setDetail] = useState<ScheduleRow | null>(null);
  const [detailBusy, setDetailBusy] = useState(false);
  const [exporting, setExporting] = useState(false);
  // The voyage the page-level buttons act on: ticked in the first column, or opened from its number.
  const [selectedNum, setSelectedNum] = useState<string | null>(null);
  const [, navigate] = useLocation();
  const text = textCells(rows, { tooltip: true });

  const setFilter = (next: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...next }));
    reloadFromStart();
  };

  /** The write behind an action; null when the user backed out of it. */
  const workOf = async (row: ScheduleRow, action: Exclude<ScheduleAction, "edit">): Promise<(() => Promise<{ message: string; data?: ScheduleRow }>) | null> => {
    switch (action) {
      case "approve":
        return () => approveSchedule(row.id);
      case "cro":
        return () => setCroStatus(row.id, row.croStatus === "Closed" ? "Open" : "Closed");
      case "activation":
        return () => activateSchedule(row.id, !row.isActive);
      case "delete": {
        const confirmed = await confirmPrompt({
          title: "Delete voyage",
          description: `Delete voyage ${row.voyageNum}? This cannot be undone.`,
          actionText: "Delete",
          intent: "danger",
        });
        return confirmed ? () => deleteSchedules([row.id]) : null;
      }
    }
  };

  const onRowAction = async (row: ScheduleRow, action: ScheduleAction) => {
    if (action === "edit") return setDialog({ row });
    const work = await workOf(row, action);
    if (!work) return;
    await list.runRowAction(row.id, work, action === "delete" || action === "activation" ? reloadFromStart : reload);
  };

  /** The same actions from the detail, which then shows the voyage as the server answers it. */
  const onDetailAction = async (action: ScheduleAction) => {
    if (!detail) return;
    if (action === "edit") return setDialog({ row: detail });
    const work = await workOf(detail, action);
    if (!work) return;
    setDetailBusy(true);
    try {
      const result = await whileSaving(work);
      notify.success(result.message);
      setDetail(action === "delete" ? null : result.data ?? detail);
    } catch (error) {
      notify.error(errorText(error));
      // 001 §2: after a failed write a single-record view reloads the record.
      if (action !== "delete") readSchedule(detail.voyageNum).then((r) => setDetail(r.data)).catch(() => setDetail(null));
    } finally {
      setDetailBusy(false);
      reload();
    }
  };

  const numCell = (row: number) => {
    const item = rows[row];
    return (
      <Cell interactive>
        {item && (
          <a href="#" onClick={(e) => {
            e.preventDefault();
            setSelectedNum(item.voyageNum);
            setDetail(item);
          }} data-testid={`voyage-row-${item.voyageNum}`}>{item.voyageNum}</a>
        )}
      </Cell>
    );
  };
  const selectCell = (row: number) => {
    const item = rows[row];
    return (
      <Cell interactive>
        {item && (
          <span className="lading-full-controls">
            <Radio name="voyage-selection" style={{ margin: 0, display: "inline-block" }} aria-label={`Select voyage ${item.voyageNum}`}
              checked={selectedNum === item.voyageNum} onChange={() => setSelectedNum(item.voyageNum)}
              data-testid={`voyage-select-${item.voyageNum}`} />
          </span>
        )}
      </Cell>
    );
  };
  const approvedCell = (row: number) => {
    const item = rows[row];
    return (
      <Cell tooltip={item?.approvedBy ? `Approved by ${item.approvedBy}` : undefined}>
        {item && (
          <Tag minimal intent={item.approvedBy ? "success" : "warning"} data-testid={`voyage-approved-${item.voyageNum}`}>
            {item.approvedBy ? "Approved" : "Pending"}
          </Tag>
        )}
      </Cell>
    );
  };
  const actions = actionsCell(rows, busyId, (item, busy) => (
    <ScheduleActions row={item} busy={busy} prefix="voyage" compact onAction={(action) => void onRowAction(item, action)} />
  ));

  return (
    <div className="lading-page" data-testid="voyage-schedules">
      <PageHeader
        title="Voyage schedules"
        crumbs={[{ text: "Voyage", href: PAGES.voyage }]}
        actions={
          <>
            <Button intent="primary" icon={<Add />} text="New voyage" onClick={() => setDialog({ row: null })} data-testid="voyage-new" />
            <Button icon={<Box />} text="Bookings" disabled={!selectedNum} title={selectedNum ? `Bookings of voyage ${selectedNum}` : "Select a voyage first"}
              onClick={() => selectedNum && navigate(pathTo(PAGES.bookingBatch, { voyageNum: selectedNum, bookingBatchRef: "new" }))} data-testid="voyage-bookings" />
            <Button icon={<Download />} text="Export voyage_schedule.xlsx" onClick={() => setExporting(true)} data-testid="voyage-export" />
          </>
        }
      />
      <div className="lading-toolbar lading-voyage-filters">
        <label className="lading-voyage-filter">
          Departing from
          <InputGroup type="date" aria-label="Departing from" value={filters.dateFrom} onValueChange={(v) => setFilter({ dateFrom: v })}
            data-testid="voyage-filter-from" />
        </label>
        <label className="lading-voyage-filter">
          to
          <InputGroup type="date" aria-label="Departing to" value={filters.dateTo} onValueChange={(v) => setFilter({ dateTo: v })}
            data-testid="voyage-filter-to" />
        </label>
        <HTMLSelect aria-label="Branch filter" value={filters.branchCode} onChange={(e) => setFilter({ branchCode: e.currentTarget.value })}
          data-testid="voyage-filter-branch">
          <option value="">All branches</option>
          {branches.map((b) => <option key={b.code} value={b.code}>{b.code} · {b.name}</option>)}
        </HTMLSelect>
        <HTMLSelect aria-label="Vessel filter" value={filters.vesselCode} onChange={(e) => setFilter({ vesselCode: e.currentTarget.value })}
          data-testid="voyage-filter-vessel">
          <option value="">All vessels</option>
          {vessels.map((v) => <option key={v.code} value={v.code}>{v.code} · {v.name}</option>)}
        </HTMLSelect>
        {Object.values(filters).some((v) => v !== "") && (
          <Button variant="minimal" text="Clear filters" onClick={() => setFilter(NO_FILTERS)} data-testid="voyage-filter-clear" />
        )}
      </div>
      <ListToolbar
        list={list}
        placeholder="Search voyage no., reference, vessel code or remarks"
        searchLabel="Search voyages"
        searchTestId="voyage-search"
        filterLabel="Status filter"
        filterTestId="voyage-status-filter"
        options={STATUS_OPTIONS}
      />
      <PagedTable
        list={list}
        frozen={2}
        testId="voyage-table"
        rangeTestId="voyage-range"
        empty={
          <NonIdealState icon={<Search size={32} />} title="No voyages"
            description={search ? `Nothing matches “${search}”.` : "No voyage departs within these filters."} />
        }
      >
        <Column name="" cellRenderer={selectCell} />
        <Column name="Voyage no." cellRenderer={numCell} />
        <Column name="Reference" cellRenderer={text((v) => v.voyageRef, (v) => `voyage-ref-${v.voyageNum}`)} />
        <Column name="Vessel" cellRenderer={text((v) => v.vesselName)} />
        <Column name="Route" cellRenderer={text((v) => v.routeCode)} />
        <Column name="ETD" cellRenderer={text((v) => formatDateTime(v.estimatedTimeDeparture), (v) => `voyage-etd-${v.voyageNum}`)} />
        <Column name="Calls (ETA)" cellRenderer={text((v) =>
          v.destinations.map((d) => `${d.destinationBranchCode} ${formatDateTime(d.estimatedTimeArrival)}`).join(" → ")
        , (v) => `voyage-calls-${v.voyageNum}`)} />
        <Column name="Approval" cellRenderer={approvedCell} />
        <Column name="CRO" cellRenderer={text((v) => v.croStatus, (v) => `voyage-cro-status-${v.voyageNum}`)} />
        <Column name="Status" cellRenderer={statusCell(rows, (v) => `voyage-status-${v.voyageNum}`)} />
        <Column name="Actions" cellRenderer={actions} />
      </PagedTable>
      <ScheduleDialog
        isOpen={dialog !== null}
        row={dialog?.row ?? null}
        onClose={() => setDialog(null)}
        onSaved={(saved) => {
          setDialog(null);
          if (detail?.id === saved.id) setDetail(saved);
          reload();
        }}
      />
      <ScheduleDrawer row={detail} busy={detailBusy} onClose={() => setDetail(null)} onAction={(a) => void onDetailAction(a)} />
      <ExportDialog isOpen={exporting} onClose={() => setExporting(false)} />
    </div>
  );
}
