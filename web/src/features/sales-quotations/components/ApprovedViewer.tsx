import { Button, Card, H5, HTMLSelect, InputGroup, NonIdealState } from "@blueprintjs/core";
import { Download, Search } from "@blueprintjs/icons";
import { Cell, Column } from "@blueprintjs/table";
import { useState } from "react";
import { AppLink } from "../../../components/PageHeader.tsx";
import { useDownload } from "../../../lib/download.ts";
import { errorText, notify } from "../../../lib/notify.ts";
import type { FullQuotation } from "../api/contracts.ts";
import { usePicker } from "../../../lib/data/pickers.ts";
import { approvedOfCustomer, customerWorkbook } from "../api/quotations.ts";
import { formatAmount } from "../../../lib/format.ts";
import { DetailTable, detailLayout } from "./DetailTable.tsx";
import { PAGES, pathTo } from "../../../lib/paths.ts";

const LAYOUT = detailLayout([170, 110, 110, 70, { share: 1 }, 140]);

/**
 * For the SQ approved viewer: a customer's finance-approved quotations, searched by reference or remarks,
 * and every quotation of that customer as a workbook.
 */
export function ApprovedViewer() {
  const customers = usePicker("customers");
  const [customerCode, setCustomerCode] = useState("");
  const [search, setSearch] = useState("");
  const [rows, setRows] = useState<FullQuotation[] | null>(null);
  const [searching, setSearching] = useState(false);
  const download = useDownload();

  const find = async (event?: React.FormEvent) => {
    event?.preventDefault();
    if (!customerCode) {
      notify.warning("Choose a customer first.");
      return;
    }
    setSearching(true);
    try {
      const result = await approvedOfCustomer(customerCode, search.trim() || undefined);
      setRows(result.data);
      if (result.data.length === 0) notify.emptyList(result.message ?? "No SQ Found!");
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setSearching(false);
    }
  };

  const downloadAll = () => {
    if (!customerCode) return notify.warning("Choose a customer first.");
    void download.run(() => customerWorkbook(customerCode));
  };

  const cell = (pick: (q: FullQuotation) => React.ReactNode) => (row: number) => {
    const item = rows?.[row];
    return <Cell interactive>{item ? pick(item) : null}</Cell>;
  };

  return (
    <Card className="lading-sq-section" data-testid="sq-viewer">
      <H5>Approved quotations of a customer</H5>
      <form className="lading-toolbar" onSubmit={(e) => void find(e)}>
        <HTMLSelect aria-label="Customer" value={customerCode} onChange={(e) => setCustomerCode(e.currentTarget.value)} data-testid="sq-viewer-customer">
          <option value="">Choose a customer…</option>
          {customers.map((c) => <option key={c.code} value={c.code}>{c.code} · {c.company}</option>)}
        </HTMLSelect>
        <InputGroup type="search" leftIcon={<Search />} placeholder="SQ reference or remarks" aria-label="Search approved quotations"
          value={search} onValueChange={setSearch} className="lading-search" data-testid="sq-viewer-search" />
        <Button type="submit" intent="primary" text="Search" loading={searching} disabled={searching || download.busy} data-testid="sq-viewer-submit" />
        <Button icon={<Download />} text="All quotations (XLSX)" loading={download.busy} disabled={searching || download.busy}
          onClick={downloadAll} data-testid="sq-viewer-download" />
      </form>
      {rows !== null && rows.length > 0 && (
        <div className="lading-gap-top">
          <DetailTable rows={rows.length} layout={LAYOUT} testId="sq-viewer-table" redrawOn={[rows]}>
            <Column name="SQ reference" cellRenderer={cell((q) => <AppLink to={pathTo(PAGES.sqRead, { sqRefNum: q.sqRefNum })}>{q.sqRefNum}</AppLink>)} />
            <Column name="SQ date" cellRenderer={cell((q) => q.sqDate)} />
            <Column name="Valid until" cellRenderer={cell((q) => q.validUntil)} />
            <Column name="Lanes" cellRenderer={cell((q) => String(q.lanes.length))} />
            <Column name="Ports" cellRenderer={cell((q) => q.lanes.map((l) => `${l.originPortCode}→${l.destinationPortCode}`).join(", "))} />
            <Column name="Total" cellRenderer={cell((q) => <span className="lading-sq-amount">{formatAmount(q.total)}</span>)} />
          </DetailTable>
        </div>
      )}
      {rows !== null && rows.length === 0 && <NonIdealState icon={<Search size={24} />} title="No SQ Found!" />}
    </Card>
  );
}
