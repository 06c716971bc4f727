import { CAPABILITIES, MENU_IDS, MENU_LABELS, type MenuId } from "../../../../../api/modules/roles/schemas.ts";
import type { Role, RoleDetail } from "../api/roles.ts";

/** Menu and capability ids the role allows; rows stored with isAllowed false grant nothing. */
export function allowedIds(role: Role | null): Set<string> {
  return new Set(role?.roleDetails.filter((d) => d.isAllowed).map((d) => d.menuId) ?? []);
}

/** Every allowed id as a detail row, menus first in the spec's order, then the capabilities. */
export function detailsOf(allowed: ReadonlySet<string>): RoleDetail[] {
  const ids = [...MENU_IDS, ...CAPABILITIES.map((c) => c.id)] as string[];
  return ids.filter((id) => allowed.has(id)).map((menuId) => ({ menuId, isAllowed: true }));
}

/** The role's allowed menus by their labels, in the spec's order. */
export function menuLabels(role: Role): string[] {
  const allowed = allowedIds(role);
  return MENU_IDS.filter((id) => allowed.has(id)).map((id: MenuId) => MENU_LABELS[id]);
}

/** Capabilities in their groups, each group once and in the order it first appears. */
export function capabilityGroups(): { group: string; items: (typeof CAPABILITIES)[number][] }[] {
  const groups: { group: string; items: (typeof CAPABILITIES)[number][] }[] = [];
  for (const capability of CAPABILITIES) {
    let entry = groups.find((g) => g.group === capability.group);
    if (!entry) groups.push(entry = { group: capability.group, items: [] });
    entry.items.push(capability);
  }
  return groups;
}

/**
 * The form field a server error key belongs to: "roleName" on create, "tblRoles.roleName" on update,
 * "roleDetails.3.menuId" or "tblRoleDetails.3.menuId" for a permission row.
 */
export function roleFieldOf(key: string): string {
  const head = key.split(".").filter((part) => !/^\d+$/.test(part));
  if (head[0] === "tblRoles") return head[1] ?? "roleId";
  if (head[0] === "tblRoleDetails" || head[0] === "roleDetails") return "roleDetails";
  return head[0] ?? key;
}
