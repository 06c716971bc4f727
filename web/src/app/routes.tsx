import { type ComponentType, lazy, type LazyExoticComponent } from "react";
import type { MenuId } from "../../../api/modules/roles/schemas.ts";
import type { SessionUser } from "../lib/session.ts";

/**
 * Who may open a route: a menu permission of the role, any signed-in user, only signed-out visitors, or
 * everybody (the public booking pages that customers open from links).
 */
export type Access = MenuId | "authenticated" | "signedOut" | "public";

export interface PageProps {
  route: AppRoute;
  params: Record<string, string | undefined>;
}

export interface AppRoute {
  /** wouter pattern; matching ignores case, as the server does for its own paths. */
  path: string;
  title: string;
  access: Access;
  page: LazyExoticComponent<ComponentType<PageProps>>;
  /** Sends the visitor on to another route instead of rendering (the area has no page of its own). */
  redirectTo?: string;
}

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
const AccountSetupPage = lazy(() => import("../features/auth/pages/AccountSetupPage.tsx"));
const ResetPasswordPage = lazy(() => import("../features/auth/pages/ResetPasswordPage.tsx"));

function r(path: string, title: string, access: Access, page: AppRoute["page"] = NotBuiltPage): AppRoute {
  return { path, title, access, page };
}

const area = (path: string, title: string, access: Access) => r(path, title, access, AreaPage);

const masterData = (path: string, title: string, page?: AppRoute["page"]) => r(`/master_data/${path}`, title, "MASTERDATA", page);

