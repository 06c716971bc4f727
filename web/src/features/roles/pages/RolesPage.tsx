import "../roles.css";
import { Button, NonIdealState, Tag } from "@blueprintjs/core";
import { Add, Search } from "@blueprintjs/icons";
import { Cell, Column } from "@blueprintjs/table";
import { useState } from "react";
import { MENU_IDS } from "../../../../../api/modules/roles/schemas.ts";
import { type PageProps, PAGES } from "../../../lib/paths.ts";
import { confirmPrompt } from "../../../components/ConfirmPrompt.tsx";
import { ActivationButton, actionsCell, DeleteButton, EditButton, statusCell, textCells } from "../../../components/list-cells.tsx";
import { ListToolbar, STATUS_OPTIONS } from "../../../components/ListToolbar.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { PagedTable } from "../../../components/PagedTable.tsx";
import { SystemAccountTabs } from "../../../components/SystemAccountTabs.tsx";
import { usePagedList } from "../../../lib/data/paged-list.ts";
import { activateRole, deleteRoles, loadRoles, type Role, type StatusFilter } from "../api/roles.ts";
import { menuLabels } from "../components/permissions.ts";
import { RoleEditorDialog } from "../components/RoleEditorDialog.tsx";

type DialogState = { role: Role | null } | null;

/** "4 of 11: Voyage, Outbound, Inbound +1": the count, then the first few menus by name. */
function menuSummary(role: Role): string {
  const labels = menuLabels(role);
  if (labels.length === 0) return "No menus";
  const shown = labels.slice(0, 3).join(", ");
  const more = labels.length > 3 ? ` +${labels.length - 3}` : "";
  return `${labels.length} of ${MENU_IDS.length}: ${shown}${more}`;
}

export default function RolesPage(_props: PageProps) {
  const list = usePagedList<Role, StatusFilter>({ load: loadRoles, initialFilter: "All", emptyNotice: "always" });
  const { rows, search, busyId, reload, reloadFromStart, runRowAction } = list;
  const [dialog, setDialog] = useState<DialogState>(null);

  // Like the user list, the role list starts again from its first page after a delete or an activation.
  const toggleActive = (role: Role) => runRowAction(role.id, () => activateRole(role.id, !role.isActive), reloadFromStart);

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
    await runRowAction(role.id, () => deleteRoles([role.id]), reloadFromStart);
  };

  const text = textCells(rows, { tooltip: true });

  const datCell = (row: number) => {
    const role = rows[row];
    return <Cell>{role?.isDat && <Tag minimal intent="primary" data-testid={`role-dat-${role.roleId}`}>DAT</Tag>}</Cell>;
  };

  const actions = actionsCell(rows, busyId, (role, busy) => (
    <>
      <EditButton disabled={busy} onClick={() => setDialog({ role })} data-testid={`edit-role-${role.roleId}`} />
      <ActivationButton
        isActive={role.isActive}
        disabled={busy}
        onClick={() => void toggleActive(role)}
        data-testid={`activate-role-${role.roleId}`}
      />
      <DeleteButton disabled={busy} onClick={() => void remove(role)} data-testid={`delete-role-${role.roleId}`} />
    </>
  ));

  return (
    <div className="lading-page" data-testid="roles-page">
      <PageHeader
        title="Roles"
        crumbs={[{ text: "System Account", href: PAGES.systemAccount }]}
        actions={<Button intent="primary" icon={<Add />} text="New role" onClick={() => setDialog({ role: null })} data-testid="new-role" />}
      />
      <SystemAccountTabs />
      <ListToolbar
        list={list}
        placeholder="Search role ID or name"
        searchLabel="Search roles"
        searchTestId="roles-search"
        filterLabel="Status filter"
        filterTestId="roles-filter"
        options={STATUS_OPTIONS}
      />
      <PagedTable
        list={list}
        testId="roles-table"
        rangeTestId="roles-range"
        empty={<NonIdealState icon={<Search size={32} />} title="No roles" description={search ? `Nothing matches “${search}”.` : "There are no roles to show."} />}
      >
        <Column name="Role ID" cellRenderer={text((r) => r.roleId, (r) => `role-id-${r.roleId}`)} />
        <Column name="Name" cellRenderer={text((r) => r.roleName, (r) => `role-name-${r.roleId}`)} />
        <Column name="DAT" cellRenderer={datCell} />
        <Column name="Menus" cellRenderer={text(menuSummary, (r) => `role-menus-${r.roleId}`)} />
        <Column name="Users" cellRenderer={text((r) => String(r.userCount), (r) => `role-users-${r.roleId}`)} />
        <Column name="Status" cellRenderer={statusCell(rows, (r) => `role-status-${r.roleId}`)} />
        <Column name="Actions" cellRenderer={actions} />
      </PagedTable>
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
