import "@blueprintjs/table/lib/css/table.css";
import { Button, ButtonGroup, Classes, HTMLSelect, InputGroup, NonIdealState, Tag } from "@blueprintjs/core";
import { Add, Disable, Document, Edit, Export, Refresh, Search, TickCircle, Trash } from "@blueprintjs/icons";
import { Cell, Column, RowHeaderCell, Table, TableLoadingOption } from "@blueprintjs/table";
import { useAtomValue } from "jotai";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { confirmPrompt } from "../../../components/ConfirmPrompt.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { PDF_TYPE, saveBytes, XLSX_TYPE } from "../../../lib/download.ts";
import { whileSaving } from "../../../lib/leave-guard.ts";
import { errorText, notify } from "../../../lib/notify.ts";
import { signedInUserAtom } from "../../../lib/session.ts";
import {
  activatePort,
  activeBranches,
  type Branch,
  deletePorts,
  loadAllPorts,
  loadPorts,
  type Port,
  type StatusFilter,
} from "../api/ports.ts";
import { PortDialog } from "../components/PortDialog.tsx";

const PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 300;
const ROW_HEIGHT = 28;
const HEADER_HEIGHT = 30;
const FIXED_WIDTHS = { code: 110, branch: 100, status: 90, actions: 270, rowHeader: 30 };

type DialogState = { port: Port | null } | null;

