import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { containerCheckDigit } from "../../api/shared/container-numbers.ts";
import { formatAmount } from "../../api/shared/money.ts";
import { adminApi, type AdminCall } from "./admin-api.ts";
import { setUpBookingWorld } from "./booking-world.ts";
import { openBrowser, type OpenBrowser, rowButton, seeNotice, signIn } from "./browser.ts";

/**
 * A booking change clicked through the built app (issue 25 point 1), each step by another person of Manila: the clerk
 * moves a waybill's cargo from Cebu to Davao (the voyage calls at both, the shipper's quotation prices both), seeing the
 * charges before and after; the endorser, told under Booking Changes (avatar BC), endorses; the management approver
 * approves; the accounting approver, whose step it is since the charges change, approves last and lands on the
 * approved list. The booking, the waybill and its charges then carry Davao and the Davao price.
 */

const baseURL = inject("baseURL");
const adminPassword = inject("adminPassword");
const PASSWORD = "bc-e2e-passphrase-9";
const PREFIX = { role: "BCE2E", user: "bc-e2e" };
const STAFF = [
  { key: "yard", name: "Yvonne Tan", grants: ["OUTBOUND"] },
  { key: "clerk", name: "Clarissa Lim", grants: ["BOOKINGCHANGES"] },
  { key: "endorser", name: "Enrique Dela Paz", grants: ["BOOKINGCHANGES", "ENDORSER"] },
  { key: "management", name: "Miguel Santos", grants: ["BOOKINGCHANGES", "MANAGEMENT_APPROVER"] },
  { key: "accounting", name: "Amparo Reyes", grants: ["BOOKINGCHANGES", "BC_ACCOUNTING_APPROVER"] },
] as const;
type Key = (typeof STAFF)[number]["key"];
const userOf = (key: Key) => `${PREFIX.user}-${key}`;

let asAdmin: AdminCall;
const tokens = {} as Record<Key, string>;
const browsers: OpenBrowser[] = [];
const pages = {} as Record<Exclude<Key, "yard">, Page>;
let booking = { bookingRef: "", wayBillRef: "", total: "" };
/** The freight line of the booking before and after the change, as the change priced it. */
const freight = { before: "", after: "" };
let revisionId = "";
let totalAfter = "";

