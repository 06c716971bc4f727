import { lazy } from "react";
import type { SessionUser } from "../lib/session.ts";
import { type Access, type AppRoute, PAGES } from "../lib/paths.ts";

// Every page is its own chunk: the sign-in page must load with little more than Blueprint's core.
const LandingPage = lazy(() => import("./pages/LandingPage.tsx"));
const SignInPage = lazy(() => import("./pages/SignInPage.tsx"));
const HomePage = lazy(() => import("./pages/HomePage.tsx"));
const VersionPage = lazy(() => import("./pages/VersionPage.tsx"));
const AreaPage = lazy(() => import("./pages/AreaPage.tsx"));
export const NotBuiltPage = lazy(() => import("./pages/NotBuiltPage.tsx"));
export const NotFoundPage = lazy(() => import("./pages/NotFoundPage.tsx"));
export const NoAccessPage = lazy(() => import("./pages/NoAccessPage.tsx"));
const PortsPage = lazy(() => import("../features/master-data/pages/PortsPage.tsx"));
const EntityPage = lazy(() => import("../features/master-data/pages/EntityPage.tsx"));
const ChargesPage = lazy(() => import("../features/master-data/pages/ChargesPage.tsx"));
const ChargeReadPage = lazy(() => import("../features/master-data/pages/ChargeReadPage.tsx"));
const FreightRatesPage = lazy(() => import("../features/master-data/pages/FreightRatesPage.tsx"));
const FreightRateLanePage = lazy(() => import("../features/master-data/pages/FreightRateLanePage.tsx"));
const PortRatesPage = lazy(() => import("../features/master-data/pages/PortRatesPage.tsx"));
const PortRateChargePage = lazy(() => import("../features/master-data/pages/PortRateChargePage.tsx"));
const TruckingRatesPage = lazy(() => import("../features/master-data/pages/TruckingRatesPage.tsx"));
const CustomersPage = lazy(() => import("../features/master-data/pages/CustomersPage.tsx"));
const VesselsPage = lazy(() => import("../features/master-data/pages/VesselsPage.tsx"));
const VesselReadPage = lazy(() => import("../features/master-data/pages/VesselReadPage.tsx"));
const VesselStowagePage = lazy(() => import("../features/master-data/pages/VesselStowagePage.tsx"));
const ContainerVansPage = lazy(() => import("../features/master-data/pages/ContainerVansPage.tsx"));
const TruckingsPage = lazy(() => import("../features/master-data/pages/TruckingsPage.tsx"));
const CommoditiesPage = lazy(() => import("../features/master-data/pages/CommoditiesPage.tsx"));
const CommodityCategoryPage = lazy(() => import("../features/master-data/pages/CommodityCategoryPage.tsx"));
const HolidaysPage = lazy(() => import("../features/master-data/pages/HolidaysPage.tsx"));
const WorkSchedulePage = lazy(() => import("../features/master-data/pages/WorkSchedulePage.tsx"));
const UsersPage = lazy(() => import("../features/users/pages/UsersPage.tsx"));
const MyAccountPage = lazy(() => import("../features/users/pages/MyAccountPage.tsx"));
const EditProfilePage = lazy(() => import("../features/users/pages/EditProfilePage.tsx"));
const HelpSupportPage = lazy(() => import("../features/users/pages/HelpSupportPage.tsx"));
const RolesPage = lazy(() => import("../features/roles/pages/RolesPage.tsx"));
const OutboxPage = lazy(() => import("../features/email/pages/OutboxPage.tsx"));
const AuditLogPage = lazy(() => import("../features/audit/pages/AuditLogPage.tsx"));
const NotificationsPage = lazy(() => import("../features/notifications/pages/NotificationsPage.tsx"));
const WhatsNewPage = lazy(() => import("../features/whats-new/pages/WhatsNewPage.tsx"));
const CalendarPage = lazy(() => import("../features/calendar/pages/CalendarPage.tsx"));
const SqReportsPage = lazy(() => import("../features/sales-quotations/reports/SqReportsPage.tsx"));
const CustomerRequestsPage = lazy(() => import("../features/customer-requests/pages/CustomerRequestsPage.tsx"));
const WaiversPage = lazy(() => import("../features/waivers/pages/WaiversPage.tsx"));
const RevenueReportPage = lazy(() => import("../features/reports/pages/RevenueReportPage.tsx"));
const DocumentTreePage = lazy(() => import("../features/reports/pages/DocumentTreePage.tsx"));
const BookingChangesPage = lazy(() => import("../features/booking-changes/pages/BookingChangesPage.tsx"));
const AccountSetupPage = lazy(() => import("../features/auth/pages/AccountSetupPage.tsx"));
const ResetPasswordPage = lazy(() => import("../features/auth/pages/ResetPasswordPage.tsx"));