/** Name and Location share whatever the fixed columns leave, so the table spans the page without a gap. */
function useColumnWidths(container: React.RefObject<HTMLDivElement | null>): number[] {
  const [width, setWidth] = useState(1000);
  useLayoutEffect(() => {
    const el = container.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry!.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, [container]);
  const { code, branch, status, actions, rowHeader } = FIXED_WIDTHS;
  const rest = Math.max(320, width - code - branch - status - actions - rowHeader - 2);
  const name = Math.floor(rest * 0.55);
  return [code, name, branch, rest - name, status, actions];
}

export default function PortsPage() {
  const user = useAtomValue(signedInUserAtom);
  const [page, setPage] = useState(0);
  const [searchText, setSearchText] = useState("");
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState<StatusFilter>("All");
  const [rows, setRows] = useState<Port[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [reloads, setReloads] = useState(0);
  const [branches, setBranches] = useState<Branch[]>([]);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [exporting, setExporting] = useState<"xlsx" | "pdf" | null>(null);
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
    loadPorts({ skip: page * PAGE_SIZE, take: PAGE_SIZE, search: search || undefined, filter })
      .then((result) => {
        if (stale) return;
        // A delete can empty the last page; step back rather than show an empty page with records before it.
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
  }, [page, search, filter, reloads]);

  useEffect(() => {
    activeBranches()
      .then((result) => setBranches(result.data))
      .catch((error) => notify.error(errorText(error)));
  }, []);

  /** A row's save: the row shows busy, leaving is guarded, the server's notice is shown, the list reloads. */
  const runRowAction = async (port: Port, work: () => Promise<{ message: string }>) => {
    setBusyId(port.id);
    try {
      const result = await whileSaving(work);
      notify.success(result.message);
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusyId(null);
      reload();
    }
  };

  const toggleActive = (port: Port) => runRowAction(port, () => activatePort(port.id, !port.isActive));

  const remove = async (port: Port) => {
    const confirmed = await confirmPrompt({
      title: "Delete port",
      description: `Delete port ${port.code} (${port.name})? This cannot be undone.`,
      actionText: "Delete",
      intent: "danger",
    });
    if (!confirmed) return;
    await runRowAction(port, () => deletePorts([port.id]));
  };

  const exportRows = async (kind: "xlsx" | "pdf") => {
    setExporting(kind);
    try {
      const query = { search: search || undefined, filter };
      if (kind === "xlsx") {
        // The workbook library is large; it loads only when someone exports.
        const [all, template] = await Promise.all([loadAllPorts(query), import("../../../../../templates/exports/ports.ts")]);
        if (all.length === 0) return notify.warning("No more data to load");
        saveBytes(template.buildPortsWorkbook(all), template.PORTS_XLSX_NAME, XLSX_TYPE);
      } else {
        const [all, template] = await Promise.all([loadAllPorts(query), import("../../../../../templates/documents/ports-list.ts")]);
        if (all.length === 0) return notify.warning("No more data to load");
        const bytes = template.buildPortsListPdf(all, { generatedBy: user?.name ?? "", generatedAt: new Date() });
        saveBytes(bytes, template.PORTS_PDF_NAME, PDF_TYPE);
      }
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setExporting(null);
    }
  };

  const first = total === 0 ? 0 : page * PAGE_SIZE + 1;
  const last = page * PAGE_SIZE + rows.length;
  const lastPage = Math.max(0, Math.ceil(total / PAGE_SIZE) - 1);

  const text = (pick: (port: Port) => string, testId?: (port: Port) => string) => (row: number) => {
    const port = rows[row];
    return (
      <Cell>
        {port && <span data-testid={testId?.(port)}>{pick(port)}</span>}
      </Cell>
    );
  };

  const statusCell = (row: number) => {
    const port = rows[row];
    return (
      <Cell>
        {port && (
          <Tag minimal intent={port.isActive ? "success" : "none"} data-testid={`port-status-${port.code}`}>
            {port.isActive ? "Active" : "Inactive"}
          </Tag>
        )}
      </Cell>
    );
  };

  const actionsCell = (row: number) => {
    const port = rows[row];
    if (!port) return <Cell />;
    const busy = busyId === port.id;
    return (
      <Cell interactive className="lading-actions-cell">
        <ButtonGroup variant="minimal" size="small">
          <Button icon={<Edit />} text="Edit" aria-label={`Edit port ${port.code}`} disabled={busy} onClick={() => setDialog({ port })} />
          <Button
            icon={port.isActive ? <Disable /> : <TickCircle />}
            text={port.isActive ? "Deactivate" : "Activate"}
            aria-label={`${port.isActive ? "Deactivate" : "Activate"} port ${port.code}`}
            disabled={busy}
            onClick={() => void toggleActive(port)}
          />
          <Button
            icon={<Trash />}
            intent="danger"
            text="Delete"
            aria-label={`Delete port ${port.code}`}
            disabled={busy}
            onClick={() => void remove(port)}
          />
        </ButtonGroup>
      </Cell>
    );
  };

  const tableHeight = HEADER_HEIGHT + Math.max(rows.length, 1) * ROW_HEIGHT + 2;

  return (
    <div className="lading-page" data-testid="ports-page">
      <PageHeader
        title="Ports"
        crumbs={[{ text: "Master Data", href: "/master_data" }]}
        actions={
          <>
            <Button intent="primary" icon={<Add />} text="New port" onClick={() => setDialog({ port: null })} data-testid="new-port" />
            <Button icon={<Export />} text="Export XLSX" loading={exporting === "xlsx"} disabled={exporting !== null} onClick={() => void exportRows("xlsx")} data-testid="export-xlsx" />
            <Button icon={<Document />} text="Print PDF" loading={exporting === "pdf"} disabled={exporting !== null} onClick={() => void exportRows("pdf")} data-testid="print-pdf" />
          </>
        }
      />
      <div className="lading-toolbar">
        <InputGroup
          type="search"
          leftIcon={<Search />}
          placeholder="Search code, name, branch or location"
          aria-label="Search ports"
          value={searchText}
          onValueChange={setSearchText}
          className="lading-search"
          data-testid="ports-search"
        />
        <HTMLSelect
          aria-label="Status filter"
          value={filter}
          onChange={(e) => {
            setFilter(e.currentTarget.value as StatusFilter);
            setPage(0);
          }}
          data-testid="ports-filter"
        >
          <option value="All">All</option>
          <option value="IsActive">Active</option>
          <option value="IsInactive">Inactive</option>
        </HTMLSelect>
        <Button variant="minimal" icon={<Refresh />} aria-label="Reload list" title="Reload list" onClick={reload} />
      </div>
      <div ref={tableBox} className="lading-table-box" style={{ height: tableHeight }} data-testid="ports-table">
        <Table
          numRows={rows.length}
          defaultRowHeight={ROW_HEIGHT}
          columnWidths={widths}
          enableColumnResizing={false}
          enableRowResizing={false}
          cellRendererDependencies={[rows, busyId]}
          loadingOptions={loading ? [TableLoadingOption.CELLS] : []}
          rowHeaderCellRenderer={(row) => <RowHeaderCell name={String(page * PAGE_SIZE + row + 1)} />}
        >
          <Column name="Code" cellRenderer={text((p) => p.code, (p) => `port-code-${p.code}`)} />
          <Column name="Name" cellRenderer={text((p) => p.name, (p) => `port-name-${p.code}`)} />
          <Column name="Branch" cellRenderer={text((p) => p.branchCode)} />
          <Column name="Location" cellRenderer={text((p) => p.location)} />
          <Column name="Status" cellRenderer={statusCell} />
          <Column name="Actions" cellRenderer={actionsCell} />
        </Table>
      </div>
      {!loading && rows.length === 0 && (
        <NonIdealState icon={<Search size={32} />} title="No ports" description={search ? `Nothing matches “${search}”.` : "There are no ports to show."} />
      )}
      <div className="lading-pager">
        <span className={Classes.TEXT_MUTED} data-testid="ports-range">
          {first}–{last} of {total}
        </span>
        <ButtonGroup>
          <Button text="Previous" disabled={page === 0 || loading} onClick={() => setPage((p) => Math.max(0, p - 1))} aria-label="Previous page" />
          <Button text="Next" disabled={page >= lastPage || loading} onClick={() => setPage((p) => p + 1)} aria-label="Next page" />
        </ButtonGroup>
      </div>
      <PortDialog
        isOpen={dialog !== null}
        port={dialog?.port ?? null}
        branches={branches}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          reload();
        }}
      />
    </div>
  );
}
