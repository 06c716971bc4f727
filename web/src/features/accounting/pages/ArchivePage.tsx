import "../accounting.css";
import { HTMLSelect, InputGroup, NonIdealState } from "@blueprintjs/core";
import { Search } from "@blueprintjs/icons";
import { Cell, Column } from "@blueprintjs/table";
import { useEffect, useState } from "react";
import { FormField } from "../../../components/FormDialog.tsx";
import { textCells } from "../../../components/list-cells.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { PagedTable } from "../../../components/PagedTable.tsx";
import { useRecord } from "../../../lib/data/load.ts";
import { usePagedList } from "../../../lib/data/paged-list.ts";
import { formatAmount, formatDateTime } from "../../../lib/format.ts";
import { MONTH_NAMES } from "../../../../../api/shared/dates.ts";
import { type PageProps, PAGES } from "../../../lib/paths.ts";
import type { ArchivedInvoice } from "../api/contracts.ts";
import { loadArchive, loadArchiveMonths, loadArchiveVessels, loadArchiveVoyages, loadArchiveYears } from "../api/postings.ts";
import { AccountingTabs } from "../components/AccountingTabs.tsx";

interface Browse {
  year: number | null;
  month: number | null;
  vesselCode: string;
  voyageNum: string;
}

/**
 * The SI archive (001 §7 SIPostingArchiving): the invoices BASE confirmed, with their waybills, by year, month,
 * vessel and voyage, and a search. Read-only: nothing here changes, and nothing it shows is ever deleted.
 */
