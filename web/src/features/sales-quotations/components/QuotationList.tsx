import { NonIdealState } from "@blueprintjs/core";
import { Search } from "@blueprintjs/icons";
import { Cell, Column } from "@blueprintjs/table";
import { useCallback, useMemo } from "react";
import { textCells } from "../../../components/list-cells.tsx";
import { type FilterOption, ListToolbar, STATUS_OPTIONS } from "../../../components/ListToolbar.tsx";
import { AppLink } from "../../../components/PageHeader.tsx";
import { PagedTable } from "../../../components/PagedTable.tsx";
import { type PageQuery, usePagedList } from "../../../lib/data/paged-list.ts";
import { type QuotationRow, SQ_STATUSES, type SqList } from "../api/contracts.ts";
import { namesOf, usePicker } from "../../../lib/data/pickers.ts";
import { loadQuotations } from "../api/quotations.ts";
import { StatusTag } from "./StatusTag.tsx";
import { PAGES, pathTo } from "../../../lib/paths.ts";

type Filter = string;

/** Active or inactive, or one quotation status: the server takes a status name as the filter too. */
const FILTER_OPTIONS: FilterOption<Filter>[] = [...STATUS_OPTIONS, ...SQ_STATUSES.map((status) => ({ value: status, label: status }))];

/**
 * One list of quotations (a role's queue, the AE's own, the archive): search, the active filter, pages of 20;
 * each reference opens the quotation. `idPrefix` names the test ids: sq-ae-table, sq-ae-row-{ref}, ...
 */
export function QuotationList({ list: which, idPrefix }: { list: SqList; idPrefix: string }) {
  const load = useCallback(
    (q: PageQuery<Filter>) => loadQuotations(which, { skip: q.skip, take: q.take, search: q.search, filter: q.filter === "All" ? undefined : q.filter }),
    [which],
  );
  const list = usePagedList<QuotationRow, Filter>({ load, initialFilter: "All", emptyNotice: "always" });
  const { rows, search } = list;
  const customers = usePicker("customers");
  const customerNames = useMemo(() => namesOf(customers, (c) => c.company), [customers]);
  const text = textCells(rows, { tooltip: true });

  const refCell = (row: number) => {
    const item = rows[row];
    return (
      <Cell interactive>
        {item && <AppLink to={pathTo(PAGES.sqRead, { sqRefNum: item.sqRefNum })} data-testid={`${idPrefix}-row-${item.sqRefNum}`}>{item.sqRefNum}</AppLink>}
      </Cell>
    );
  };
  const statusCell = (row: number) => {
    const item = rows[row];
    return <Cell>{item && <StatusTag status={item.status} testId={`${idPrefix}-status-${item.sqRefNum}`} />}</Cell>;
  };

  return (
    <div className="lading-sq-list" data-testid={`${idPrefix}-list`}>
      <ListToolbar
        list={list}
        placeholder="Search SQ reference, customer code or remarks"
        searchLabel="Search quotations"
        searchTestId={`${idPrefix}-search`}
        filterLabel="Status filter"
        filterTestId={`${idPrefix}-filter`}
        options={FILTER_OPTIONS}
      />
      <PagedTable
        list={list}
        testId={`${idPrefix}-table`}
        rangeTestId={`${idPrefix}-range`}
        empty={
          <NonIdealState icon={<Search size={32} />} title="No SQ Found!"
            description={search ? `Nothing matches “${search}”.` : "There are no quotations in this list."} />
        }
      >
        <Column name="SQ reference" cellRenderer={refCell} />
        <Column name="SQ date" cellRenderer={text((q) => q.sqDate)} />
        <Column name="Valid until" cellRenderer={text((q) => q.validUntil)} />
        <Column name="Customer" cellRenderer={text((q) => {
          const name = customerNames.get(q.customerCode);
          return name ? `${q.customerCode} · ${name}` : q.customerCode;
        })} />
        <Column name="Cargo type" cellRenderer={text((q) => q.cargoTypeCode)} />
        <Column name="Branch" cellRenderer={text((q) => q.branchCode)} />
        <Column name="AE" cellRenderer={text((q) => q.userId)} />
        <Column name="Status" cellRenderer={statusCell} />
        <Column name="Remarks" cellRenderer={text((q) => q.remarks)} />
      </PagedTable>
    </div>
  );
}