async function as<T = any>(key: Key, method: string, apiPath: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseURL}/api${apiPath}`, {
    method, headers: { "content-type": "application/json", authorization: `Bearer ${tokens[key]}` }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${apiPath}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

const shown = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent())?.trim();

beforeAll(async () => {
  asAdmin = await adminApi(baseURL, adminPassword);
  const world = await setUpBookingWorld({
    baseURL, asAdmin, prefix: PREFIX, password: PASSWORD, customerCode: "CUS-005",
    lanes: [{ serviceModeCode: "PTP", originPortCode: "MNLN", destinationPortCode: "CEB", teu: 1 }, { serviceModeCode: "PTP", originPortCode: "MNLN", destinationPortCode: "DVO", teu: 1 }],
    voyage: { voyageRef: "V-E2E-BC", vesselCode: "MV-VOYAGER", routeCode: "MNL-CEB-DVO", destinationBranchCode: "CEB", alsoCallsAt: ["DVO"] },
  });
  const { data: branches } = await asAdmin<{ data: { id: number; code: string }[] }>("GET", "/Branches/getIsActive");
  const manila = branches.find((b) => b.code === "MNL")!;
  for (const s of STAFF) {
    await asAdmin("POST", "/Roles", { roleId: `${PREFIX.role}_${s.key.toUpperCase()}`, roleName: `Booking change e2e ${s.key}`, roleDetails: s.grants.map((menuId) => ({ menuId })) });
  }
  await asAdmin("POST", "/users/multipleInsert", STAFF.map((s) => ({
    userId: userOf(s.key), name: s.name, email: `${userOf(s.key)}@example.test`, roleId: `${PREFIX.role}_${s.key.toUpperCase()}`,
    branches: [{ id: manila.id, defaultBranch: true }],
  })));
  for (const s of STAFF) {
    await asAdmin("PUT", `/Users/ChangePasswordAdmin/${userOf(s.key)}?password=${encodeURIComponent(PASSWORD)}`);
    const res = await fetch(`${baseURL}/api/users/authenticate`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ userId: userOf(s.key), password: PASSWORD }),
    });
    tokens[s.key] = ((await res.json()) as { data: { token: string }[] }).data[0]!.token;
  }

  // A prepaid booking to Cebu, its van out and its waybill made by the yard.
  const batch = (await world.callAs("staff", "POST", "/Bookings/batch", {
    voyageNum: world.voyageNum, customerCode: "CUS-005", remarks: "",
    bookings: [{ destinationBranchCode: "CEB", modeOfDelivery: "PTP", modeOfPayment: "P", quantityTeu: 1, goods: "Canned sardines", packaging: "Box", quantity: 800, cargoWeight: "14.000", declaredValue: "300000.00", consigneeName: "Mindanao Grocers" }],
  })).data;
  await world.callAs("staff", "POST", "/Bookings/confirmBatch", { bookingBatchRef: batch.bookingBatchRef });
  const bookingRef = batch.bookings[0].bookingRef as string;
  await world.callAs("staff", "POST", "/Bookings/issueATW", { bookingRefs: [bookingRef], truckingCode: "TRK-001" });
  const first = `BCEU${String(Date.now() % 900_000).padStart(6, "0")}`;
  const van = `${first}${containerCheckDigit(first)}`;
  await asAdmin("POST", "/ContainerVans/create", { code: van, size: "20", vanType: "DRY", condition: "Empty", cyCode: "MNL-CY1", isShipperOwn: false });
  await as("yard", "POST", "/OutBound/cts/create", {
    bookingRef, containerVanNum: van, truckingCode: "TRK-001", plateNum: "BCE 101", driver: "Rodel Mendoza", toParty: "Shipper", vanStatus: "Empty",
  });
  const made = (await as("yard", "POST", "/OutBound/waybill/create", { bookingRef })).data;
  // The booking's charges as a change would start from them.
  const asked = (await as("clerk", "GET", `/BookingRevisions/getBookingRefV1/${bookingRef}`)).data;
  booking = { bookingRef, wayBillRef: made.wayBillRef, total: asked.total };
  expect(made.destinationBranchCode).toBe("CEB");

  for (const key of ["clerk", "endorser", "management", "accounting"] as const) {
    const browser = await openBrowser(`booking-change-${key}`, { width: 1440, height: 900 });
    browsers.push(browser);
    pages[key] = browser.page;
    await signIn(browser.page, baseURL, userOf(key), PASSWORD);
  }
}, 300_000);

afterAll(async () => {
  for (const browser of browsers) await browser.close().catch(() => {});
});

describe("a change moving a waybill to Davao, approved step by step by others", () => {
  it("is drafted by the clerk, who sees the destination and the charges before and after", async () => {
    const clerk = pages.clerk;
    await clerk.getByTestId("nav-booking-changes").click();
    await clerk.getByTestId("area-link-draft").click();
    await clerk.waitForURL(`${baseURL}/bookingChanges/draft`);
    await clerk.getByTestId("bc-new").click();
    await clerk.getByTestId("bc-new-ref").fill(booking.bookingRef);
    await clerk.getByTestId("bc-new-find").click();
    await clerk.getByTestId("bc-new-destinationBranchCode").waitFor();
    expect(await clerk.getByTestId("bc-new-destinationBranchCode").inputValue()).toBe("CEB");
    await clerk.getByTestId("bc-new-destinationBranchCode").fill("DVO");
    await clerk.getByTestId("bc-new-remarks").fill("The consignee takes delivery at its Davao warehouse");
    await clerk.getByTestId("bc-new-save").click();
    await seeNotice(clerk, "Successfully Created Booking Change.");
    await clerk.waitForURL(new RegExp(`/bookingChanges/forApproval/read/BC-MNL-\\d{4}-\\d{6}$`));
    revisionId = decodeURIComponent(clerk.url().split("/").pop()!);
    expect([await shown(clerk, "bc-page-status"), await shown(clerk, "bc-before-destinationBranchCode"), await shown(clerk, "bc-after-destinationBranchCode")])
      .toEqual(["draft", "CEB", "DVO"]);
    expect(await shown(clerk, "bc-total-before")).toBe(formatAmount(booking.total));
    const detail = (await as("clerk", "GET", `/BookingRevisions/getRevisionId/${revisionId}`)).data;
    totalAfter = detail.totalAfter;
    const freightOf = (lines: { chargeCode: string; chargePart: string; amount: string }[]) => lines.find((l) => l.chargePart === "FREIGHT" && l.chargeCode === "001")!.amount;
    freight.before = freightOf(detail.chargesBefore);
    freight.after = freightOf(detail.chargesAfter);
    expect(freight.after).not.toBe(freight.before);
    expect(await shown(clerk, "bc-total-after")).toBe(formatAmount(totalAfter));
    expect(totalAfter).not.toBe(booking.total);
    await clerk.getByTestId("bc-action-submit").click();
    await seeNotice(clerk, "Successfully Updated Booking Change.");
    await clerk.waitForURL(`${baseURL}/bookingChanges/draft?list=forEndorse`);
  });

  it("reaches the endorser under Booking Changes (avatar BC), who endorses", async () => {
    const endorser = pages.endorser;
    await endorser.getByTestId("notification-bell").click();
    const item = endorser.getByTestId("notification-list").getByRole("button", { name: new RegExp(revisionId) });
    await item.waitFor();
    expect(await item.getByTestId("notification-avatar").textContent()).toBe("BC");
    await item.click();
    await endorser.waitForURL(`${baseURL}/bookingChanges/forApproval/read/${revisionId}`);
    await endorser.getByTestId("bc-decision-remarks").fill("Consignee's letter on file");
    await endorser.getByTestId("bc-action-endorse").click();
    await seeNotice(endorser, "Successfully Updated Booking Change.");
    await endorser.waitForURL(`${baseURL}/bookingChanges/draft?list=forApproval`);
  });

  it("is approved by the management approver", async () => {
    const management = pages.management;
    await management.goto(`${baseURL}/bookingChanges/draft?list=forApproval`);
    await rowButton(management, `bc-row-${revisionId}`, "Open").click();
    await management.waitForURL(`${baseURL}/bookingChanges/forApproval/read/${revisionId}`);
    await management.getByTestId("bc-action-approve").click();
    await seeNotice(management, "Successfully Updated Booking Change.");
    await management.waitForURL(`${baseURL}/bookingChanges/draft?list=forApproval`);
  });

  it("is approved last by the accounting approver, and the booking, waybill and charges carry Davao", async () => {
    const accounting = pages.accounting;
    await accounting.goto(`${baseURL}/bookingChanges/draft?list=forApproval`);
    await rowButton(accounting, `bc-row-${revisionId}`, "Open").click();
    await accounting.waitForURL(`${baseURL}/bookingChanges/forApproval/read/${revisionId}`);
    await accounting.getByTestId("bc-action-accountingApprove").waitFor();
    expect(await accounting.getByTestId("bc-actions").getByRole("button").allTextContents()).toEqual(["Approve charges", "Deny"]);
    await accounting.getByTestId("bc-action-accountingApprove").click();
    await seeNotice(accounting, "Successfully Updated Booking Change.");
    await accounting.waitForURL(`${baseURL}/bookingChanges/approved`);
    await rowButton(accounting, `bc-row-${revisionId}`, "Open").click();
    await accounting.waitForURL(`${baseURL}/bookingChanges/forApproval/read/${revisionId}`);
    expect([await shown(accounting, "bc-page-status"), await shown(accounting, "bc-after-destinationBranchCode"), await shown(accounting, "bc-total-after")])
      .toEqual(["approved", "DVO", formatAmount(totalAfter)]);
    const history = await accounting.getByTestId("bc-history").locator("li").allTextContents();
    expect(history.slice(1).map((h) => h.replace(/^.*?: /, ""))).toEqual([
      `draft → For Endorse by ${userOf("clerk")}`, `For Endorse → For Approval by ${userOf("endorser")} (Consignee's letter on file)`,
      `For Approval → Management Approved by ${userOf("management")}`, `Management Approved → approved by ${userOf("accounting")}`,
    ]);
    // The waybill as the yard reads it now: Davao, re-priced; no amendment fee while the van is only out.
    const waybill = (await as("yard", "GET", `/OutBound/waybill/get/${booking.wayBillRef}`)).data;
    const line = waybill.charges.find((c: { chargeCode: string; part: string }) => c.chargeCode === "001" && c.part === "FREIGHT");
    expect([waybill.destinationBranchCode, line.chargeValue]).toEqual(["DVO", freight.after]);
    expect(waybill.charges.map((c: { chargeCode: string }) => c.chargeCode)).not.toContain("AMF");
  });
});