export default function ArchivePage(_props: PageProps) {
  const [browse, setBrowse] = useState<Browse>({ year: null, month: null, vesselCode: "", voyageNum: "" });
  const years = useRecord("years", () => loadArchiveYears()).data?.data ?? [];
  const months = useRecord(browse.year ? `m:${browse.year}` : null, () => loadArchiveMonths(browse.year!)).data?.data ?? [];
  const vessels = useRecord(browse.year && browse.month ? `v:${browse.year}:${browse.month}` : null, () => loadArchiveVessels(browse.year!, browse.month!)).data?.data ?? [];
  const voyages = useRecord(browse.year && browse.month && browse.vesselCode ? `y:${browse.year}:${browse.month}:${browse.vesselCode}` : null,
    () => loadArchiveVoyages(browse.year!, browse.month!, browse.vesselCode)).data?.data ?? [];

  // The newest year is open at first.
  useEffect(() => {
    if (browse.year === null && years.length > 0) setBrowse((b) => ({ ...b, year: years[0].year }));
  }, [years, browse.year]);

  const list = usePagedList<ArchivedInvoice & { id: number }, Browse>({
    load: async ({ skip, take, search, filter }) => {
      if (!filter.year) return { data: [], total: 0 };
      const answer = await loadArchive({
        year: filter.year, month: filter.month ?? undefined, vesselCode: filter.vesselCode || undefined, voyageNum: filter.voyageNum || undefined, search, skip, take,
      });
      return { ...answer, data: answer.data.map((r, i) => ({ ...r, id: skip + i + 1 })) };
    },
    initialFilter: browse,
  });
  const { rows, setFilter } = list;
  useEffect(() => setFilter(browse), [browse, setFilter]);
  const text = textCells(rows, { tooltip: true });
  const choose = (next: Partial<Browse>) => setBrowse((b) => ({ ...b, ...next }));

  return (
    <div className="lading-page" data-testid="archive-page">
      <PageHeader title="SI archive" crumbs={[{ text: "CRO Accounting", href: PAGES.croAccounting }]} />
      <AccountingTabs />
      <div className="lading-accounting-filters">
        <FormField label="Year" id="archive-year">
          <HTMLSelect id="archive-year" value={browse.year ?? ""} data-testid="archive-year"
            onChange={(e) => choose({ year: e.currentTarget.value ? Number(e.currentTarget.value) : null, month: null, vesselCode: "", voyageNum: "" })}>
            {years.length === 0 && <option value="">No posted invoices yet</option>}
            {years.map((y) => <option key={y.year} value={y.year}>{y.year} ({y.count})</option>)}
          </HTMLSelect>
        </FormField>
        <FormField label="Month" id="archive-month">
          <HTMLSelect id="archive-month" value={browse.month ?? ""} data-testid="archive-month"
            onChange={(e) => choose({ month: e.currentTarget.value ? Number(e.currentTarget.value) : null, vesselCode: "", voyageNum: "" })}>
            <option value="">Every month</option>
            {months.map((m) => <option key={m.month} value={m.month}>{MONTH_NAMES[m.month - 1]} ({m.count})</option>)}
          </HTMLSelect>
        </FormField>
        <FormField label="Vessel" id="archive-vessel">
          <HTMLSelect id="archive-vessel" value={browse.vesselCode} disabled={!browse.month} data-testid="archive-vessel"
            onChange={(e) => choose({ vesselCode: e.currentTarget.value, voyageNum: "" })}>
            <option value="">Every vessel</option>
            {vessels.map((v) => <option key={v.vesselCode} value={v.vesselCode}>{v.vesselName} ({v.count})</option>)}
          </HTMLSelect>
        </FormField>
        <FormField label="Voyage" id="archive-voyage">
          <HTMLSelect id="archive-voyage" value={browse.voyageNum} disabled={!browse.vesselCode} data-testid="archive-voyage"
            onChange={(e) => choose({ voyageNum: e.currentTarget.value })}>
            <option value="">Every voyage</option>
            {voyages.map((v) => <option key={v.voyageNum} value={v.voyageNum}>{v.voyageNum} · {v.voyageRef} ({v.count}, {formatAmount(v.total)})</option>)}
          </HTMLSelect>
        </FormField>
        <FormField label="Search" id="archive-search">
          <InputGroup id="archive-search" type="search" leftIcon={<Search />} placeholder="Invoice, waybill, buyer or van" value={list.searchText}
            onValueChange={list.setSearchText} data-testid="archive-search" />
        </FormField>
      </div>
      <PagedTable list={list} testId="archive-table" rangeTestId="archive-range" frozen={1}
        empty={<NonIdealState icon={<Search size={32} />} title="No posted invoices" description="Nothing posted to BASE matches." />}>
        <Column name="Invoice No." cellRenderer={text((r) => r.invoiceNo, (r) => `archive-row-${r.invoiceNo}`)} />
        <Column name="Date" cellRenderer={text((r) => r.invoiceDate)} />
        <Column name="Status" cellRenderer={text((r) => r.status)} />
        <Column name="Buyer" cellRenderer={text((r) => r.buyerName)} />
        <Column name="Total" cellRenderer={(row) => <Cell>{rows[row] && <span className="lading-accounting-amount">{formatAmount(rows[row].total)}</span>}</Cell>} />
        <Column name="VAT" cellRenderer={(row) => <Cell>{rows[row] && <span className="lading-accounting-amount">{formatAmount(rows[row].vatAmount)}</span>}</Cell>} />
        <Column name="Voyage" cellRenderer={text((r) => `${r.voyageNum ?? ""} ${r.vesselName}`)} />
        <Column name="Waybill" cellRenderer={text((r) => r.wayBillRef ?? "")} />
        <Column name="Shipper" cellRenderer={text((r) => r.shipperName)} />
        <Column name="Consignee" cellRenderer={text((r) => r.consigneeName)} />
        <Column name="Van" cellRenderer={text((r) => r.containerVanNum)} />
        <Column name="BASE id" cellRenderer={text((r) => r.externalRef ?? "")} />
        <Column name="Posted" cellRenderer={text((r) => formatDateTime(r.confirmedAt))} />
      </PagedTable>
    </div>
  );
}