function r(path: string, title: string, access: Access, page: AppRoute["page"] = NotBuiltPage): AppRoute {
  return { path, title, access, page };
}

const area = (path: string, title: string, access: Access) => r(path, title, access, AreaPage);

const masterData = (path: string, title: string, page?: AppRoute["page"]) => r(path, title, "MASTERDATA", page);


/** Every route of the product (000 §2, 001 §2). Order matters only where two entries share a path. */
export const ROUTES: AppRoute[] = [
  // Both audiences have a page at "/", so the first one whose access fits wins.
  r(PAGES.home, "Home", "authenticated", HomePage),
  r(PAGES.home, "Welcome", "signedOut", LandingPage),
  r(PAGES.signIn, "Sign in", "signedOut", SignInPage),
  r(PAGES.resetPassword, "Reset password", "signedOut", ResetPasswordPage),
  r(PAGES.accountSetup, "Account setup", "signedOut", AccountSetupPage),
  r(PAGES.version, "Version", "public", VersionPage),
  // 001 §2 leaves the address open; it is reached from the Version page.
  r(PAGES.whatsNew, "What's new", "authenticated", WhatsNewPage),

  // Public pages customers reach from links; tracking is open to staff too.
  r(PAGES.bookingLink, "Booking", "signedOut", lazy(() => import("../features/bookings/public/LinkPage.tsx"))),
  r(PAGES.authorizationLetter, "Authorization letter", "signedOut", lazy(() => import("../features/bookings/public/AuthorizationLetterPage.tsx"))),
  r(PAGES.pickUpRequest, "Pick-up request", "signedOut", lazy(() => import("../features/bookings/public/PickUpRequestPage.tsx"))),
  r(PAGES.bookingSuccess, "Booking received", "signedOut", lazy(() => import("../features/bookings/public/SuccessPage.tsx"))),
  r(PAGES.loadingConfirmation, "Loading confirmation", "signedOut", lazy(() => import("../features/outbound/public/LoadingConfirmationPage.tsx"))),
  r(PAGES.arrivalNotice, "Arrival notice", "public", lazy(() => import("../features/inbound/public/ArrivalNoticePage.tsx"))),
  r(PAGES.shipmentTracking, "Shipment tracking", "public", lazy(() => import("../features/bookings/public/TrackingPage.tsx"))),
  r(PAGES.shipmentTrackingOf, "Shipment tracking", "public", lazy(() => import("../features/bookings/public/TrackingPage.tsx"))),

  r(PAGES.myAccount, "My profile", "authenticated", MyAccountPage),
  r(PAGES.editProfile, "Edit profile", "authenticated", EditProfilePage),
  r(PAGES.helpSupport, "Help and Support", "authenticated", HelpSupportPage),
  r(PAGES.notifications, "Notifications", "authenticated", NotificationsPage),
  r(PAGES.calendar, "Calendar", "authenticated", CalendarPage),

  { ...r(PAGES.systemAccount, "System Account", "SYSTEMACCOUNT"), redirectTo: PAGES.users },
  r(PAGES.users, "Users", "SYSTEMACCOUNT", UsersPage),
  r(PAGES.roles, "Roles", "SYSTEMACCOUNT", RolesPage),
  // Beyond the spec's two screens: the mail Lading sent or holds, and who did what.
  r(PAGES.outbox, "Email outbox", "SYSTEMACCOUNT", OutboxPage),
  r(PAGES.audit, "Audit log", "SYSTEMACCOUNT", AuditLogPage),

  area(PAGES.masterData, "Master Data", "MASTERDATA"),
  masterData(PAGES.branches, "Branches", EntityPage),
  masterData(PAGES.ports, "Ports", PortsPage),
  masterData(PAGES.areas, "Areas", EntityPage),
  masterData(PAGES.cargoTypes, "Cargo types", EntityPage),
  masterData(PAGES.serviceModes, "Service modes", EntityPage),
  masterData(PAGES.containerYards, "Container yards", EntityPage),
  masterData(PAGES.charges, "Charges", ChargesPage),
  masterData(PAGES.chargeRead, "Charge", ChargeReadPage),
  masterData(PAGES.companyPolicies, "Company policies", EntityPage),
  masterData(PAGES.freightRates, "Freight rates", FreightRatesPage),
  masterData(PAGES.freightRateLane, "Freight rates of a charge", FreightRateLanePage),
  masterData(PAGES.portRates, "Port rates", PortRatesPage),
  masterData(PAGES.portRateCharge, "Port rates of a charge", PortRateChargePage),
  masterData(PAGES.truckingRates, "Trucking rates", TruckingRatesPage),
  masterData(PAGES.customers, "Customers", CustomersPage),
  masterData(PAGES.vessels, "Vessels", VesselsPage),
  masterData(PAGES.vesselRead, "Vessel", VesselReadPage),
  masterData(PAGES.vesselStowage, "Vessel stowage", VesselStowagePage),
  masterData(PAGES.containerVans, "Container vans", ContainerVansPage),
  masterData(PAGES.truckings, "Truckings", TruckingsPage),
  masterData(PAGES.commodities, "Commodities", CommoditiesPage),
  masterData(PAGES.commodityCategory, "Commodities of a category", CommodityCategoryPage),
  masterData(PAGES.holidays, "Holidays", HolidaysPage),
  masterData(PAGES.workSchedule, "Work schedule", WorkSchedulePage),

  r(PAGES.salesQuotation, "Sales Quotation", "SALESQUOTATION", lazy(() => import("../features/sales-quotations/pages/SalesQuotationHomePage.tsx"))),
  r(PAGES.sqDrafts, "Draft quotations", "SALESQUOTATION", lazy(() => import("../features/sales-quotations/pages/DraftsPage.tsx"))),
  r(PAGES.sqRead, "Sales quotation", "SALESQUOTATION", lazy(() => import("../features/sales-quotations/pages/QuotationReadPage.tsx"))),
  r(PAGES.sqArchive, "Quotation archive", "SALESQUOTATION", lazy(() => import("../features/sales-quotations/pages/ArchivePage.tsx"))),
  r(PAGES.sqReports, "Sales quotation reports", "SALESQUOTATION", SqReportsPage),
  r(PAGES.sqMemo, "Quotation memorandum", "SALESQUOTATION", lazy(() => import("../features/sales-quotations/pages/MemoPage.tsx"))),

  area(PAGES.voyage, "Voyage", "VOYAGE"),
  r(PAGES.voyageSchedules, "Voyage schedules", "VOYAGE", lazy(() => import("../features/voyages/pages/SchedulesPage.tsx"))),
  r(PAGES.vesselUpdates, "Vessel updates", "VOYAGE", lazy(() => import("../features/voyages/pages/VesselUpdatesPage.tsx"))),
  r(PAGES.vesselUpdateRead, "Vessel update", "VOYAGE", lazy(() => import("../features/voyages/pages/VesselUpdateReadPage.tsx"))),
  r(PAGES.bookingBatch, "Booking batch", "VOYAGE", lazy(() => import("../features/bookings/pages/BookingBatchPage.tsx"))),
  r(PAGES.bookingBatchCreate, "Booking batch", "VOYAGE", lazy(() => import("../features/bookings/pages/BookingBatchPage.tsx"))),
  r(PAGES.voyageRoutes, "Routes", "VOYAGE", lazy(() => import("../features/master-data/pages/RoutesPage.tsx"))),
  // The bare address picks this month and the first active vessel itself, then moves to the full one.
  r(PAGES.soundings, "Soundings", "VOYAGE", lazy(() => import("../features/voyages/soundings/SoundingsPage.tsx"))),
  r(PAGES.soundingsOf, "Soundings", "VOYAGE", lazy(() => import("../features/voyages/soundings/SoundingsPage.tsx"))),
  r(PAGES.vesselHistory, "Vessel history", "VOYAGE", lazy(() => import("../features/voyages/history/VesselHistoryPage.tsx"))),
  // The booking reports (001 §7): the revenue report needs its report role besides the menu.
  { ...r(PAGES.revenueReport, "Revenue report", "VOYAGE", RevenueReportPage), capability: "VOYAGE_FREIGHT_REVENUE_REPORT" },
  {
    ...r(PAGES.comparativeRevenue, "Comparative revenue", "VOYAGE", lazy(() => import("../features/reports/pages/ComparativeRevenuePage.tsx"))),
    capability: "VOYAGE_FREIGHT_REVENUE_REPORT",
  },
  r(PAGES.operationReport, "Operation report", "VOYAGE", lazy(() => import("../features/reports/pages/OperationReportPage.tsx"))),
  r(PAGES.voyageHistory, "Voyage history", "VOYAGE", lazy(() => import("../features/reports/pages/VoyageHistoryPage.tsx"))),
  r(PAGES.bookingReport, "Booking report", "VOYAGE", lazy(() => import("../features/reports/pages/BookingReportPage.tsx"))),
  r(PAGES.sqCommodityReport, "SQ-based commodity", "VOYAGE", lazy(() => import("../features/reports/pages/SqCommodityPage.tsx"))),
  r(PAGES.reportSubscriptions, "Report subscriptions", "VOYAGE", lazy(() => import("../features/reports/pages/SubscriptionsPage.tsx"))),
  r(PAGES.documentTree, "Document tree of a booking", "VOYAGE", DocumentTreePage),
  r(PAGES.documentTreeOf, "Document tree of a booking", "VOYAGE", DocumentTreePage),

  // The landing page holds the one voyage list (001 §7 voyage listings per branch): each voyage's load list, tally
  // sheet, stowage plan and confirmations, reports, reguiding and pick-up lists open from its row.
  { ...area(PAGES.outbound, "Outbound", "OUTBOUND"), panel: lazy(() => import("../features/outbound/pages/OutboundVoyagesPanel.tsx")) },
  r(PAGES.outboundCts, "Cargo transfer slips", "OUTBOUND", lazy(() => import("../features/outbound/pages/CtsPage.tsx"))),
  r(PAGES.waybills, "Waybills", "OUTBOUND", lazy(() => import("../features/outbound/pages/WaybillsPage.tsx"))),
  r(PAGES.loadList, "Load list", "OUTBOUND", lazy(() => import("../features/outbound/pages/LoadListPage.tsx"))),
  r(PAGES.loadListEntry, "Load list release", "OUTBOUND", lazy(() => import("../features/outbound/pages/LoadListReleasePage.tsx"))),
  r(PAGES.loadingTallySheet, "Loading tally sheet", "OUTBOUND", lazy(() => import("../features/outbound/pages/TallySheetPage.tsx"))),
  r(PAGES.stowagePlan, "Stowage plan", "OUTBOUND", lazy(() => import("../features/outbound/pages/StowagePlanPage.tsx"))),
  // The CRO accounting record's read page sits under /outbound in the spec; it is CRO Accounting's screen.
  r(PAGES.croRead, "CRO accounting", "CROACCOUNTING", lazy(() => import("../features/accounting/pages/CroAccountingReadPage.tsx"))),
  r(PAGES.outboundDispatch, "Outbound dispatch", "OUTBOUND", lazy(() => import("../features/outbound/pages/DispatchPage.tsx"))),
  r(PAGES.tallyFinalization, "Tally sheet finalization", "OUTBOUND", lazy(() => import("../features/reports/pages/TallyFinalizationPage.tsx"))),

  { ...area(PAGES.inbound, "Inbound", "INBOUND"), panel: lazy(() => import("../features/inbound/pages/DischargePanel.tsx")) },
  r(PAGES.unloadList, "Unload list", "INBOUND", lazy(() => import("../features/inbound/pages/UnloadListPage.tsx"))),
  r(PAGES.unloadingTallySheet, "Unloading tally sheet", "INBOUND", lazy(() => import("../features/inbound/pages/TallySheetPage.tsx"))),
  r(PAGES.cargoReleaseOrders, "Cargo release orders", "INBOUND", lazy(() => import("../features/inbound/pages/CargoReleaseOrdersPage.tsx"))),
  r(PAGES.arrivalNotices, "Arrival notices", "INBOUND", lazy(() => import("../features/inbound/pages/ArrivalNoticesPage.tsx"))),
  r(PAGES.inboundCts, "Inbound cargo transfer slips", "INBOUND", lazy(() => import("../features/inbound/pages/InboundCtsPage.tsx"))),
  r(PAGES.vanIn, "Van-in", "INBOUND", lazy(() => import("../features/inbound/pages/VanInPage.tsx"))),
  r(PAGES.inboundDispatch, "Inbound dispatch", "INBOUND", lazy(() => import("../features/inbound/pages/InboundDispatchPage.tsx"))),
  r(PAGES.unpaidWaybills, "Unpaid waybills", "INBOUND", lazy(() => import("../features/inbound/pages/UnpaidWaybillsPage.tsx"))),
  r(PAGES.dwellTime, "Dwell time", "INBOUND", lazy(() => import("../features/inbound/pages/DwellTimePage.tsx"))),

  area(PAGES.bookingChanges, "Booking Changes", "BOOKINGCHANGES"),
  r(PAGES.bookingChangeDrafts, "Draft booking changes", "BOOKINGCHANGES", BookingChangesPage),
  r(PAGES.bookingChangesApproved, "Approved booking changes", "BOOKINGCHANGES", BookingChangesPage),
  r(PAGES.bookingChangeForApproval, "Booking change for approval", "BOOKINGCHANGES", lazy(() => import("../features/booking-changes/pages/BookingChangeReadPage.tsx"))),

  r(PAGES.croAccounting, "CRO Accounting", "CROACCOUNTING", lazy(() => import("../features/accounting/pages/CroAccountingPage.tsx"))),
  r(PAGES.croPosting, "CRO posting", "CROACCOUNTING", lazy(() => import("../features/accounting/pages/PostingsPage.tsx"))),
  r(PAGES.croReconciliation, "Posting reconciliation", "CROACCOUNTING", lazy(() => import("../features/accounting/pages/ReconciliationPage.tsx"))),
  r(PAGES.siArchive, "SI archive", "CROACCOUNTING", lazy(() => import("../features/accounting/pages/ArchivePage.tsx"))),
  r(PAGES.collectionAtDat, "Collection at DAT", "CROACCOUNTING", lazy(() => import("../features/accounting/pages/CollectionsPage.tsx"))),
  r(PAGES.pdcClearing, "PDC clearing", "CROACCOUNTING", lazy(() => import("../features/accounting/pages/PdcClearingPage.tsx"))),
  r(PAGES.form2307, "Form 2307", "CROACCOUNTING", lazy(() => import("../features/accounting/pages/Form2307Page.tsx"))),
  r(PAGES.manualSalesInvoices, "Manual sales invoices", "CROACCOUNTING", lazy(() => import("../features/accounting/pages/ManualInvoicesPage.tsx"))),
  r(PAGES.atpBooklets, "ATP booklets", "CROACCOUNTING", lazy(() => import("../features/accounting/pages/AtpBookletsPage.tsx"))),

  area(PAGES.waiver, "Waiver", "WAIVER"),
  r(PAGES.waiverDrafts, "Draft waivers", "WAIVER", WaiversPage),
  r(PAGES.waiversApproved, "Approved waivers", "WAIVER", WaiversPage),
  r(PAGES.waiverRead, "Waiver", "WAIVER", lazy(() => import("../features/waivers/pages/WaiverReadPage.tsx"))),

  // Overrides have no menu id of their own: the waiver permission opens them (000 §6).
  area(PAGES.override, "Override", "WAIVER"),
  r(PAGES.overrideDrafts, "Draft overrides", "WAIVER", lazy(() => import("../features/waivers/pages/OverridesPage.tsx"))),
  r(PAGES.overrideRead, "Charge override", "WAIVER", lazy(() => import("../features/waivers/pages/OverrideReadPage.tsx"))),

  r(PAGES.hustling, "Hustling", "HUSTLING", lazy(() => import("../features/hustling/pages/HustlingsPage.tsx"))),
  r(PAGES.hustlingOf, "Hustling", "HUSTLING", lazy(() => import("../features/hustling/pages/HustlingPage.tsx"))),

  area(PAGES.customerRequest, "Customer Request", "CUSTOMER"),
  r(PAGES.customerRequestsForApproval, "Customer requests for approval", "CUSTOMER", CustomerRequestsPage),
  r(PAGES.customerRequestDrafts, "Draft customer requests", "CUSTOMER", CustomerRequestsPage),
  r(PAGES.customerRequestArchive, "Customer request archive", "CUSTOMER", CustomerRequestsPage),
];

