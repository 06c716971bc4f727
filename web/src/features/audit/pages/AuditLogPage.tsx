import "@blueprintjs/table/lib/css/table.css";
import { Button, ButtonGroup, Classes, HTMLSelect, InputGroup, NonIdealState } from "@blueprintjs/core";
import { Refresh, Search } from "@blueprintjs/icons";
import { Cell, Column, RowHeaderCell, Table, TableLoadingOption } from "@blueprintjs/table";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { SystemAccountTabs } from "../../../components/SystemAccountTabs.tsx";
import { errorText, notify } from "../../../lib/notify.ts";
import { AUDIT_ACTIONS, type AuditAction, type AuditRow, loadAudit } from "../api/audit.ts";

const PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 300;
const ROW_HEIGHT = 28;
const HEADER_HEIGHT = 30;
const FIXED_WIDTHS = { time: 170, actor: 150, action: 190, address: 130, rowHeader: 40 };

/** Target and Details share what the fixed columns leave, so the table spans the page. */
function useColumnWidths(container: React.RefObject<HTMLDivElement | null>): number[] {
  const [width, setWidth] = useState(1100);
  useLayoutEffect(() => {
    const el = container.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry!.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, [container]);
  const { time, actor, action, address, rowHeader } = FIXED_WIDTHS;
  const rest = Math.max(360, width - time - actor - action - address - rowHeader - 2);
  const target = Math.floor(rest * 0.4);
  return [time, actor, action, target, rest - target, address];
}

const localTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });

/** The facts of a row as one line: key: value, ... (nested values as JSON). */
function detailText(detail: AuditRow["detail"]): string {
  if (!detail) return "";
  return Object.entries(detail)
    .map(([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(", ");
}

const actionLabel = (action: string) => action.toLowerCase().replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());

/**
 * System Account > Audit log: who signed in, failed, was locked out, signed out or was refused, and every
 * change to users and roles. Read only; newest first.
 */
export default function AuditLogPage() {
  const [page, setPage] = useState(0);
  const [searchText, setSearchText] = useState("");
  const [search, setSearch] = useState("");
  const [action, setAction] = useState<AuditAction | "">("");
  const [rows, setRows] = useState<AuditRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [reloads, setReloads] = useState(0);
  const tableBox = useRef<HTMLDivElement>(null);
  const widths = useColumnWidths(tableBox);

  const reload = useCallback(() => setReloads((n) => n + 1), []);

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch((current) => {
        const next = searchText.trim();
        if (next !== current) setPage(0);
        return next;
      });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  useEffect(() => {
    let stale = false;
    setLoading(true);
    loadAudit({ skip: page * PAGE_SIZE, take: PAGE_SIZE, search: search || undefined, action: action || undefined })
      .then((result) => {
        if (stale) return;
        if (result.data.length === 0 && page > 0 && result.total > 0) {
          setPage(Math.ceil(result.total / PAGE_SIZE) - 1);
          return;
        }
        setRows(result.data);
        setTotal(result.total);
        if (result.data.length === 0) notify.warning(result.message ?? "No more data to load");
      })
      .catch((error) => {
        if (!stale) notify.error(errorText(error));
      })
      .finally(() => {
        if (!stale) setLoading(false);
      });
    return () => {
      stale = true;
    };
  }, [page, search, action, reloads]);

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

  /** Local time on screen; the exact UTC instant on hover. */
  const timeCell = (index: number) => {
    const row = rows[index];
    if (!row) return <Cell />;
    return (
      <Cell>
        <time dateTime={row.at} title={`${row.at.replace("T", " ").replace("Z", "")} UTC`} data-testid="audit-time">
          {localTime.format(new Date(row.at))}
        </time>
      </Cell>
    );
  };

  const first = total === 0 ? 0 : page * PAGE_SIZE + 1;
  const last = page * PAGE_SIZE + rows.length;
  const lastPage = Math.max(0, Math.ceil(total / PAGE_SIZE) - 1);
  const tableHeight = HEADER_HEIGHT + Math.max(rows.length, 1) * ROW_HEIGHT + 2;

  return (
    <div className="lading-page" data-testid="audit-page">
      <PageHeader title="Audit log" crumbs={[{ text: "System Account", href: "/system_account" }]} />
      <SystemAccountTabs />
      <div className="lading-toolbar">
        <InputGroup
          type="search"
          leftIcon={<Search />}
          placeholder="Search user or target"
          aria-label="Search the audit log"
          value={searchText}
          onValueChange={setSearchText}
          className="lading-search"
          data-testid="audit-search"
        />
        <HTMLSelect
          aria-label="Action filter"
          value={action}
          onChange={(e) => {
            setAction(e.currentTarget.value as AuditAction | "");
            setPage(0);
          }}
          data-testid="audit-action"
        >
          <option value="">All actions</option>
          {AUDIT_ACTIONS.map((a) => <option key={a} value={a}>{actionLabel(a)}</option>)}
        </HTMLSelect>
        <Button variant="minimal" icon={<Refresh />} aria-label="Reload list" title="Reload list" onClick={reload} />
      </div>
      <div ref={tableBox} className="lading-table-box" style={{ height: tableHeight }} data-testid="audit-table">
        <Table
          numRows={rows.length}
          defaultRowHeight={ROW_HEIGHT}
          columnWidths={widths}
          enableColumnResizing={false}
          enableRowResizing={false}
          cellRendererDependencies={[rows]}
          loadingOptions={loading ? [TableLoadingOption.CELLS] : []}
          rowHeaderCellRenderer={(row) => <RowHeaderCell name={String(page * PAGE_SIZE + row + 1)} />}
        >
          <Column name="Time" cellRenderer={timeCell} />
          <Column name="User" cellRenderer={text((r) => r.actor ?? "", "audit-actor")} />
          <Column name="Action" cellRenderer={text((r) => actionLabel(r.action), "audit-action-cell")} />
          <Column name="Target" cellRenderer={text((r) => r.target ?? "")} />
          <Column name="Details" cellRenderer={text((r) => detailText(r.detail))} />
          <Column name="Address" cellRenderer={text((r) => r.address ?? "")} />
        </Table>
      </div>
      {!loading && rows.length === 0 && (
        <NonIdealState
          icon={<Search size={32} />}
          title="No entries"
          description={search || action ? "Nothing matches the search and filter." : "The audit log is empty."}
        />
      )}
      <div className="lading-pager">
        <span className={Classes.TEXT_MUTED} data-testid="audit-range">
          {first}–{last} of {total}
        </span>
        <ButtonGroup>
          <Button text="Previous" disabled={page === 0 || loading} onClick={() => setPage((p) => Math.max(0, p - 1))} aria-label="Previous page" />
          <Button text="Next" disabled={page >= lastPage || loading} onClick={() => setPage((p) => p + 1)} aria-label="Next page" />
        </ButtonGroup>
      </div>
    </div>
  );
}
