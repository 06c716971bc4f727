import { Button, NonIdealState, Tag } from "@blueprintjs/core";
import { Add, Disable, Document, Print, Search } from "@blueprintjs/icons";
import { Cell, Column } from "@blueprintjs/table";
import { useState } from "react";
import { actionsCell, RowAction, textCells } from "../../../components/list-cells.tsx";
import { type FilterOption, ListToolbar } from "../../../components/ListToolbar.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { PagedTable } from "../../../components/PagedTable.tsx";
import { type PageQuery, usePagedList } from "../../../lib/data/paged-list.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { type PageProps, PAGES } from "../../../lib/paths.ts";
import {
  cdrPrintUrl,
  INBOUND_CTS_PAGE_SIZE,
  INBOUND_CTS_STATUSES,
  inboundCtsPrintUrl,
  type InboundCtsRow,
  type InboundCtsStatus,
  loadInboundCts,
} from "../api/inbound-cts.ts";
import { CancelInboundCtsDialog } from "../components/CancelInboundCtsDialog.tsx";
import { DeliveryReceiptDialog } from "../components/DeliveryReceiptDialog.tsx";
import { IssueInboundCtsDialog } from "../components/IssueInboundCtsDialog.tsx";

type StatusFilter = InboundCtsStatus | "All";

const FILTERS: FilterOption<StatusFilter>[] = [{ value: "All", label: "All statuses" }, ...INBOUND_CTS_STATUSES.map((s) => ({ value: s, label: s }))];

/**
 * Inbound cargo transfer slips (001 §2 /inbound/cts): the van-outs of the user's branches, newest first, 20 a page.
 * A new slip is issued for a waybill whose release order is cleared (stage 8: storage and demurrage stop, detention
 * starts); a slip is printed, cancelled with a reason while its cargo is not received, and its waybill's cargo
 * delivery receipt is made and printed from here.
 */
