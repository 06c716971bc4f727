import { NonIdealState, Tag } from "@blueprintjs/core";
import { Import, Print, Search } from "@blueprintjs/icons";
import { Cell, Column } from "@blueprintjs/table";
import { useState } from "react";
import { RowAction, RowActions, textCells } from "../../../components/list-cells.tsx";
import { type FilterOption, ListToolbar } from "../../../components/ListToolbar.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { PagedTable } from "../../../components/PagedTable.tsx";
import { type PageQuery, usePagedList } from "../../../lib/data/paged-list.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { formatAmount } from "../../../../../api/shared/money.ts";
import { type PageProps, PAGES } from "../../../lib/paths.ts";
import { loadVanIns, VAN_IN_PAGE_SIZE, VAN_IN_STATES, vanInPrintUrl, type VanInRow, type VanInState } from "../api/van-in.ts";
import { VanInDialog } from "../components/VanInDialog.tsx";

type StateFilter = VanInState | "All";

const FILTERS: FilterOption<StateFilter>[] = [
  { value: "All", label: "Out and returned" },
  ...VAN_IN_STATES.map((s) => ({ value: s, label: s === "Out" ? "Out, awaiting return" : "Returned" })),
];


/**
 * Van-in (001 §2 /inbound/van_in): the vans of the user's branches out on an inbound CTS awaiting their return, then
 * the van-ins made, 20 a page, searched by van or waybill. A van out is received in a dialog (when, which yard, the
 * damage found); a van-in is printed as its clearance with the detention settled.
 */
export default function VanInPage(_props: PageProps) {
  const list = usePagedList<VanInRow, StateFilter>({
    load: (q: PageQuery<StateFilter>) => loadVanIns({ skip: q.skip, take: q.take, search: q.search, state: q.filter === "All" ? undefined : q.filter }),
    initialFilter: "All",
    pageSize: VAN_IN_PAGE_SIZE,
    emptyNotice: "always",
  });
  const { rows, search, reload } = list;
  const [receiving, setReceiving] = useState<VanInRow | null>(null);
  const text = textCells(rows, { tooltip: true });

  const stateCell = (row: number) => {
    const item = rows[row];
    return (
      <Cell>
        {item && <Tag minimal intent={item.state === "Returned" ? "success" : "warning"} data-testid={`van-in-state-${item.wayBillRef}`}>{item.state}</Tag>}
      </Cell>
    );
  };

  // A van out has no van-in id yet, so the row's buttons are laid out here rather than by actionsCell.
  const actions = (row: number) => {
    const item = rows[row];
    if (!item) return <Cell />;
    return (
      <Cell interactive className="lading-actions-cell">
        <RowActions>
          {item.vanInId
            ? (
              <RowAction icon={<Print />} label="Print" hint="Print the van-in clearance (PDF)" href={vanInPrintUrl(item.vanInId)} target="_blank"
                data-testid={`van-in-print-${item.wayBillRef}`} />
            )
            : (
              <RowAction icon={<Import />} intent="primary" label="Van-in" hint="Record the van's return" onClick={() => setReceiving(item)}
                data-testid={`van-in-receive-${item.wayBillRef}`} />
            )}
        </RowActions>
      </Cell>
    );
  };

  return (
    <div className="lading-page" data-testid="van-in-page">
      <PageHeader title="Van-in" crumbs={[{ text: "Inbound", href: PAGES.inbound }]} />
      <ListToolbar
        list={list}
        placeholder="Search van, waybill or booking"
        searchLabel="Search vans"
        searchTestId="van-in-search"
        filterLabel="State filter"
        filterTestId="van-in-filter"
        options={FILTERS}
      />
      <PagedTable
        list={list}
        testId="van-in-table"
        rangeTestId="van-in-range"
        frozen={1}
        empty={
          <NonIdealState icon={<Search size={32} />} title="No vans"
            description={search ? `Nothing matches “${search}”.` : "No van is out on an inbound CTS and none has come back yet."} />
        }
      >
        <Column name="Waybill" cellRenderer={text((c) => c.wayBillRef, (c) => `van-in-row-${c.wayBillRef}`)} />
        <Column name="State" cellRenderer={stateCell} />
        <Column name="Van" cellRenderer={text((c) => [c.containerVanNum, c.tandemContainerVanNum].filter(Boolean).join(" / "), (c) => `van-in-van-${c.wayBillRef}`)} />
        <Column name="Consignee" cellRenderer={text((c) => c.consigneeName, (c) => `van-in-consignee-${c.wayBillRef}`)} />
        <Column name="Van out" cellRenderer={text((c) => (c.vanOut ? formatDateTime(c.vanOut) : ""), (c) => `van-in-out-${c.wayBillRef}`)} />
        <Column name="Van-in No." cellRenderer={text((c) => c.vanInId ?? "", (c) => `van-in-id-${c.wayBillRef}`)} />
        <Column name="Returned" cellRenderer={text((c) => (c.dateReturned ? formatDateTime(c.dateReturned) : ""), (c) => `van-in-returned-${c.wayBillRef}`)} />
        <Column name="CY" cellRenderer={text((c) => c.cyName ?? "", (c) => `van-in-cy-${c.wayBillRef}`)} />
        <Column name="Damage" cellRenderer={text((c) => c.damages.map((d) => `${d.vanPart} ${d.damageType.toLowerCase()}`).join(", "), (c) => `van-in-damage-${c.wayBillRef}`)} />
        <Column name="Detention" cellRenderer={text((c) => (c.vanInId ? `${c.detentionDays} d, ${formatAmount(c.detentionAmount)}` : ""), (c) => `van-in-detention-${c.wayBillRef}`)} />
        <Column name="Received by" cellRenderer={text((c) => c.receivedByName ?? "", (c) => `van-in-by-${c.wayBillRef}`)} />
        <Column name="Actions" cellRenderer={actions} />
      </PagedTable>
      <VanInDialog
        row={receiving}
        onClose={() => setReceiving(null)}
        onRecorded={() => {
          setReceiving(null);
          reload();
        }}
      />
    </div>
  );
}
