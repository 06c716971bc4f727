import { z } from "zod";

/** Menu ids of 000 §6; a role grants a menu with a role_details row. WAIVER also opens the Override screens. */
export const MENU_IDS = [
  "MASTERDATA",
  "SALESQUOTATION",
  "SYSTEMACCOUNT",
  "VOYAGE",
  "OUTBOUND",
  "INBOUND",
  "BOOKINGCHANGES",
  "WAIVER",
  "CROACCOUNTING",
  "HUSTLING",
  "CUSTOMER",
] as const;

export const menuId = z.enum(MENU_IDS);
export type MenuId = z.infer<typeof menuId>;

export const MENU_LABELS: Record<MenuId, string> = {
  MASTERDATA: "Master Data",
  SALESQUOTATION: "Sales Quotation",
  SYSTEMACCOUNT: "System Account",
  VOYAGE: "Voyage",
  OUTBOUND: "Outbound",
  INBOUND: "Inbound",
  BOOKINGCHANGES: "Booking Changes",
  WAIVER: "Waiver",
  CROACCOUNTING: "CRO Accounting",
  HUSTLING: "Hustling",
  CUSTOMER: "Customer Request",
};

/**
 * Capabilities a role can carry besides its menus: the sales-quotation list a user works in (000 §6), the
 * approval flags that split booking-change, waiver, override and customer-request lists (001 §6), and the
 * named roles of the release notes. Declared here once; later modules only read them from the caller.
 */
export const CAPABILITIES = [
  { id: "SQ_AE", label: "Account executive (AE)", group: "Sales quotation list" },
  { id: "SQ_SM", label: "Sales manager (SM)", group: "Sales quotation list" },
  { id: "SQ_AUD", label: "Auditor (AUD)", group: "Sales quotation list" },
  { id: "SQ_FA", label: "Finance approver (FA)", group: "Sales quotation list" },
  { id: "SQ_SBM", label: "Sales branch manager (SBM)", group: "Sales quotation list" },
  { id: "APPROVER", label: "Approver", group: "Approvals" },
  { id: "ENDORSER", label: "Endorser", group: "Approvals" },
  { id: "FINAL_APPROVER", label: "Final approver (booking changes)", group: "Approvals" },
  { id: "ACCOUNTING_APPROVER", label: "Accounting approver", group: "Approvals" },
  { id: "ADMIN_ENDORSER", label: "Endorser (Admin)", group: "Approvals" },
  { id: "MANAGEMENT_APPROVER", label: "Management approver", group: "Approvals" },
  { id: "BC_ACCOUNTING_APPROVER", label: "Booking Changes Accounting Approver", group: "Approvals" },
  { id: "WAIVER_FOR_ENDORSE", label: "Waiver For Endorse", group: "Approvals" },
  { id: "SQ_APPROVED_VIEWER", label: "SQ approved viewer", group: "Access" },
  { id: "TALLY_SHEET_UNDO", label: "Tally sheet undo", group: "Access" },
  { id: "AE_INBOUND_ACCESS", label: "AE Inbound role access", group: "Access" },
  { id: "MASTER_DATA_TRUCKING_DOWNLOAD", label: "Master Data Trucking Download", group: "Access" },
  { id: "VOYAGE_FREIGHT_REVENUE_REPORT", label: "Voyage freight revenue report", group: "Reports" },
  { id: "CSR_REPORT", label: "CSR Report", group: "Reports" },
  { id: "SQ_AGING_REPORT", label: "SQ Aging Report", group: "Reports" },
  { id: "SOUNDING_REPORT", label: "Sounding Report", group: "Reports" },
] as const;

export type Capability = (typeof CAPABILITIES)[number]["id"];
export const CAPABILITY_IDS = CAPABILITIES.map((c) => c.id) as [Capability, ...Capability[]];
export const capabilityId = z.enum(CAPABILITY_IDS);

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
