import { z } from "zod";
import { CAPABILITIES, CAPABILITY_IDS, MENU_IDS, type MenuId } from "../../shared/permissions.ts";

export {
  CAPABILITIES,
  CAPABILITY_IDS,
  type Capability,
  capabilityId,
  MENU_IDS,
  MENU_LABELS,
  type MenuId,
  menuId,
} from "../../shared/permissions.ts";

/** role_details.type values: "MENU" rows are menu permissions, "CAPABILITY" rows the flags above. */
export const DETAIL_TYPES = ["MENU", "CAPABILITY"] as const;
export type DetailType = (typeof DETAIL_TYPES)[number];

const roleCode = z.string({ error: "roleId is required" }).trim().min(1, "roleId is required").max(20, "roleId can be at most 20 characters")
  .regex(/^[A-Za-z0-9_-]+$/, "roleId may contain only letters, digits, - and _");

/** One permission row as the client sends it (000 §6: menuId, isAllowed). A capability id is sent the same way. */
export const roleDetailInput = z.object({
  menuId: z.string({ error: "menuId is required" }).trim().refine(
    (v) => (MENU_IDS as readonly string[]).includes(v) || CAPABILITIES.some((c) => c.id === v),
    { error: (issue) => `Unknown menu or capability '${String(issue.input)}'` },
  ),
  isAllowed: z.boolean({ error: "isAllowed must be true or false" }).default(true),
});

export const roleInput = z.object({
  roleId: roleCode,
  roleName: z.string({ error: "roleName is required" }).trim().min(1, "roleName is required").max(80, "roleName can be at most 80 characters"),
  isDat: z.boolean({ error: "isDat must be true or false" }).default(false),
  roleDetails: z.array(roleDetailInput).max(100, "A role can have at most 100 details").default([]),
});
export type RoleInput = z.input<typeof roleInput>;

/** PUT /Roles/update/{roleId}: the role row and its detail rows, named as the spec's client sends them. */
export const roleUpdateBody = z.object({
  tblRoles: roleInput.omit({ roleDetails: true }).extend({
    dateModified: z.iso.datetime({ offset: true, error: "dateModified must be the ISO timestamp you loaded" }),
    isActive: z.boolean().optional(),
  }),
  tblRoleDetails: z.array(roleDetailInput).max(100, "A role can have at most 100 details"),
});

export const roleRow = z.object({
  id: z.number(),
  roleId: z.string(),
  roleName: z.string(),
  isDat: z.boolean(),
  isActive: z.boolean(),
  userCreated: z.string().nullable(),
  userModified: z.string().nullable(),
  dateCreated: z.string(),
  dateModified: z.string(),
  roleDetails: z.array(z.object({ type: z.enum(DETAIL_TYPES), menuId: z.string(), isAllowed: z.boolean() })),
  /** How many users hold the role (the list shows it; a role in use cannot be deleted). */
  userCount: z.number(),
});
export type Role = z.infer<typeof roleRow>;

export const menuSetQuery = z.object({
  roleId: z.string({ error: "roleId is required" }).trim().min(1, "roleId is required").max(20),
  MenuSet: z.string({ error: "MenuSet is required" }).trim().min(1, "MenuSet is required").max(400),
});
export const menuIdBody = z.object({ roleId: z.string({ error: "roleId is required" }).trim().min(1, "roleId is required").max(20) });
export const menuAccessQuery = z.object({
  roleId: z.string({ error: "roleId is required" }).trim().min(1, "roleId is required").max(20),
  type: z.enum(DETAIL_TYPES, { error: "type must be MENU or CAPABILITY" }).default("MENU"),
});

/** WAIVER also opens Override (000 §6); screens and the server both use this when reading a role's menus. */
export function grantsMenu(menus: ReadonlySet<string> | readonly string[], menu: MenuId | "OVERRIDE"): boolean {
  const has = (m: string) => (Array.isArray(menus) ? (menus as readonly string[]).includes(m) : (menus as ReadonlySet<string>).has(m));
  return menu === "OVERRIDE" ? has("WAIVER") : has(menu);
}

/** POST /Roles/multipleInsert: several roles written all or none. */
export const roleMultipleInsertBody = z.array(roleInput, { error: "Send a list of roles" })
  .min(1, "Send at least one role").max(50, "At most 50 roles at once");

/** PUT /Roles/update/{roleId}: the role's code; a purely numeric value that is no code is taken as the id. */
export const roleCodeParam = z.object({
  roleId: z.string({ error: "roleId is required" }).trim().min(1, "roleId is required").max(20, "roleId can be at most 20 characters"),
});

/** One detail row as the RoleDetails reads answer it. */
export const roleDetailRow = z.object({ type: z.enum(DETAIL_TYPES), menuId: z.string(), isAllowed: z.boolean() });

/** The type of a detail row follows from its id: a menu id is a MENU row, a capability id a CAPABILITY row. */
export function detailTypeOf(id: string): DetailType | undefined {
  if ((MENU_IDS as readonly string[]).includes(id)) return "MENU";
  if ((CAPABILITY_IDS as readonly string[]).includes(id)) return "CAPABILITY";
  return undefined;
}
