import { Button, NonIdealState, Tag } from "@blueprintjs/core";
import { Add, Print, Search, Tick } from "@blueprintjs/icons";
import { Cell, Column } from "@blueprintjs/table";
import { useState } from "react";
import { actionsCell, RowAction, textCells } from "../../../components/list-cells.tsx";
import { type FilterOption, ListToolbar } from "../../../components/ListToolbar.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { PagedTable } from "../../../components/PagedTable.tsx";
import { type PageQuery, usePagedList } from "../../../lib/data/paged-list.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { formatBusinessDate } from "../../../../../api/shared/dates.ts";
import { type PageProps, PAGES } from "../../../lib/paths.ts";
import { CRO_PAGE_SIZE, CRO_STATUSES, croPrintUrl, type CroRow, type CroStatus, loadCros } from "../api/cargo-release.ts";
import { ClearCroDialog } from "../components/ClearCroDialog.tsx";
import { ReleaseDialog } from "../components/ReleaseDialog.tsx";

type StatusFilter = CroStatus | "All";

const FILTERS: FilterOption<StatusFilter>[] = [{ value: "All", label: "All statuses" }, ...CRO_STATUSES.map((s) => ({ value: s, label: s }))];

/**
 * Cargo release orders (001 §2 /inbound/cargoReleaseOrder): the orders of the user's branches, newest first, 20 a
 * page. A new one is made from the discharged waybills accounting answers paid; an order is printed with its
 * storage note, and cleared at the yard the van is pulled out of.
 */
export default function CargoReleaseOrdersPage(_props: PageProps) {
  const list = usePagedList<CroRow, StatusFilter>({
    load: (q: PageQuery<StatusFilter>) => loadCros({ skip: q.skip, take: q.take, search: q.search, status: q.filter === "All" ? undefined : q.filter }),
    initialFilter: "All",
    pageSize: CRO_PAGE_SIZE,
    emptyNotice: "always",
  });
  const { rows, search, busyId, reloadFromStart, reload } = list;
  const [releasing, setReleasing] = useState(false);
  const [clearing, setClearing] = useState<CroRow | null>(null);
  const text = textCells(rows, { tooltip: true });

  const statusCell = (row: number) => {
    const item = rows[row];
    return (
      <Cell>
        {item && (
          <Tag minimal intent={item.cleared ? "success" : "primary"} data-testid={`release-status-${item.cargorReleaseOrderId}`}>{item.status}</Tag>
        )}
      </Cell>
    );
  };

  const actions = actionsCell(rows, busyId, (item, busy) => (
    <>
      <RowAction icon={<Print />} label="Print" hint="Print the release order (PDF)" href={croPrintUrl(item.cargorReleaseOrderId)} target="_blank"
        data-testid={`release-print-${item.cargorReleaseOrderId}`} />
      <RowAction icon={<Tick />} intent="success" label="Clear" hint={item.cleared ? "Already cleared" : "Clear at the yard"}
        disabled={busy || item.cleared} onClick={() => setClearing(item)} data-testid={`release-clear-${item.cargorReleaseOrderId}`} />
    </>
  ));

  return (
    <div className="lading-page" data-testid="release-page">
      <PageHeader
        title="Cargo release orders"
        crumbs={[{ text: "Inbound", href: PAGES.inbound }]}
        actions={<Button intent="primary" icon={<Add />} text="New CRO" onClick={() => setReleasing(true)} data-testid="release-new" />}
      />
      <ListToolbar
        list={list}
        placeholder="Search CRO no., waybill, booking, consignee or voyage"
        searchLabel="Search cargo release orders"
        searchTestId="release-search"
        filterLabel="Status filter"
        filterTestId="release-filter"
        options={FILTERS}
      />
      <PagedTable
        list={list}
        testId="release-table"
        rangeTestId="release-range"
        frozen={1}
        empty={
          <NonIdealState icon={<Search size={32} />} title="No cargo release orders"
            description={search ? `Nothing matches “${search}”.` : "No cargo has been released yet."} />
        }
      >
        <Column name="CRO No." cellRenderer={text((c) => c.cargorReleaseOrderId, (c) => `release-row-${c.cargorReleaseOrderId}`)} />
        <Column name="Waybill" cellRenderer={text((c) => c.wayBillRef, (c) => `release-waybill-${c.cargorReleaseOrderId}`)} />
        <Column name="Booking" cellRenderer={text((c) => c.bookingRef, (c) => `release-booking-${c.cargorReleaseOrderId}`)} />
        <Column name="Consignee" cellRenderer={text((c) => c.consigneeName, (c) => `release-consignee-${c.cargorReleaseOrderId}`)} />
        <Column name="Van" cellRenderer={text((c) => c.containerVanNum, (c) => `release-van-${c.cargorReleaseOrderId}`)} />
        <Column name="Storage due" cellRenderer={text((c) => (c.storageDueDate ? formatBusinessDate(c.storageDueDate) : ""), (c) => `release-due-${c.cargorReleaseOrderId}`)} />
        <Column name="Note" cellRenderer={text((c) => c.note, (c) => `release-note-${c.cargorReleaseOrderId}`)} />
        <Column name="Date released" cellRenderer={text((c) => formatDateTime(c.dateReleased), (c) => `release-released-${c.cargorReleaseOrderId}`)} />
        <Column name="Status" cellRenderer={statusCell} />
        <Column name="Cleared by" cellRenderer={text((c) => c.clearedByName ?? "", (c) => `release-cleared-by-${c.cargorReleaseOrderId}`)} />
        <Column name="CY pull-out" cellRenderer={text((c) => c.cyPullOutName ?? "", (c) => `release-cy-${c.cargorReleaseOrderId}`)} />
        <Column name="Actions" cellRenderer={actions} />
      </PagedTable>
      <ReleaseDialog
        isOpen={releasing}
        onClose={() => setReleasing(false)}
        onReleased={() => {
          setReleasing(false);
          reloadFromStart();
        }}
      />
      <ClearCroDialog
        cro={clearing}
        onClose={() => setClearing(null)}
        onCleared={() => {
          setClearing(null);
          reload();
        }}
      />
    </div>
  );
}
