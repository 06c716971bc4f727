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
