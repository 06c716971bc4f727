import "@blueprintjs/table/lib/css/table.css";
import "../roles.css";
import { Button, ButtonGroup, Classes, HTMLSelect, InputGroup, NonIdealState, Tag } from "@blueprintjs/core";
import { Add, Disable, Edit, Refresh, Search, TickCircle, Trash } from "@blueprintjs/icons";
import { Cell, Column, RowHeaderCell, Table, TableLoadingOption } from "@blueprintjs/table";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { MENU_IDS } from "../../../../../api/modules/roles/schemas.ts";
import type { PageProps } from "../../../app/routes.tsx";
import { confirmPrompt } from "../../../components/ConfirmPrompt.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { SystemAccountTabs } from "../../../components/SystemAccountTabs.tsx";
import { whileSaving } from "../../../lib/leave-guard.ts";
import { errorText, notify } from "../../../lib/notify.ts";
import { activateRole, deleteRoles, loadRoles, type Role, type StatusFilter } from "../api/roles.ts";
import { menuLabels } from "../components/permissions.ts";
import { RoleEditorDialog } from "../components/RoleEditorDialog.tsx";

const PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 300;
const ROW_HEIGHT = 28;
const HEADER_HEIGHT = 30;
const FIXED_WIDTHS = { roleId: 130, dat: 60, users: 70, status: 80, actions: 270, rowHeader: 30 };

type DialogState = { role: Role | null } | null;

