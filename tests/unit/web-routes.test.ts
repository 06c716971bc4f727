import { describe, expect, it } from "vitest";
import { MENU_IDS } from "../../api/modules/roles/schemas.ts";
import { SIDE_MENU } from "../../web/src/app/navigation.tsx";
import { canAccess, resolveRoute, ROUTES } from "../../web/src/app/routes.tsx";
import type { SessionUser } from "../../web/src/lib/session.ts";

const admin = { id: 1, userId: "admin", name: "Admin", email: "", roleId: "ADMIN", roleName: "Administrator", isDat: false, darkMode: false, userCy: null, menus: [...MENU_IDS], devicelogin: null, dateModified: "" } as SessionUser;
const clerk = { ...admin, userId: "clerk", menus: ["VOYAGE"] } as SessionUser;

/** Concrete addresses of every signed-in route of 000 §2 and 001 §2. */
const SIGNED_IN = [
  "/", "/myAccount", "/myAccount/edit/7", "/help_support", "/version", "/master_data", "/sales_quotation", "/voyage", "/outbound",
  "/inbound", "/bookingChanges", "/notifications", "/calendar", "/waiver", "/CROAccounting", "/Hustling", "/customerRequest", "/overrideCharge",
  "/system_account/users", "/system_account/roles",
  ...["branches", "ports", "areas", "cargo_types", "service_modes", "container_yards", "charges", "charges/read/001", "company_policies",
    "freight_rate", "freight_rate/001/MNL", "port_rate", "port_rate/004", "Trucking_rate", "customers", "vessels", "vessels/read/MV1", "vessel_stowage",
    "containerVan", "trucking", "commodity", "commodity/category/FOOD", "holidays", "work_schedule"].map((p) => `/master_data/${p}`),
  "/sales_quotation/draft", "/sales_quotation/draft/read/SQ-1", "/sales_quotation/archive",
  "/voyage/schedules", "/voyage/vessel_updates", "/voyage/vessel_updates/read/3", "/voyage/bookings/V1/B1", "/voyage/bookings/V1/B1/create",
  "/voyage/routes", "/voyage/soundings/2026/11/MV1",
  "/outbound/cts", "/outbound/waybill", "/outbound/loadList/V1", "/outbound/loadList/V1/read/4", "/outbound/tallySheet/V1", "/outbound/stowage/V1",
  "/outbound/CROAcctg/read/5", "/outbound/dispatchModule",
  "/inbound/unloadList/V1", "/inbound/tallySheet/V1", "/inbound/cargoReleaseOrder", "/inbound/cts", "/inbound/van_in", "/inbound/dispatchModule",
  "/bookingChanges/draft", "/bookingChanges/approved", "/bookingChanges/forApproval/read/9",
  "/CROAccounting/Posting/voyage/V1", "/CROAccounting/CollectionAtDAT", "/waiver/draft", "/waiver/approved", "/overrideCharge/draft",
  "/Hustling/a/b", "/customerRequest/forApproval", "/customerRequest/draft", "/customerRequest/archive",
];

const SIGNED_OUT = [
  "/", "/signin", "/resetPassword", "/account/setup/u/jdoe/abc", "/version", "/booking/link/t/tok", "/booking/AuthorizationLetter/1",
  "/booking/PickUpRequest/1", "/booking/success/BK1", "/booking/loadingConfirmation/BK1/tok",
];

describe("the web route table", () => {
  it("gives every signed-in route of the spec a page (or its redirect) for a user with every menu", () => {
    for (const path of SIGNED_IN) {
      const found = resolveRoute(path, admin);
      expect(["page", "redirect"], path).toContain(found.kind);
    }
    expect(resolveRoute("/system_account", admin)).toEqual({ kind: "redirect", to: "/system_account/users" });
  });

  it("gives every signed-out route a page for a visitor", () => {
    for (const path of SIGNED_OUT) expect(resolveRoute(path, null).kind, path).toBe("page");
  });

  it("shows tracking to everybody, signed in or not", () => {
    for (const user of [null, admin]) {
      expect(resolveRoute("/booking/shipmentTracking", user).kind).toBe("page");
      expect(resolveRoute("/booking/shipmentTracking/BK-42", user)).toMatchObject({ kind: "page", params: { bookingRef: "BK-42" } });
    }
  });

  it("answers the fallback for any other path, and no access for a menu the role lacks", () => {
    expect(resolveRoute("/no/such/screen", admin).kind).toBe("notFound");
    expect(resolveRoute("/no/such/screen", null).kind).toBe("notFound");
    expect(resolveRoute("/master_data/ports", clerk).kind).toBe("noAccess");
    expect(resolveRoute("/voyage/schedules", clerk).kind).toBe("page");
    expect(resolveRoute("/master_data/ports", null).kind).toBe("signIn");
  });

  it("declares an access rule on every route", () => {
    const allowed = new Set<string>([...MENU_IDS, "authenticated", "signedOut", "public"]);
    for (const route of ROUTES) expect(allowed.has(route.access), route.path).toBe(true);
  });

  it("lists in the side menu only what the role allows, the waiver permission also opening Override", () => {
    const menuOf = (user: SessionUser) => SIDE_MENU.filter((entry) => canAccess(user, entry.access)).map((entry) => entry.testId);
    expect(menuOf(clerk)).toEqual(["nav-home", "nav-voyage"]);
    const waiver = { ...admin, menus: ["WAIVER"] } as SessionUser;
    expect(menuOf(waiver)).toEqual(["nav-home", "nav-waiver", "nav-override"]);
    expect(resolveRoute("/overrideCharge", waiver).kind).toBe("page");
    expect(resolveRoute("/overrideCharge", clerk).kind).toBe("noAccess");
    expect(menuOf(admin)).toHaveLength(SIDE_MENU.length);
  });

  it("hands the account pages their link parts, and sends signed-in users away from the signed-out ones", () => {
    expect(resolveRoute("/account/setup/u/jdoe/Zm9vYmFy-token", null)).toMatchObject({ kind: "page", params: { userId: "jdoe", token: "Zm9vYmFy-token" } });
    expect(resolveRoute("/myAccount/edit/12", clerk)).toMatchObject({ kind: "page", params: { id: "12" } });
    expect(resolveRoute("/myAccount", null).kind).toBe("signIn");
    expect(resolveRoute("/resetPassword", clerk)).toEqual({ kind: "redirect", to: "/" });
    expect(resolveRoute("/account/setup/u/jdoe/tok", clerk)).toEqual({ kind: "redirect", to: "/" });
  });
});
