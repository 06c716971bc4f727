import {
  BankAccount,
  CargoShip,
  Database,
  Dollar,
  Endorsed,
  Exchange,
  Export,
  Home,
  Import,
  Inbox,
  People,
  SwapHorizontal,
  Tag,
} from "@blueprintjs/icons";
import type { ReactElement } from "react";
import { type Access, PAGES } from "../lib/paths.ts";

export interface MenuEntry {
  label: string;
  path: string;
  access: Access;
  icon: ReactElement;
  testId: string;
}

/** The side menu of 000 §2, in the spec's order; an entry shows only when the role grants its access. */
export const SIDE_MENU: MenuEntry[] = [
  { label: "Home", path: "/", access: "authenticated", icon: <Home />, testId: "nav-home" },
  { label: "System Account", path: PAGES.systemAccount, access: "SYSTEMACCOUNT", icon: <People />, testId: "nav-system-account" },
  { label: "Master Data", path: PAGES.masterData, access: "MASTERDATA", icon: <Database />, testId: "nav-master-data" },
  { label: "Sales Quotation", path: PAGES.salesQuotation, access: "SALESQUOTATION", icon: <Tag />, testId: "nav-sales-quotation" },
  { label: "Voyage", path: PAGES.voyage, access: "VOYAGE", icon: <CargoShip />, testId: "nav-voyage" },
  { label: "Outbound", path: PAGES.outbound, access: "OUTBOUND", icon: <Export />, testId: "nav-outbound" },
  { label: "Inbound", path: PAGES.inbound, access: "INBOUND", icon: <Import />, testId: "nav-inbound" },
  { label: "Booking Changes", path: PAGES.bookingChanges, access: "BOOKINGCHANGES", icon: <Exchange />, testId: "nav-booking-changes" },
  { label: "Waiver", path: PAGES.waiver, access: "WAIVER", icon: <Endorsed />, testId: "nav-waiver" },
  { label: "CRO Accounting", path: PAGES.croAccounting, access: "CROACCOUNTING", icon: <BankAccount />, testId: "nav-cro-accounting" },
  { label: "Override", path: PAGES.override, access: "WAIVER", icon: <Dollar />, testId: "nav-override" },
  { label: "Hustling", path: PAGES.hustling, access: "HUSTLING", icon: <SwapHorizontal />, testId: "nav-hustling" },
  { label: "Customer Request", path: PAGES.customerRequest, access: "CUSTOMER", icon: <Inbox />, testId: "nav-customer-request" },
];