export default function InboundCtsPage(_props: PageProps) {
  const list = usePagedList<InboundCtsRow, StatusFilter>({
    load: (q: PageQuery<StatusFilter>) => loadInboundCts({ skip: q.skip, take: q.take, search: q.search, status: q.filter === "All" ? undefined : q.filter }),
    initialFilter: "All",
    pageSize: INBOUND_CTS_PAGE_SIZE,
    emptyNotice: "always",
  });
  const { rows, search, busyId, reloadFromStart, reload } = list;
  const [issuing, setIssuing] = useState(false);
  const [cancelling, setCancelling] = useState<InboundCtsRow | null>(null);
  const [receiving, setReceiving] = useState<InboundCtsRow | null>(null);
  const text = textCells(rows, { tooltip: true });

  const statusCell = (row: number) => {
    const item = rows[row];
    return (
      <Cell>
        {item && (
          <Tag minimal intent={item.status === "Cancelled" ? "danger" : "success"} data-testid={`inbound-cts-status-${item.ctsNum}`}>{item.status}</Tag>
        )}
      </Cell>
    );
  };

  const actions = actionsCell(rows, busyId, (item, busy) => {
    const issued = item.status === "Issued";
    const received = item.cargoDeliveryReceiptId !== null;
    return (
      <>
        <RowAction icon={<Print />} label="Print" hint="Print the transfer slip (PDF)" href={inboundCtsPrintUrl(item.ctsNum)} target="_blank"
          data-testid={`inbound-cts-print-${item.ctsNum}`} />
        {received
          ? (
            <RowAction icon={<Document />} label="Receipt" hint="Print the cargo delivery receipt (PDF)" href={cdrPrintUrl(item.cargoDeliveryReceiptId!)}
              target="_blank" data-testid={`inbound-cts-receipt-print-${item.ctsNum}`} />
          )
          : (
            <RowAction icon={<Document />} intent="primary" label="Receipt" hint={issued ? "Make the cargo delivery receipt" : "The slip is cancelled"}
              disabled={busy || !issued} onClick={() => setReceiving(item)} data-testid={`inbound-cts-receipt-${item.ctsNum}`} />
          )}
        <RowAction icon={<Disable />} intent="danger" label="Cancel" hint={!issued ? "Already cancelled" : received ? "The cargo was received" : "Cancel the slip"}
          disabled={busy || !issued || received} onClick={() => setCancelling(item)} data-testid={`inbound-cts-cancel-${item.ctsNum}`} />
      </>
    );
  });

  return (
    <div className="lading-page" data-testid="inbound-cts-page">
      <PageHeader
        title="Inbound cargo transfer slips"
        crumbs={[{ text: "Inbound", href: PAGES.inbound }]}
        actions={<Button intent="primary" icon={<Add />} text="New CTS" onClick={() => setIssuing(true)} data-testid="inbound-cts-new" />}
      />
      <ListToolbar
        list={list}
        placeholder="Search CTS no., waybill, booking, van, plate, driver or consignee"
        searchLabel="Search inbound transfer slips"
        searchTestId="inbound-cts-search"
        filterLabel="Status filter"
        filterTestId="inbound-cts-filter"
        options={FILTERS}
      />
      <PagedTable
        list={list}
        testId="inbound-cts-table"
        rangeTestId="inbound-cts-range"
        frozen={1}
        empty={
          <NonIdealState icon={<Search size={32} />} title="No inbound transfer slips"
            description={search ? `Nothing matches “${search}”.` : "No van has left the yard for a consignee yet."} />
        }
      >
        <Column name="CTS No." cellRenderer={text((c) => c.ctsNum, (c) => `inbound-cts-row-${c.ctsNum}`)} />
        <Column name="Waybill" cellRenderer={text((c) => c.wayBillRef, (c) => `inbound-cts-waybill-${c.ctsNum}`)} />
        <Column name="CRO No." cellRenderer={text((c) => c.cargoReleaseOrderId, (c) => `inbound-cts-cro-${c.ctsNum}`)} />
        <Column name="Consignee" cellRenderer={text((c) => c.toName, (c) => `inbound-cts-consignee-${c.ctsNum}`)} />
        <Column name="Van" cellRenderer={text((c) => c.containerVanNum, (c) => `inbound-cts-van-${c.ctsNum}`)} />
        <Column name="Trucker" cellRenderer={text((c) => c.truckerName, (c) => `inbound-cts-trucker-${c.ctsNum}`)} />
        <Column name="Plate No." cellRenderer={text((c) => c.plateNum, (c) => `inbound-cts-plate-${c.ctsNum}`)} />
        <Column name="Driver" cellRenderer={text((c) => c.driver, (c) => `inbound-cts-driver-${c.ctsNum}`)} />
        <Column name="From CY" cellRenderer={text((c) => c.fromCyName, (c) => `inbound-cts-cy-${c.ctsNum}`)} />
        <Column name="Time out" cellRenderer={text((c) => formatDateTime(c.dateTimeOut), (c) => `inbound-cts-time-out-${c.ctsNum}`)} />
        <Column name="Status" cellRenderer={statusCell} />
        <Column name="Delivery receipt" cellRenderer={text((c) => c.cargoDeliveryReceiptId ?? "", (c) => `inbound-cts-cdr-${c.ctsNum}`)} />
        <Column name="Actions" cellRenderer={actions} />
      </PagedTable>
      <IssueInboundCtsDialog
        isOpen={issuing}
        onClose={() => setIssuing(false)}
        onIssued={() => {
          setIssuing(false);
          reloadFromStart();
        }}
      />
      <CancelInboundCtsDialog
        slip={cancelling}
        onClose={() => setCancelling(null)}
        onCancelled={() => {
          setCancelling(null);
          reload();
        }}
      />
      <DeliveryReceiptDialog
        slip={receiving}
        onClose={() => setReceiving(null)}
        onCreated={() => {
          setReceiving(null);
          reload();
        }}
      />
    </div>
  );
}