/** Name and Menus share whatever the fixed columns leave, so the table spans the page without a gap. */
function useColumnWidths(container: React.RefObject<HTMLDivElement | null>): number[] {
  const [width, setWidth] = useState(1000);
  useLayoutEffect(() => {
    const el = container.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry!.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, [container]);
  const { roleId, dat, users, status, actions, rowHeader } = FIXED_WIDTHS;
  const rest = Math.max(320, width - roleId - dat - users - status - actions - rowHeader - 2);
  const name = Math.floor(rest * 0.4);
  return [roleId, name, dat, rest - name, users, status, actions];
}

/** "4 of 11: Voyage, Outbound, Inbound +1": the count, then the first few menus by name. */
function menuSummary(role: Role): string {
  const labels = menuLabels(role);
  if (labels.length === 0) return "No menus";
  const shown = labels.slice(0, 3).join(", ");
  const more = labels.length > 3 ? ` +${labels.length - 3}` : "";
  return `${labels.length} of ${MENU_IDS.length}: ${shown}${more}`;
}

export default function RolesPage(_props: PageProps) {
  const [page, setPage] = useState(0);
  const [searchText, setSearchText] = useState("");
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState<StatusFilter>("All");
  const [rows, setRows] = useState<Role[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [reloads, setReloads] = useState(0);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const tableBox = useRef<HTMLDivElement>(null);
  const widths = useColumnWidths(tableBox);

  const reload = useCallback(() => setReloads((n) => n + 1), []);

  /** 000 §9: after a delete or an activation the list starts again from its first page of 20. */
  const reloadFromStart = useCallback(() => {
    setPage(0);
    reload();
  }, [reload]);

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
    loadRoles({ skip: page * PAGE_SIZE, take: PAGE_SIZE, search: search || undefined, filter })
      .then((result) => {
        if (stale) return;
        // An edit elsewhere can empty the last page; step back rather than show an empty page with records before it.
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

  /** A row's write: the row shows busy, leaving is guarded, the server's notice is shown, the list starts over. */
  const runRowAction = async (role: Role, work: () => Promise<{ message: string }>) => {
    setBusyId(role.id);
    try {
      const result = await whileSaving(work);
      notify.success(result.message);
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusyId(null);
      reloadFromStart();
    }
  };

  const toggleActive = (role: Role) => runRowAction(role, () => activateRole(role.id, !role.isActive));

  const remove = async (role: Role) => {
    const held = role.userCount > 0
      ? ` ${role.userCount} user${role.userCount === 1 ? " holds" : "s hold"} it; a role in use cannot be deleted, so move them to another role first.`
      : "";
    const confirmed = await confirmPrompt({
      title: "Delete role",
      description: `Delete role ${role.roleId} (${role.roleName})? This cannot be undone.${held}`,
      actionText: "Delete",
      intent: "danger",
    });
    if (!confirmed) return;
    await runRowAction(role, () => deleteRoles([role.id]));
  };

  const first = total === 0 ? 0 : page * PAGE_SIZE + 1;
  const last = page * PAGE_SIZE + rows.length;
  const lastPage = Math.max(0, Math.ceil(total / PAGE_SIZE) - 1);

  const text = (pick: (role: Role) => string, testId?: (role: Role) => string) => (row: number) => {
    const role = rows[row];
    return (
      <Cell tooltip={role ? pick(role) : undefined}>
        {role && <span data-testid={testId?.(role)}>{pick(role)}</span>}
      </Cell>
    );
  };

  const datCell = (row: number) => {
    const role = rows[row];
    return <Cell>{role?.isDat && <Tag minimal intent="primary" data-testid={`role-dat-${role.roleId}`}>DAT</Tag>}</Cell>;
  };

  const statusCell = (row: number) => {
    const role = rows[row];
    return (
      <Cell>
        {role && (
          <Tag minimal intent={role.isActive ? "success" : "none"} data-testid={`role-status-${role.roleId}`}>
            {role.isActive ? "Active" : "Inactive"}
          </Tag>
        )}
      </Cell>
    );
  };

  const actionsCell = (row: number) => {
    const role = rows[row];
    if (!role) return <Cell />;
    const busy = busyId === role.id;
    return (
      <Cell interactive className="lading-actions-cell">
        <ButtonGroup variant="minimal" size="small">
          <Button
            icon={<Edit />}
            text="Edit"
            aria-label={`Edit role ${role.roleId}`}
            disabled={busy}
            onClick={() => setDialog({ role })}
            data-testid={`edit-role-${role.roleId}`}
          />
          <Button
            icon={role.isActive ? <Disable /> : <TickCircle />}
            text={role.isActive ? "Deactivate" : "Activate"}
            aria-label={`${role.isActive ? "Deactivate" : "Activate"} role ${role.roleId}`}
            disabled={busy}
            onClick={() => void toggleActive(role)}
            data-testid={`activate-role-${role.roleId}`}
          />
          <Button
            icon={<Trash />}
            intent="danger"
            text="Delete"
            aria-label={`Delete role ${role.roleId}`}
            disabled={busy}
            onClick={() => void remove(role)}
            data-testid={`delete-role-${role.roleId}`}
          />
        </ButtonGroup>
      </Cell>
    );
  };

  const tableHeight = HEADER_HEIGHT + Math.max(rows.length, 1) * ROW_HEIGHT + 2;

  return (
    <div className="lading-page" data-testid="roles-page">
      <PageHeader
        title="Roles"
        crumbs={[{ text: "System Account", href: "/system_account" }]}
        actions={<Button intent="primary" icon={<Add />} text="New role" onClick={() => setDialog({ role: null })} data-testid="new-role" />}
      />
      <SystemAccountTabs />
      <div className="lading-toolbar">
        <InputGroup
          type="search"
          leftIcon={<Search />}
          placeholder="Search role ID or name"
          aria-label="Search roles"
          value={searchText}
          onValueChange={setSearchText}
          className="lading-search"
          data-testid="roles-search"
        />
        <HTMLSelect
          aria-label="Status filter"
          value={filter}
          onChange={(e) => {
            setFilter(e.currentTarget.value as StatusFilter);
            setPage(0);
          }}
          data-testid="roles-filter"
        >
          <option value="All">All</option>
          <option value="IsActive">Active</option>
          <option value="IsInactive">Inactive</option>
        </HTMLSelect>
        <Button variant="minimal" icon={<Refresh />} aria-label="Reload list" title="Reload list" onClick={reload} />
      </div>
      <div ref={tableBox} className="lading-table-box" style={{ height: tableHeight }} data-testid="roles-table">
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
          <Column name="Role ID" cellRenderer={text((r) => r.roleId, (r) => `role-id-${r.roleId}`)} />
          <Column name="Name" cellRenderer={text((r) => r.roleName, (r) => `role-name-${r.roleId}`)} />
          <Column name="DAT" cellRenderer={datCell} />
          <Column name="Menus" cellRenderer={text(menuSummary, (r) => `role-menus-${r.roleId}`)} />
          <Column name="Users" cellRenderer={text((r) => String(r.userCount), (r) => `role-users-${r.roleId}`)} />
          <Column name="Status" cellRenderer={statusCell} />
          <Column name="Actions" cellRenderer={actionsCell} />
        </Table>
      </div>
      {!loading && rows.length === 0 && (
        <NonIdealState icon={<Search size={32} />} title="No roles" description={search ? `Nothing matches “${search}”.` : "There are no roles to show."} />
      )}
      <div className="lading-pager">
        <span className={Classes.TEXT_MUTED} data-testid="roles-range">
          {first}–{last} of {total}
        </span>
        <ButtonGroup>
          <Button text="Previous" disabled={page === 0 || loading} onClick={() => setPage((p) => Math.max(0, p - 1))} aria-label="Previous page" />
          <Button text="Next" disabled={page >= lastPage || loading} onClick={() => setPage((p) => p + 1)} aria-label="Next page" />
        </ButtonGroup>
      </div>
      <RoleEditorDialog
        isOpen={dialog !== null}
        role={dialog?.role ?? null}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          reload();
        }}
      />
    </div>
  );
}
