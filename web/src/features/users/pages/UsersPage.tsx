import "@blueprintjs/table/lib/css/table.css";
import "../users.css";
import { Button, ButtonGroup, Classes, HTMLSelect, InputGroup, NonIdealState, Tag } from "@blueprintjs/core";
import { Add, Disable, Edit, Envelope, Key, Refresh, Search, TickCircle, Trash } from "@blueprintjs/icons";
import { Cell, Column, RowHeaderCell, Table, TableLoadingOption } from "@blueprintjs/table";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { PageProps } from "../../../app/routes.tsx";
import { confirmPrompt } from "../../../components/ConfirmPrompt.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { SystemAccountTabs } from "../../../components/SystemAccountTabs.tsx";
import { whileSaving } from "../../../lib/leave-guard.ts";
import { errorText, notify } from "../../../lib/notify.ts";
import { activateUser, deleteUsers, getUser, loadUsers, sendUserEmail, type StatusFilter, type User } from "../api/users.ts";
import { SetPasswordDialog } from "../components/SetPasswordDialog.tsx";
import { UserDialog } from "../components/UserDialog.tsx";

const PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 300;
const ROW_HEIGHT = 28;
const HEADER_HEIGHT = 30;
const FIXED_WIDTHS = { userId: 130, role: 170, branch: 150, status: 80, actions: 270, rowHeader: 30 };

type DialogState = { user: User | null } | null;