/** Whether the user may open a route: its access, and the report role it needs when it names one. */
export function mayOpen(user: SessionUser | null, route: Pick<AppRoute, "access" | "capability">): boolean {
  return canAccess(user, route.access) && (!route.capability || (user?.capabilities ?? []).includes(route.capability));
}

export function canAccess(user: SessionUser | null, access: Access): boolean {
  switch (access) {
    case "public":
      return true;
    case "signedOut":
      return user === null;
    case "authenticated":
      return user !== null;
    default:
      return user !== null && user.menus.includes(access);
  }
}

export type Resolution =
  | { kind: "page"; route: AppRoute; params: Record<string, string | undefined> }
  | { kind: "redirect"; to: string }
  | { kind: "signIn" }
  | { kind: "noAccess"; route: AppRoute }
  | { kind: "notFound" };

const compiled = new Map<string, { pattern: RegExp; keys: string[] }>();

/** `/a/:b` matches `/A/x` and `/a/x/` (case and a trailing slash are forgiven, like the server's paths). */
export function matchPath(path: string, pathname: string): Record<string, string> | null {
  let entry = compiled.get(path);
  if (!entry) {
    const keys: string[] = [];
    const source = path.split("/").filter(Boolean).map((segment) => {
      if (!segment.startsWith(":")) return "/" + segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      keys.push(segment.slice(1));
      return "/([^/]+)";
    }).join("");
    entry = { pattern: new RegExp(`^${source}/?$`, "i"), keys };
    compiled.set(path, entry);
  }
  const found = entry.pattern.exec(pathname);
  if (!found) return null;
  const params: Record<string, string> = {};
  entry.keys.forEach((key, i) => {
    try {
      params[key] = decodeURIComponent(found[i + 1]);
    } catch {
      params[key] = found[i + 1];
    }
  });
  return params;
}

