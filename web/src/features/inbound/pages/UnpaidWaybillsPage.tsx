import { HTMLSelect, InputGroup, NonIdealState, Spinner, Tag } from "@blueprintjs/core";
import { Search } from "@blueprintjs/icons";
import { useAtomValue } from "jotai";
import { useMemo, useState } from "react";
import { formatManilaDateTime } from "../../../../../api/shared/dates.ts";
import { formatAmount } from "../../../../../api/shared/money.ts";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { type ReportColumn, ReportTable } from "../../../components/ReportTable.tsx";
import { useDebounced } from "../../../lib/data/load.ts";
import { useReport } from "../../../lib/data/report.ts";
import { PAGES } from "../../../lib/paths.ts";
import { signedInUserAtom } from "../../../lib/session.ts";
import { unpaidWaybills, type UnpaidWaybillsAnswer, type UnpaidWaybillsQuery } from "../api/dwell.ts";

/**
 * Unpaid waybills (001 §7 InBound): the cargo discharged at the user's branches, not yet released, that
 * accounting answers unpaid: the side, accounting's reason and what is owed. A cargo release order is refused for
 * each until it is paid.
 */

type Row = UnpaidWaybillsAnswer["data"][number];

const COLUMNS: ReportColumn<Row>[] = [
  { name: "Waybill", width: 170, value: (r) => r.wayBillRef },
  { name: "Booking", width: 170, value: (r) => r.bookingRef },
  { name: "Voyage", width: 170, value: (r) => `${r.voyageNum} · ${r.voyageRef}` },
  { name: "Branch", width: 64, value: (r) => r.destinationBranchCode },
  { name: "Consignee", width: 180, value: (r) => r.consigneeName },
  { name: "Van", width: 130, value: (r) => r.containerVanNum },
  { name: "Payment", width: 72, value: (r) => r.modeOfPayment },
  { name: "Discharged", width: 170, value: (r) => formatManilaDateTime(r.discharged) },
  { name: "Unpaid side", width: 110, value: (r) => r.sides.map((s) => <Tag key={s.side} minimal intent="danger">{s.side}</Tag>) },
  { name: "Reason", width: { share: 1 }, value: (r) => r.sides.map((s) => s.reason).join(" ") },
  { name: "Amount", width: 110, numeric: true, value: (r) => formatAmount(r.amount) },
];

export default function UnpaidWaybillsPage() {
  const user = useAtomValue(signedInUserAtom);
  const [branchCode, setBranchCode] = useState("");
  const [searchText, setSearchText] = useState("");
  const search = useDebounced(searchText.trim());
  const query = useMemo<UnpaidWaybillsQuery>(() => ({ branchCode: branchCode || undefined, search: search || undefined }), [branchCode, search]);
  const { report, loading } = useReport(unpaidWaybills, query);

  return (
    <div className="lading-page" data-testid="unpaid-waybills-page">
      <PageHeader title="Unpaid waybills" crumbs={[{ text: "Inbound", href: PAGES.inbound }]} />
      <div className="lading-toolbar" style={{ marginBottom: 10 }}>
        <InputGroup type="search" leftIcon={<Search />} className="lading-search" placeholder="Search waybill, booking, consignee or van"
          aria-label="Search unpaid waybills" value={searchText} onValueChange={setSearchText} data-testid="unpaid-search" />
        <HTMLSelect aria-label="Branch" value={branchCode} onChange={(e) => setBranchCode(e.currentTarget.value)} data-testid="unpaid-branch">
          <option value="">All my branches</option>
          {(user?.branches ?? []).map((b) => <option key={b.branchCode} value={b.branchCode}>{b.branchCode} · {b.branchName}</option>)}
        </HTMLSelect>
      </div>
      {loading && !report && <Spinner size={30} />}
      {report && report.data.length === 0 && (
        <NonIdealState icon={<Search size={32} />} title="No unpaid waybills" description="Every discharged waybill waiting for release is paid." />
      )}
      {report && report.data.length > 0 && (
        <div style={{ display: "flex", flexDirection: "column", gap: 10, opacity: loading ? 0.6 : 1 }}>
          <span style={{ color: "var(--lading-muted)" }} data-testid="unpaid-summary">
            {report.total} waybill(s) unpaid in BASE Accounting, {formatAmount(report.amount)} owed.
          </span>
          <ReportTable columns={COLUMNS} rows={report.data} testId="unpaid-table" />
        </div>
      )}
    </div>
  );
}
