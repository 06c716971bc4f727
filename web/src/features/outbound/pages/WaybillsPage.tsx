import "../outbound.css";
import { Button, HTMLSelect, InputGroup, NonIdealState } from "@blueprintjs/core";
import { Add, Document, DocumentOpen, Print, Refresh, Search } from "@blueprintjs/icons";
import { Cell, Column } from "@blueprintjs/table";
import { useEffect, useState } from "react";
import { useSearch } from "wouter";
import { actionsCell, RowAction, textCells } from "../../../components/list-cells.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { PagedTable } from "../../../components/PagedTable.tsx";
import { useDebounced } from "../../../lib/data/load.ts";
import { type PageQuery, usePagedList } from "../../../lib/data/paged-list.ts";
import { usePicker } from "../../../lib/data/pickers.ts";
import { formatAmount, formatDateTime } from "../../../lib/format.ts";
import { deliveryModeLabel, paymentModeLabel } from "../../../lib/labels.ts";
import { type PageProps, PAGES } from "../../../lib/paths.ts";
import { WAYBILL_PAGE_SIZE, WAYBILL_STATUSES, type WaybillRow, type WaybillStatus } from "../api/contracts.ts";
import { loadWaybills, truckerWaybillPrintUrl, waybillPrintUrl } from "../api/waybills.ts";
import { NewWaybillDialog } from "../components/NewWaybillDialog.tsx";
import { WaybillDialog } from "../components/WaybillDialog.tsx";
import { WaybillStatusTag } from "../components/WaybillStatusTag.tsx";

interface Filters {
  voyageNum: string;
  status: WaybillStatus | "";
  branchCode: string;
}

const NO_FILTERS: Filters = { voyageNum: "", status: "", branchCode: "" };

/** A booking or van, and its tandem partner's when the waybill carries two: "LDGU2010014 + LDGU2010020". */
const pairText = (own: string, tandem: string | null) => (tandem ? `${own} + ${tandem}` : own);

/**
 * Outbound waybills of the user's branches, newest first, twenty a page, by voyage, status and branch with a
 * search (`?search=` in the address fills the search box: the booking screens link here so). A waybill is
 * made for a booking whose van is out on a transfer slip, opened in its form, and printed whole or as the
 * trucker's copy on legal or letter paper.
 */
