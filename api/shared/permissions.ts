import { z } from "zod";

/**
 * The permission vocabulary: the menus and capabilities a role can grant. Routes declare one of them
 * (api/http/route.ts), sessions carry them and roles store them, so they sit below every module.
 */

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
  // Without it a user sees only the records of the branches in their branch list (api/shared/branch-scope.ts).
  { id: "ALL_BRANCHES", label: "All branches (see and change the records of every branch)", group: "Access" },
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

/** A role_details row as read for a session. */
export type GrantRow = { type: string | null; menuId: string | null; isAllowed: boolean | null };

/** The menus a role's detail rows grant. */
export function grantedMenus(rows: GrantRow[]): Set<MenuId> {
  const menus = new Set<MenuId>();
  for (const r of rows) {
    if (r.type === "MENU" && r.menuId && r.isAllowed && (MENU_IDS as readonly string[]).includes(r.menuId)) menus.add(r.menuId as MenuId);
  }
  return menus;
}

/** The capabilities a role's detail rows grant. */
export function grantedCapabilities(rows: GrantRow[]): Set<Capability> {
  const found = new Set<Capability>();
  for (const r of rows) {
    if (r.type === "CAPABILITY" && r.menuId && r.isAllowed && (CAPABILITY_IDS as readonly string[]).includes(r.menuId)) found.add(r.menuId as Capability);
  }
  return found;
}
