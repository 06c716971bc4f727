import "../outbound.css";
import { Button, NonIdealState } from "@blueprintjs/core";
import { Add, Disable, Print, Search } from "@blueprintjs/icons";
import { Cell, Column } from "@blueprintjs/table";
import { useEffect, useState } from "react";
import { useSearch } from "wouter";
import { confirmPrompt } from "../../../components/ConfirmPrompt.tsx";
import { actionsCell, RowAction, textCells } from "../../../components/list-cells.tsx";
import { type FilterOption, ListToolbar } from "../../../components/ListToolbar.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { PagedTable } from "../../../components/PagedTable.tsx";
import { type PageQuery, usePagedList } from "../../../lib/data/paged-list.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { type PageProps, PAGES } from "../../../lib/paths.ts";
import { CTS_PAGE_SIZE, CTS_STATUSES, type CtsRow, type CtsStatus } from "../api/contracts.ts";
import { cancelCts, ctsPrintUrl, loadCts } from "../api/cts.ts";
import { CtsStatusTag } from "../components/CtsStatusTag.tsx";
import { IssueCtsDialog } from "../components/IssueCtsDialog.tsx";

type StatusFilter = CtsStatus | "All";

const FILTERS: FilterOption<StatusFilter>[] = [{ value: "All", label: "All statuses" }, ...CTS_STATUSES.map((s) => ({ value: s, label: s }))];

/**
 * Outbound cargo transfer slips: the empty vans that left the yard for a booking whose ATW is issued, newest
 * first, ten a page. A slip is issued from a dialog, printed, or cancelled (which frees its van again).
 */
export default function CtsPage(_props: PageProps) {
  // A link from another screen names the slip in the address: /outbound/cts?search=CTS-MNL-2026-000001.
  const addressed = new URLSearchParams(useSearch()).get("search") ?? "";
  const list = usePagedList<CtsRow, StatusFilter>({
    load: (q: PageQuery<StatusFilter>) => loadCts({ skip: q.skip, take: q.take, search: q.search, status: q.filter === "All" ? undefined : q.filter }),
    initialFilter: "All",
    pageSize: CTS_PAGE_SIZE,
    emptyNotice: "always",
    initialSearch: addressed,
  });
  const { rows, search, busyId, reloadFromStart, setSearchText } = list;
  useEffect(() => {
    if (addressed) setSearchText(addressed);
  }, [addressed, setSearchText]);
  const [issuing, setIssuing] = useState(false);
  const text = textCells(rows, { tooltip: true });

  const statusCell = (row: number) => {
    const item = rows[row];
    return <Cell>{item && <CtsStatusTag status={item.status} testId={`cts-status-${item.ctsNum}`} />}</Cell>;
  };

  const cancel = async (row: CtsRow) => {
    const confirmed = await confirmPrompt({
      title: "Cancel transfer slip",
      description: `Cancel transfer slip ${row.ctsNum}? Van ${row.containerVanNum} is free again and booking ${row.bookingRef} goes back to ATW Issued.`,
      actionText: "Cancel slip",
      intent: "danger",
    });
    if (confirmed) await list.runRowAction(row.id, () => cancelCts(row.ctsNum, row.dateModified));
  };

  const actions = actionsCell(rows, busyId, (item, busy) => (
    <>
      <RowAction icon={<Print />} label="Print" hint="Print the slip (PDF)" href={ctsPrintUrl(item.ctsNum)} target="_blank"
        data-testid={`cts-print-${item.ctsNum}`} />
      <RowAction icon={<Disable />} intent="danger" label="Cancel" hint={item.status === "Issued" ? "Cancel" : "Already cancelled"}
        disabled={busy || item.status !== "Issued"} onClick={() => void cancel(item)} data-testid={`cts-cancel-${item.ctsNum}`} />
    </>
  ));

  return (
    <div className="lading-page" data-testid="cts-page">
      <PageHeader
        title="Cargo transfer slips"
        crumbs={[{ text: "Outbound", href: PAGES.outbound }]}
        actions={<Button intent="primary" icon={<Add />} text="Issue CTS" onClick={() => setIssuing(true)} data-testid="cts-new" />}
      />
      <ListToolbar
        list={list}
        placeholder="Search CTS no., booking, van, plate, driver or name"
        searchLabel="Search transfer slips"
        searchTestId="cts-search"
        filterLabel="Status filter"
        filterTestId="cts-filter"
        options={FILTERS}
      />
      <PagedTable
        list={list}
        testId="cts-table"
        rangeTestId="cts-range"
        frozen={1}
        empty={
          <NonIdealState icon={<Search size={32} />} title="No transfer slips"
            description={search ? `Nothing matches “${search}”.` : "No transfer slip has been issued yet."} />
        }
      >
        <Column name="CTS No." cellRenderer={text((c) => c.ctsNum, (c) => `cts-row-${c.ctsNum}`)} />
        <Column name="Booking" cellRenderer={text((c) => c.bookingRef, (c) => `cts-booking-${c.ctsNum}`)} />
        <Column name="Van" cellRenderer={text((c) => c.containerVanNum + (c.isShipperOwned ? " (shipper's)" : ""), (c) => `cts-van-${c.ctsNum}`)} />
        <Column name="Trucker" cellRenderer={text((c) => c.truckerName, (c) => `cts-trucker-${c.ctsNum}`)} />
        <Column name="Plate" cellRenderer={text((c) => c.plateNum, (c) => `cts-plate-${c.ctsNum}`)} />
        <Column name="Driver" cellRenderer={text((c) => c.driver, (c) => `cts-driver-${c.ctsNum}`)} />
        <Column name="To" cellRenderer={text((c) => `${c.toParty}: ${c.toName}`, (c) => `cts-to-${c.ctsNum}`)} />
        <Column name="Van status" cellRenderer={text((c) => c.vanStatus, (c) => `cts-van-status-${c.ctsNum}`)} />
        <Column name="Date issued" cellRenderer={text((c) => formatDateTime(c.dateIssued), (c) => `cts-issued-${c.ctsNum}`)} />
        <Column name="Status" cellRenderer={statusCell} />
        <Column name="Actions" cellRenderer={actions} />
      </PagedTable>
      <IssueCtsDialog
        isOpen={issuing}
        onClose={() => setIssuing(false)}
        onIssued={() => {
          setIssuing(false);
          reloadFromStart();
        }}
      />
    </div>
  );
}