export default function WaybillsPage(_props: PageProps) {
  const addressed = new URLSearchParams(useSearch()).get("search") ?? "";
  const list = usePagedList<WaybillRow, Filters>({
    load: (q: PageQuery<Filters>) =>
      loadWaybills({
        skip: q.skip, take: q.take, search: q.search,
        voyageNum: q.filter.voyageNum || undefined, status: q.filter.status || undefined, branchCode: q.filter.branchCode || undefined,
      }),
    initialFilter: NO_FILTERS,
    pageSize: WAYBILL_PAGE_SIZE,
    emptyNotice: "always",
    initialSearch: addressed,
  });
  const { rows, search, busyId, filter, setFilter, setSearchText, reload, reloadFromStart } = list;
  const [creating, setCreating] = useState(false);
  const [opened, setOpened] = useState<string | null>(null);
  const [voyageText, setVoyageText] = useState("");
  const settledVoyage = useDebounced(voyageText.trim());
  const branches = usePicker("branches");
  const text = textCells(rows, { tooltip: true });

  // A voyage typed in its box narrows the list once typing pauses.
  useEffect(() => {
    if (settledVoyage !== filter.voyageNum) setFilter({ ...filter, voyageNum: settledVoyage });
  }, [settledVoyage, filter, setFilter]);
  // Another link to this page while it is open fills the search box again.
  useEffect(() => {
    if (addressed) setSearchText(addressed);
  }, [addressed, setSearchText]);

  const statusCell = (row: number) => {
    const item = rows[row];
    return <Cell>{item && <WaybillStatusTag status={item.status} testId={`waybill-status-${item.wayBillRef}`} />}</Cell>;
  };

  const actions = actionsCell(rows, busyId, (item) => (
    <>
      <RowAction icon={<DocumentOpen />} label="Open" hint={item.status === "Draft" ? "Open the waybill" : "Open the waybill (read only)"}
        onClick={() => setOpened(item.wayBillRef)} data-testid={`waybill-open-${item.wayBillRef}`} />
      <RowAction icon={<Print />} label="Print" hint="Print the waybill (PDF)" href={waybillPrintUrl(item.wayBillRef)} target="_blank"
        data-testid={`waybill-print-${item.wayBillRef}`} />
      <RowAction icon={<Document />} label="Trucker's (legal)" hint="Trucker's waybill on legal paper (PDF)"
        href={truckerWaybillPrintUrl(item.wayBillRef, "legal")} target="_blank" data-testid={`waybill-trucker-legal-${item.wayBillRef}`} />
      <RowAction icon={<Document />} label="Trucker's (letter)" hint="Trucker's waybill on letter paper (PDF)"
        href={truckerWaybillPrintUrl(item.wayBillRef, "letter")} target="_blank" data-testid={`waybill-trucker-letter-${item.wayBillRef}`} />
    </>
  ));

  return (
    <div className="lading-page" data-testid="waybills-page">
      <PageHeader
        title="Waybills"
        crumbs={[{ text: "Outbound", href: PAGES.outbound }]}
        actions={<Button intent="primary" icon={<Add />} text="New waybill" onClick={() => setCreating(true)} data-testid="waybill-new" />}
      />
      <div className="lading-toolbar">
        <InputGroup type="search" leftIcon={<Search />} className="lading-search" placeholder="Search waybill no., booking, van, consignee or goods"
          aria-label="Search waybills" value={list.searchText} onValueChange={setSearchText} data-testid="waybill-search" />
        <InputGroup type="search" placeholder="Voyage no." aria-label="Voyage filter" value={voyageText} onValueChange={setVoyageText}
          data-testid="waybill-filter-voyage" />
        <HTMLSelect aria-label="Status filter" value={filter.status}
          onChange={(e) => setFilter({ ...filter, status: e.currentTarget.value as WaybillStatus | "" })} data-testid="waybill-filter-status">
          <option value="">All statuses</option>
          {WAYBILL_STATUSES.map((s) => <option key={s} value={s}>{s}</option>)}
        </HTMLSelect>
        <HTMLSelect aria-label="Branch filter" value={filter.branchCode}
          onChange={(e) => setFilter({ ...filter, branchCode: e.currentTarget.value })} data-testid="waybill-filter-branch">
          <option value="">All branches</option>
          {branches.map((b) => <option key={b.code} value={b.code}>{b.code} · {b.name}</option>)}
        </HTMLSelect>
        <Button variant="minimal" icon={<Refresh />} aria-label="Reload list" title="Reload list" onClick={reload} />
      </div>
      <PagedTable
        list={list}
        testId="waybill-table"
        rangeTestId="waybill-range"
        frozen={1}
        empty={
          <NonIdealState icon={<Search size={32} />} title="No waybills"
            description={search ? `Nothing matches “${search}”.` : "No waybill has been made yet."} />
        }
      >
        <Column name="Waybill No." cellRenderer={text((w) => w.wayBillRef, (w) => `waybill-row-${w.wayBillRef}`)} />
        <Column name="Booking" cellRenderer={text((w) => pairText(w.bookingRef, w.tandemBookingRef), (w) => `waybill-booking-${w.wayBillRef}`)} />
        <Column name="Voyage" cellRenderer={text((w) => w.voyageNum, (w) => `waybill-voyage-${w.wayBillRef}`)} />
        <Column name="Shipper" cellRenderer={text((w) => w.shipperPreferredName || w.shipperName, (w) => `waybill-shipper-${w.wayBillRef}`)} />
        <Column name="Consignee" cellRenderer={text((w) => w.consigneePreferredName || w.consigneeName, (w) => `waybill-consignee-${w.wayBillRef}`)} />
        <Column name="Van" cellRenderer={text((w) => pairText(w.containerVanNum, w.tandemContainerVanNum), (w) => `waybill-van-${w.wayBillRef}`)} />
        <Column name="Mode of delivery" cellRenderer={text((w) => deliveryModeLabel(w.modeOfDelivery), (w) => `waybill-delivery-${w.wayBillRef}`)} />
        <Column name="Mode of payment" cellRenderer={text((w) => paymentModeLabel(w.modeOfPayment), (w) => `waybill-payment-${w.wayBillRef}`)} />
        <Column name="Total" cellRenderer={(row) => (
          <Cell className="lading-waybill-amount">
            {rows[row] && <span data-testid={`waybill-total-${rows[row].wayBillRef}`}>{formatAmount(rows[row].totals.total)}</span>}
          </Cell>
        )} />
        <Column name="Status" cellRenderer={statusCell} />
        <Column name="Date prepared" cellRenderer={text((w) => formatDateTime(w.datePrepared), (w) => `waybill-prepared-${w.wayBillRef}`)} />
        <Column name="Actions" cellRenderer={actions} />
      </PagedTable>
      <NewWaybillDialog
        isOpen={creating}
        onClose={() => setCreating(false)}
        onCreated={(row) => {
          setCreating(false);
          reloadFromStart();
          setOpened(row.wayBillRef);
        }}
      />
      <WaybillDialog
        wayBillRef={opened}
        onClose={() => setOpened(null)}
        onSaved={() => {
          setOpened(null);
          reload();
        }}
      />
    </div>
  );
}
