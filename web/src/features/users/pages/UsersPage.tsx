import "../users.css";
import { Button, NonIdealState } from "@blueprintjs/core";
import { Add, Envelope, Key, Search } from "@blueprintjs/icons";
import { Column } from "@blueprintjs/table";
import { useCallback, useState } from "react";
import { type PageProps, PAGES } from "../../../lib/paths.ts";
import { confirmPrompt } from "../../../components/ConfirmPrompt.tsx";
import { ActivationButton, actionsCell, DeleteButton, EditButton, RowAction, statusCell, textCells } from "../../../components/list-cells.tsx";
import { ListToolbar, STATUS_OPTIONS } from "../../../components/ListToolbar.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { PagedTable } from "../../../components/PagedTable.tsx";
import { SystemAccountTabs } from "../../../components/SystemAccountTabs.tsx";
import { usePagedList } from "../../../lib/data/paged-list.ts";
import { errorText, notify } from "../../../lib/notify.ts";
import { activateUser, deleteUsers, getUser, loadUsers, sendUserEmail, type StatusFilter, type User } from "../api/users.ts";
import { SetPasswordDialog } from "../components/SetPasswordDialog.tsx";
import { UserDialog } from "../components/UserDialog.tsx";

type DialogState = { user: User | null } | null;

const defaultBranchOf = (user: User) => user.branches.find((b) => b.defaultBranch);

export default function UsersPage(_props: PageProps) {
  const list = usePagedList<User, StatusFilter>({ load: loadUsers, initialFilter: "All", emptyNotice: "always" });
  const { rows, search, busyId, setBusyId, reload, reloadFromStart, runRowAction } = list;
  const [dialog, setDialog] = useState<DialogState>(null);
  const [passwordFor, setPasswordFor] = useState<User | null>(null);

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
  }, [setBusyId]);

  // 000 §9: after a delete or an activation the user list starts again from its first page of 20.
  const toggleActive = (user: User) => runRowAction(user.id, () => activateUser(user.id, !user.isActive), reloadFromStart);

  const remove = async (user: User) => {
    const confirmed = await confirmPrompt({
      title: "Delete user",
      description: `Delete user ${user.userId} (${user.name})? They will no longer be able to sign in. This cannot be undone.`,
      actionText: "Delete",
      intent: "danger",
    });
    if (!confirmed) return;
    await runRowAction(user.id, () => deleteUsers([user.id]), reloadFromStart);
  };

  // A user who never set a password gets the set-up link again; one who did gets a reset link instead.
  const sendEmail = (user: User) =>
    runRowAction(user.id, () => sendUserEmail(user.id, user.hasPassword ? "reset" : "setup"), () => {});

  const text = textCells(rows, { tooltip: true });

  const actions = actionsCell(rows, busyId, (user, busy) => {
    return (
      <>
        <EditButton disabled={busy} onClick={() => openEditor(user)} data-testid={`edit-${user.userId}`} />
        <ActivationButton
          isActive={user.isActive}
          disabled={busy}
          onClick={() => void toggleActive(user)}
          data-testid={`activate-${user.userId}`}
        />
        <RowAction
          icon={<Envelope />}
          label={user.hasPassword ? "Send password reset email" : "Send set-up email"}
          disabled={busy || !user.isActive}
          onClick={() => void sendEmail(user)}
          data-testid={`send-setup-${user.userId}`}
        />
        <RowAction
          icon={<Key />}
          label="Set password"
          disabled={busy}
          onClick={() => setPasswordFor(user)}
          data-testid={`set-password-${user.userId}`}
        />
        <DeleteButton disabled={busy} onClick={() => void remove(user)} data-testid={`delete-${user.userId}`} />
      </>
    );
  });

  return (
    <div className="lading-page" data-testid="users-page">
      <PageHeader
        title="Users"
        crumbs={[{ text: "System Account", href: PAGES.systemAccount }]}
        actions={<Button intent="primary" icon={<Add />} text="New user" onClick={() => setDialog({ user: null })} data-testid="new-user" />}
      />
      <SystemAccountTabs />
      <ListToolbar
        list={list}
        placeholder="Search user ID, name, email or role"
        searchLabel="Search users"
        searchTestId="users-search"
        filterLabel="Status filter"
        filterTestId="users-filter"
        options={STATUS_OPTIONS}
      />
      <PagedTable
        list={list}
        testId="users-table"
        rangeTestId="users-range"
        empty={<NonIdealState icon={<Search size={32} />} title="No users" description={search ? `Nothing matches “${search}”.` : "There are no users to show."} />}
      >
        <Column name="User ID" cellRenderer={text((u) => u.userId, (u) => `user-id-${u.userId}`)} />
        <Column name="Name" cellRenderer={text((u) => u.name, (u) => `user-name-${u.userId}`)} />
        <Column name="Email" cellRenderer={text((u) => u.email)} />
        <Column name="Role" cellRenderer={text((u) => `${u.roleName}${u.isDat ? " (DAT)" : ""}`, (u) => `user-role-${u.userId}`)} />
        <Column name="Default branch" cellRenderer={text((u) => defaultBranchOf(u)?.branchName ?? "", (u) => `user-branch-${u.userId}`)} />
        <Column name="Status" cellRenderer={statusCell(rows, (u) => `user-status-${u.userId}`)} />
        <Column name="Actions" cellRenderer={actions} />
      </PagedTable>
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