/** Name and Email share whatever the fixed columns leave, so the table spans the page without a gap. */
function useColumnWidths(container: React.RefObject<HTMLDivElement | null>): number[] {
  const [width, setWidth] = useState(1100);
  useLayoutEffect(() => {
    const el = container.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry!.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, [container]);
  const { userId, role, branch, status, actions, rowHeader } = FIXED_WIDTHS;
  const rest = Math.max(320, width - userId - role - branch - status - actions - rowHeader - 2);
  const name = Math.floor(rest * 0.45);
  return [userId, name, rest - name, role, branch, status, actions];
}

const defaultBranchOf = (user: User) => user.branches.find((b) => b.defaultBranch);

export default function UsersPage(_props: PageProps) {
  const [page, setPage] = useState(0);
  const [searchText, setSearchText] = useState("");
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState<StatusFilter>("All");
  const [rows, setRows] = useState<User[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [reloads, setReloads] = useState(0);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [passwordFor, setPasswordFor] = useState<User | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const tableBox = useRef<HTMLDivElement>(null);
  const widths = useColumnWidths(tableBox);

  const reload = useCallback(() => setReloads((n) => n + 1), []);

  /**
   * The editor starts from the user as stored now, not the list row: the user may have changed their own
   * branch, CY or settings since the list loaded, and a stale dateModified would only earn a 409 on save.
   */
  const openEditor = useCallback((user: User) => {
    setBusyId(user.id);
    getUser(user.id)
      .then((fresh) => setDialog({ user: fresh.data }))
      .catch((error) => notify.error(errorText(error)))
      .finally(() => setBusyId(null));
  }, []);

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
    loadUsers({ skip: page * PAGE_SIZE, take: PAGE_SIZE, search: search || undefined, filter })
      .then((result) => {
        if (stale) return;
        // An edit elsewhere can empty the last page; step back rather than show an empty page with records before it.
        if (result.data.length === 0 && page > 0 && result.total > 0) {
          setPage(Math.ceil(result.total / PAGE_SIZE) - 1);
          return;
        }
        setRows(result.data);
        setTotal(result.total);
        // 000 §5: the user list warns with the server's own message.
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

  /** A row's write: the row shows busy, leaving is guarded, the server's notice is shown. */
  const runRowAction = async (user: User, work: () => Promise<{ message: string }>, after: () => void) => {
    setBusyId(user.id);
    try {
      const result = await whileSaving(work);
      notify.success(result.message);
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusyId(null);
      after();
    }
  };

  const toggleActive = (user: User) => runRowAction(user, () => activateUser(user.id, !user.isActive), reloadFromStart);

  const remove = async (user: User) => {
    const confirmed = await confirmPrompt({
      title: "Delete user",
      description: `Delete user ${user.userId} (${user.name})? They will no longer be able to sign in. This cannot be undone.`,
      actionText: "Delete",
      intent: "danger",
    });
    if (!confirmed) return;
    await runRowAction(user, () => deleteUsers([user.id]), reloadFromStart);
  };

  // A user who never set a password gets the set-up link again; one who did gets a reset link instead.
  const sendEmail = (user: User) =>
    runRowAction(user, () => sendUserEmail(user.id, user.hasPassword ? "reset" : "setup"), () => {});

  const first = total === 0 ? 0 : page * PAGE_SIZE + 1;
  const last = page * PAGE_SIZE + rows.length;
  const lastPage = Math.max(0, Math.ceil(total / PAGE_SIZE) - 1);

  const text = (pick: (user: User) => string, testId?: (user: User) => string) => (row: number) => {
    const user = rows[row];
    return (
      <Cell tooltip={user ? pick(user) : undefined}>
        {user && <span data-testid={testId?.(user)}>{pick(user)}</span>}
      </Cell>
    );
  };

  const statusCell = (row: number) => {
    const user = rows[row];
    return (
      <Cell>
        {user && (
          <Tag minimal intent={user.isActive ? "success" : "none"} data-testid={`user-status-${user.userId}`}>
            {user.isActive ? "Active" : "Inactive"}
          </Tag>
        )}
      </Cell>
    );
  };

  const actionsCell = (row: number) => {
    const user = rows[row];
    if (!user) return <Cell />;
    const busy = busyId === user.id;
    const emailLabel = user.hasPassword ? `Send password reset email to ${user.userId}` : `Send set-up email to ${user.userId}`;
    return (
      <Cell interactive className="lading-actions-cell">
        <ButtonGroup variant="minimal" size="small">
          <Button
            icon={<Edit />}
            text="Edit"
            aria-label={`Edit user ${user.userId}`}
            disabled={busy}
            onClick={() => openEditor(user)}
            data-testid={`edit-${user.userId}`}
          />
          <Button
            icon={user.isActive ? <Disable /> : <TickCircle />}
            text={user.isActive ? "Deactivate" : "Activate"}
            aria-label={`${user.isActive ? "Deactivate" : "Activate"} user ${user.userId}`}
            disabled={busy}
            onClick={() => void toggleActive(user)}
            data-testid={`activate-${user.userId}`}
          />
          <Button
            icon={<Envelope />}
            aria-label={emailLabel}
            title={emailLabel}
            disabled={busy || !user.isActive}
            onClick={() => void sendEmail(user)}
            data-testid={`send-setup-${user.userId}`}
          />
          <Button
            icon={<Key />}
            aria-label={`Set password for ${user.userId}`}
            title="Set password"
            disabled={busy}
            onClick={() => setPasswordFor(user)}
            data-testid={`set-password-${user.userId}`}
          />
          <Button
            icon={<Trash />}
            intent="danger"
            aria-label={`Delete user ${user.userId}`}
            title="Delete"
            disabled={busy}
            onClick={() => void remove(user)}
            data-testid={`delete-${user.userId}`}
          />
        </ButtonGroup>
      </Cell>
    );
  };

  const tableHeight = HEADER_HEIGHT + Math.max(rows.length, 1) * ROW_HEIGHT + 2;

  return (
    <div className="lading-page" data-testid="users-page">
      <PageHeader
        title="Users"
        crumbs={[{ text: "System Account", href: "/system_account" }]}
        actions={<Button intent="primary" icon={<Add />} text="New user" onClick={() => setDialog({ user: null })} data-testid="new-user" />}
      />
      <SystemAccountTabs />
      <div className="lading-toolbar">
        <InputGroup
          type="search"
          leftIcon={<Search />}
          placeholder="Search user ID, name, email or role"
          aria-label="Search users"
          value={searchText}
          onValueChange={setSearchText}
          className="lading-search"
          data-testid="users-search"
        />
        <HTMLSelect
          aria-label="Status filter"
          value={filter}
          onChange={(e) => {
            setFilter(e.currentTarget.value as StatusFilter);
            setPage(0);
          }}
          data-testid="users-filter"
        >
          <option value="All">All</option>
          <option value="IsActive">Active</option>
          <option value="IsInactive">Inactive</option>
        </HTMLSelect>
        <Button variant="minimal" icon={<Refresh />} aria-label="Reload list" title="Reload list" onClick={reload} />
      </div>
      <div ref={tableBox} className="lading-table-box" style={{ height: tableHeight }} data-testid="users-table">
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
          <Column name="User ID" cellRenderer={text((u) => u.userId, (u) => `user-id-${u.userId}`)} />
          <Column name="Name" cellRenderer={text((u) => u.name, (u) => `user-name-${u.userId}`)} />
          <Column name="Email" cellRenderer={text((u) => u.email)} />
          <Column name="Role" cellRenderer={text((u) => `${u.roleName}${u.isDat ? " (DAT)" : ""}`, (u) => `user-role-${u.userId}`)} />
          <Column name="Default branch" cellRenderer={text((u) => defaultBranchOf(u)?.branchName ?? "", (u) => `user-branch-${u.userId}`)} />
          <Column name="Status" cellRenderer={statusCell} />
          <Column name="Actions" cellRenderer={actionsCell} />
        </Table>
      </div>
      {!loading && rows.length === 0 && (
        <NonIdealState icon={<Search size={32} />} title="No users" description={search ? `Nothing matches “${search}”.` : "There are no users to show."} />
      )}
      <div className="lading-pager">
        <span className={Classes.TEXT_MUTED} data-testid="users-range">
          {first}–{last} of {total}
        </span>
        <ButtonGroup>
          <Button text="Previous" disabled={page === 0 || loading} onClick={() => setPage((p) => Math.max(0, p - 1))} aria-label="Previous page" />
          <Button text="Next" disabled={page >= lastPage || loading} onClick={() => setPage((p) => p + 1)} aria-label="Next page" />
        </ButtonGroup>
      </div>
      <UserDialog
        isOpen={dialog !== null}
        user={dialog?.user ?? null}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          reload();
        }}
      />
      <SetPasswordDialog user={passwordFor} onClose={() => setPasswordFor(null)} />
    </div>
  );
}