/** Every route of the product (000 §2, 001 §2). Order matters only where two entries share a path. */
export const ROUTES: AppRoute[] = [
  // Both audiences have a page at "/", so the first one whose access fits wins.
  r("/", "Home", "authenticated", HomePage),
  r("/", "Welcome", "signedOut", LandingPage),
  r("/signin", "Sign in", "signedOut", SignInPage),
  r("/resetPassword", "Reset password", "signedOut", ResetPasswordPage),
  r("/account/setup/u/:userId/:token", "Account setup", "signedOut", AccountSetupPage),
  r("/version", "Version", "public", VersionPage),
  // 001 §2 leaves the address open; it is reached from the Version page.
  r("/whats_new", "What's new", "authenticated", WhatsNewPage),

  // Public pages customers reach from links; tracking is open to staff too.
  r("/booking/link/t/:token", "Booking", "signedOut", lazy(() => import("../features/bookings/public/LinkPage.tsx"))),
  r("/booking/AuthorizationLetter/:id", "Authorization letter", "signedOut", lazy(() => import("../features/bookings/public/AuthorizationLetterPage.tsx"))),
  r("/booking/PickUpRequest/:id", "Pick-up request", "signedOut", lazy(() => import("../features/bookings/public/PickUpRequestPage.tsx"))),
  r("/booking/success/:bookingRef", "Booking received", "signedOut", lazy(() => import("../features/bookings/public/SuccessPage.tsx"))),
  r("/booking/loadingConfirmation/:bookingRef/:token", "Loading confirmation", "signedOut"),
  r("/booking/shipmentTracking", "Shipment tracking", "public", lazy(() => import("../features/bookings/public/TrackingPage.tsx"))),
  r("/booking/shipmentTracking/:bookingRef", "Shipment tracking", "public", lazy(() => import("../features/bookings/public/TrackingPage.tsx"))),

  r("/myAccount", "My profile", "authenticated", MyAccountPage),
  r("/myAccount/edit/:id", "Edit profile", "authenticated", EditProfilePage),
  r("/help_support", "Help and Support", "authenticated", HelpSupportPage),
  r("/notifications", "Notifications", "authenticated", NotificationsPage),
  r("/calendar", "Calendar", "authenticated", CalendarPage),

  { ...r("/system_account", "System Account", "SYSTEMACCOUNT"), redirectTo: "/system_account/users" },
  r("/system_account/users", "Users", "SYSTEMACCOUNT", UsersPage),
  r("/system_account/roles", "Roles", "SYSTEMACCOUNT", RolesPage),
  // Beyond the spec's two screens: the mail Lading sent or holds, and who did what.
  r("/system_account/outbox", "Email outbox", "SYSTEMACCOUNT", OutboxPage),
  r("/system_account/audit", "Audit log", "SYSTEMACCOUNT", AuditLogPage),

  area("/master_data", "Master Data", "MASTERDATA"),
  masterData("branches", "Branches", EntityPage),
  masterData("ports", "Ports", PortsPage),
  masterData("areas", "Areas", EntityPage),
  masterData("cargo_types", "Cargo types", EntityPage),
  masterData("service_modes", "Service modes", EntityPage),
  masterData("container_yards", "Container yards", EntityPage),
  masterData("charges", "Charges", ChargesPage),
  masterData("charges/read/:chargeCode", "Charge", ChargeReadPage),
  masterData("company_policies", "Company policies", EntityPage),
  masterData("freight_rate", "Freight rates", FreightRatesPage),
  masterData("freight_rate/:charge/:origin", "Freight rates of a charge", FreightRateLanePage),
  masterData("port_rate", "Port rates", PortRatesPage),
  masterData("port_rate/:chargeCode", "Port rates of a charge", PortRateChargePage),
  masterData("Trucking_rate", "Trucking rates", TruckingRatesPage),
  masterData("customers", "Customers", CustomersPage),
  masterData("vessels", "Vessels", VesselsPage),
  masterData("vessels/read/:vessel", "Vessel", VesselReadPage),
  masterData("vessel_stowage", "Vessel stowage", VesselStowagePage),
  masterData("containerVan", "Container vans", ContainerVansPage),
  masterData("trucking", "Truckings", TruckingsPage),
  masterData("commodity", "Commodities", CommoditiesPage),
  masterData("commodity/category/:category", "Commodities of a category", CommodityCategoryPage),
  masterData("holidays", "Holidays", HolidaysPage),
  masterData("work_schedule", "Work schedule", WorkSchedulePage),

  r("/sales_quotation", "Sales Quotation", "SALESQUOTATION", lazy(() => import("../features/sales-quotations/pages/SalesQuotationHomePage.tsx"))),
  r("/sales_quotation/draft", "Draft quotations", "SALESQUOTATION", lazy(() => import("../features/sales-quotations/pages/DraftsPage.tsx"))),
  r("/sales_quotation/draft/read/:sqRefNum", "Sales quotation", "SALESQUOTATION", lazy(() => import("../features/sales-quotations/pages/QuotationReadPage.tsx"))),
  r("/sales_quotation/archive", "Quotation archive", "SALESQUOTATION", lazy(() => import("../features/sales-quotations/pages/ArchivePage.tsx"))),
  r("/sales_quotation/reports", "Sales quotation reports", "SALESQUOTATION", SqReportsPage),
  r("/sales_quotation/memo", "Quotation memorandum", "SALESQUOTATION", lazy(() => import("../features/sales-quotations/pages/MemoPage.tsx"))),

  area("/voyage", "Voyage", "VOYAGE"),
  r("/voyage/schedules", "Voyage schedules", "VOYAGE", lazy(() => import("../features/voyages/pages/SchedulesPage.tsx"))),
  r("/voyage/vessel_updates", "Vessel updates", "VOYAGE", lazy(() => import("../features/voyages/pages/VesselUpdatesPage.tsx"))),
  r("/voyage/vessel_updates/read/:vuid", "Vessel update", "VOYAGE", lazy(() => import("../features/voyages/pages/VesselUpdateReadPage.tsx"))),
  r("/voyage/bookings/:voyageNum/:bookingBatchRef", "Booking batch", "VOYAGE", lazy(() => import("../features/bookings/pages/BookingBatchPage.tsx"))),
  r("/voyage/bookings/:voyageNum/:bookingBatchRef/create", "Booking batch", "VOYAGE", lazy(() => import("../features/bookings/pages/BookingBatchPage.tsx"))),
  r("/voyage/routes", "Routes", "VOYAGE", lazy(() => import("../features/voyages/pages/RoutesPage.tsx"))),
  // The bare address picks this month and the first active vessel itself, then moves to the full one.
  r("/voyage/soundings", "Soundings", "VOYAGE", lazy(() => import("../features/voyages/soundings/SoundingsPage.tsx"))),
  r("/voyage/soundings/:a/:b/:c", "Soundings", "VOYAGE", lazy(() => import("../features/voyages/soundings/SoundingsPage.tsx"))),
  r("/voyage/vessel_history", "Vessel history", "VOYAGE", lazy(() => import("../features/voyages/history/VesselHistoryPage.tsx"))),

  area("/outbound", "Outbound", "OUTBOUND"),
  r("/outbound/cts", "Cargo transfer slips", "OUTBOUND"),
  r("/outbound/waybill", "Waybills", "OUTBOUND"),
  r("/outbound/loadList/:voyageNum", "Load list", "OUTBOUND"),
  r("/outbound/loadList/:voyageNum/read/:releaseId", "Load list entry", "OUTBOUND"),
  r("/outbound/tallySheet/:voyageNum", "Loading tally sheet", "OUTBOUND"),
  r("/outbound/stowage/:voyageNum", "Stowage plan", "OUTBOUND"),
  r("/outbound/CROAcctg/read/:id", "Cargo release order", "OUTBOUND"),
  r("/outbound/dispatchModule", "Outbound dispatch", "OUTBOUND"),

  area("/inbound", "Inbound", "INBOUND"),
  r("/inbound/unloadList/:voyageNum", "Unload list", "INBOUND"),
  r("/inbound/tallySheet/:voyageNum", "Unloading tally sheet", "INBOUND"),
  r("/inbound/cargoReleaseOrder", "Cargo release orders", "INBOUND"),
  r("/inbound/cts", "Inbound cargo transfer slips", "INBOUND"),
  r("/inbound/van_in", "Van-in", "INBOUND"),
  r("/inbound/dispatchModule", "Inbound dispatch", "INBOUND"),

  area("/bookingChanges", "Booking Changes", "BOOKINGCHANGES"),
  r("/bookingChanges/draft", "Draft booking changes", "BOOKINGCHANGES"),
  r("/bookingChanges/approved", "Approved booking changes", "BOOKINGCHANGES"),
  r("/bookingChanges/forApproval/read/:revisionId", "Booking change for approval", "BOOKINGCHANGES"),

  area("/CROAccounting", "CRO Accounting", "CROACCOUNTING"),
  r("/CROAccounting/Posting/voyage/:voyageNum", "CRO posting", "CROACCOUNTING"),
  r("/CROAccounting/CollectionAtDAT", "Collection at DAT", "CROACCOUNTING"),

  area("/waiver", "Waiver", "WAIVER"),
  r("/waiver/draft", "Draft waivers", "WAIVER"),
  r("/waiver/approved", "Approved waivers", "WAIVER"),

  // Overrides have no menu id of their own: the waiver permission opens them (000 §6).
  area("/overrideCharge", "Override", "WAIVER"),
  r("/overrideCharge/draft", "Draft overrides", "WAIVER"),

  r("/Hustling", "Hustling", "HUSTLING"),
  r("/Hustling/:a/:b", "Hustling", "HUSTLING"),

  area("/customerRequest", "Customer Request", "CUSTOMER"),
  r("/customerRequest/forApproval", "Customer requests for approval", "CUSTOMER"),
  r("/customerRequest/draft", "Draft customer requests", "CUSTOMER"),
  r("/customerRequest/archive", "Customer request archive", "CUSTOMER"),
];

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
    if (!canAccess(user, route.access)) return { kind: "noAccess", route };
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