/** Decides what a path shows to this visitor. */
export function resolveRoute(pathname: string, user: SessionUser | null): Resolution {
  const matches = ROUTES.flatMap((route) => {
    const params = matchPath(route.path, pathname);
    return params ? [{ route, params }] : [];
  });
  if (matches.length === 0) return { kind: "notFound" };

  for (const { route, params } of matches) {
    if (route.access === "signedOut" && user) continue;
    if (route.access !== "public" && route.access !== "signedOut" && !user) continue;
    if (!mayOpen(user, route)) return { kind: "noAccess", route };
    if (route.redirectTo) return { kind: "redirect", to: route.redirectTo };
    return { kind: "page", route, params };
  }
  // Only pages for the other audience match: staff pages send visitors to sign in, sign-in sends staff home.
  return user ? { kind: "redirect", to: "/" } : { kind: "signIn" };
}

/** Screens directly under an area root that can be opened without parameters, for the area's landing list. */
export function childScreens(root: string): AppRoute[] {
  const prefix = root.toLowerCase() + "/";
  return ROUTES.filter((route) => route.path.toLowerCase().startsWith(prefix) && !route.path.includes(":"));
}

export function findRoute(path: string): AppRoute | undefined {
  return ROUTES.find((route) => route.path.toLowerCase() === path.toLowerCase());
}
