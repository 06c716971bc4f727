import { useState } from "react";
import { Classes, HTMLSelect, InputGroup, NonIdealState } from "@blueprintjs/core";
import { Search } from "@blueprintjs/icons";
import { Cell, Column } from "@blueprintjs/table";
import { type FilterOption, ListToolbar } from "../../../components/ListToolbar.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { PagedTable } from "../../../components/PagedTable.tsx";
import { SystemAccountTabs } from "../../../components/SystemAccountTabs.tsx";
import { useDebounced } from "../../../lib/data/load.ts";
import { usePagedList } from "../../../lib/data/paged-list.ts";
import { AUDIT_ACTIONS, AUDIT_RECORD_KINDS, type AuditAction, type AuditRecordKind, type AuditRow, loadAudit } from "../api/audit.ts";
import { PAGES } from "../../../lib/paths.ts";

const localTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });

/** Where a change's values go in the line: after the other facts, the values before and then after. */
const LAST = ["before", "after"];
const placeOf = (key: string) => LAST.indexOf(key) + 1;

/**
 * The facts of a row as one line: key: value, ... (nested values as JSON), "before" and "after" last and in
 * that order (the database keeps a row's keys in its own order).
 */
function detailText(detail: AuditRow["detail"]): string {
  if (!detail) return "";
  return Object.entries(detail)
    .sort(([a], [b]) => placeOf(a) - placeOf(b))
    .map(([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(", ");
}

const actionLabel = (action: string) => action.toLowerCase().replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());

const ACTION_CHOICES: FilterOption<AuditAction | "">[] = [
  { value: "", label: "All actions" },
  ...AUDIT_ACTIONS.map((a) => ({ value: a, label: actionLabel(a) })),
];

/** The record kinds in words: "sales-quotation" reads "Sales quotation". */
const kindLabel = (kind: string) => kind.replace(/-/g, " ").replace(/^./, (c) => c.toUpperCase());

/**
 * System Account > Audit log: who signed in, failed, was locked out, signed out or was refused, every change
 * to users and roles, every status change and approval, and every change of a price, rate, policy or charge
 * line with its values before and after. Filtered by record: a kind and its reference (or id). Read only;
 * newest first.
 */
export default function AuditLogPage() {
  const [kind, setKind] = useState<AuditRecordKind | "">("");
  const [recordText, setRecordText] = useState("");
  const record = useDebounced(recordText).trim();
  const list = usePagedList<AuditRow, AuditAction | "">({
    load: ({ skip, take, search, filter }) =>
      loadAudit({ skip, take, search, action: filter || undefined, kind: kind || undefined, record: record || undefined }),
    initialFilter: "",
    emptyNotice: "always",
  });
  const { rows, search, filter: action } = list;
  // A new record filter is a new query from the first page, as a new search is.
  const recordKey = `${kind}|${record}`;
  const [readFor, setReadFor] = useState(recordKey);
  if (readFor !== recordKey) {
    setReadFor(recordKey);
    list.reloadFromStart();
  }

  const text = (pick: (row: AuditRow) => string, testId?: string) => (index: number) => {
    const row = rows[index];
    if (!row) return <Cell />;
    const value = pick(row);
    return (
      <Cell>
        <span title={value} data-testid={testId}>{value}</span>
      </Cell>
    );
  };

  /**
   * Local time on screen; the exact UTC instant on hover. A refusal repeated in one row shows its count (×37)
   * beside the first time, and the latest on hover.
   */
  const timeCell = (index: number) => {
    const row = rows[index];
    if (!row) return <Cell />;
    const utc = (at: string) => `${at.replace("T", " ").replace("Z", "")} UTC`;
    return (
      <Cell>
        <time dateTime={row.at} title={utc(row.at)} data-testid="audit-time">
          {localTime.format(new Date(row.at))}
        </time>
        {row.repeats > 1 && (
          <span
            className={Classes.TEXT_MUTED}
            title={`${row.repeats} times${row.lastAt ? `, the last at ${localTime.format(new Date(row.lastAt))} (${utc(row.lastAt)})` : ""}`}
            aria-label={`${row.repeats} times`}
            data-testid="audit-repeats"
          >
            {` ×${row.repeats}`}
          </span>
        )}
      </Cell>
    );
  };

  return (
    <div className="lading-page" data-testid="audit-page">
      <PageHeader title="Audit log" crumbs={[{ text: "System Account", href: PAGES.systemAccount }]} />
      <SystemAccountTabs />
      <ListToolbar
        list={list}
        placeholder="Search user or target"
        searchLabel="Search the audit log"
        searchTestId="audit-search"
        filterLabel="Action filter"
        filterTestId="audit-action"
        options={ACTION_CHOICES}
      />
      <div className="lading-toolbar">
        <HTMLSelect
          aria-label="Record kind"
          value={kind}
          onChange={(e) => setKind(e.currentTarget.value as AuditRecordKind | "")}
          data-testid="audit-record-kind"
        >
          <option value="">Any record</option>
          {AUDIT_RECORD_KINDS.map((k) => <option key={k} value={k}>{kindLabel(k)}</option>)}
        </HTMLSelect>
        <InputGroup
          type="search"
          placeholder="Reference or id"
          aria-label="Record reference or id"
          value={recordText}
          onValueChange={setRecordText}
          data-testid="audit-record"
        />
      </div>
      <PagedTable
        list={list}
        testId="audit-table"
        rangeTestId="audit-range"
        empty={
          <NonIdealState
            icon={<Search size={32} />}
            title="No entries"
            description={search || action || kind || record ? "Nothing matches the search and filters." : "The audit log is empty."}
          />
        }
      >
        <Column name="Time" cellRenderer={timeCell} />
        <Column name="User" cellRenderer={text((r) => r.actor ?? "", "audit-actor")} />
        <Column name="Action" cellRenderer={text((r) => actionLabel(r.action), "audit-action-cell")} />
        <Column name="Target" cellRenderer={text((r) => r.target ?? "", "audit-target")} />
        <Column name="Details" cellRenderer={text((r) => detailText(r.detail), "audit-detail")} />
        <Column name="Address" cellRenderer={text((r) => r.address ?? "")} />
      </PagedTable>
    </div>
  );
}
