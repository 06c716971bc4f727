import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { adminApi, type AdminCall } from "./admin-api.ts";
import { exactly, openBrowser, type OpenBrowser, rowButton, seeNotice, signIn } from "./browser.ts";
import { sharedBaseURL } from "./shared-server.ts";

/**
 * A customer request clicked through the built app (issue 26 point 2): an account executive of Manila searches the
 * company name first (and sees a customer named alike), asks for a new customer, is told what the request lacks,
 * sends it for approval and lands on the approval list a second later; an approver of the branch is told under
 * Customer Request (avatar CR), approves it and assigns the AE; the AE then makes a quotation for the new customer.
 */

const baseURL = sharedBaseURL();
const adminPassword = inject("adminPassword");
const PASSWORD = "customer-request-passphrase-9";
const COMPANY = "Marikina Leather Goods Exporters";

const STAFF = [
  { key: "ae", userId: "cr-e2e-ae", name: "Corazon Aquino Reyes", roleId: "CRE2E_AE", grants: ["CUSTOMER", "SALESQUOTATION", "SQ_AE"] },
  { key: "approver", userId: "cr-e2e-approver", name: "Arturo Padilla", roleId: "CRE2E_APPROVER", grants: ["CUSTOMER", "APPROVER"] },
] as const;
type Key = (typeof STAFF)[number]["key"];

let asAdmin: AdminCall;
const browsers: OpenBrowser[] = [];
const pages = {} as Record<Key, Page>;
let requestNum = "";
let customerCode = "";

async function pick(page: Page, selector: string, value: string) {
  await page.locator(`${selector} option[value="${value}"]`).waitFor({ state: "attached" });
  await page.locator(selector).selectOption(value);
}

beforeAll(async () => {
  asAdmin = await adminApi(baseURL, adminPassword);
  const { data: branches } = await asAdmin<{ data: { id: number; code: string }[] }>("GET", "/Branches/getIsActive");
  const manila = branches.find((b) => b.code === "MNL")!;
  for (const staff of STAFF) {
    await asAdmin("POST", "/Roles", { roleId: staff.roleId, roleName: `Customer request ${staff.key}`, roleDetails: staff.grants.map((menuId) => ({ menuId })) });
  }
  await asAdmin("POST", "/users/multipleInsert", STAFF.map((staff) => ({
    userId: staff.userId, name: staff.name, email: `${staff.userId}@example.test`, roleId: staff.roleId, branches: [{ id: manila.id, defaultBranch: true }],
  })));
  for (const staff of STAFF) {
    await asAdmin("PUT", `/Users/ChangePasswordAdmin/${staff.userId}?password=${encodeURIComponent(PASSWORD)}`);
    const browser = await openBrowser(`cr-${staff.key}`, { width: 1440, height: 900 });
    browsers.push(browser);
    pages[staff.key] = browser.page;
    await signIn(browser.page, baseURL, staff.userId, PASSWORD);
  }
});

afterAll(async () => {
  for (const browser of browsers) await browser.close().catch(() => {});
});

describe("a customer request submitted by one user and approved by another", () => {
  it("searches the company name first and shows a customer named alike", async () => {
    const ae = pages.ae;
    await ae.getByTestId("nav-customer-request").click();
    await ae.getByTestId("area-link-draft").click();
    await ae.waitForURL(`${baseURL}/customerRequest/draft`);
    await ae.getByTestId("cr-new").click();
    await ae.getByTestId("cr-new-company").fill("Pacific Harbour Trading");
    await ae.getByTestId("cr-new-duplicates").waitFor();
    // The demo customer is found however its name is spelled, and offered to be changed instead.
    await ae.getByTestId("cr-new-match-CUS-001").filter({ hasText: exactly("CUS-001") }).waitFor();
    expect(await ae.getByTestId("cr-new-matches").getByRole("row").filter({ has: ae.getByTestId("cr-new-match-CUS-001") }).textContent())
      .toContain("Pacific Harbor Trading Corp.");
    await ae.getByTestId("cr-new-company").fill(COMPANY);
    await ae.getByTestId("cr-new-no-match").filter({ hasText: exactly(`No customer or open request is named like "${COMPANY}".`) }).waitFor();
    await ae.getByTestId("cr-new-start").click();
    expect(await ae.getByTestId("cr-form-company").inputValue()).toBe(COMPANY);
  });

  it("says what the request lacks, then sends it; the approval list is shown a second later", async () => {
    const ae = pages.ae;
    await pick(ae, "#cr-form-customerType", "SHIPPER");
    await ae.getByTestId("cr-form-firstName").fill("Teodoro");
    await ae.getByTestId("cr-form-lastName").fill("Villaroman");
    await ae.getByTestId("cr-form-contactNum").fill("0917 555 0177");
    await ae.getByTestId("cr-new-submit").click();
    // The e-mail and the address's city and province are required (001 §5).
    await ae.getByText("Customer email is required.", { exact: true }).waitFor();
    await ae.getByText("City or municipality is required", { exact: true }).waitFor();
    await ae.getByTestId("cr-form-customerContactEmail").fill("export@marikinaleather.example.ph");
    await ae.getByTestId("cr-form-address-0-label").fill("Factory");
    await ae.getByTestId("cr-form-address-0-street").fill("88 J.P. Rizal St.");
    await ae.getByTestId("cr-form-address-0-city").fill("Marikina City");
    await ae.getByTestId("cr-form-address-0-province").fill("Metro Manila");
    await pick(ae, "#cr-form-accountExecutiveId", "cr-e2e-ae");
    await ae.getByTestId("cr-form-remarks").fill("Shoe exports to Cebu and Davao");
    await ae.getByTestId("cr-new-submit").click();
    await seeNotice(ae, "Successfully Created Request Customer");
    await ae.waitForURL(`${baseURL}/customerRequest/forApproval`);
    const row = ae.getByTestId("cr-table-forApproval").getByRole("row").filter({ hasText: COMPANY });
    await row.waitFor();
    requestNum = (await row.getByTestId(/^cr-row-/).textContent())!.trim();
    expect(requestNum).toMatch(/^CRQ-MNL-\d{4}-\d{6}$/);
    expect(await ae.getByTestId(`cr-status-${requestNum}`).textContent()).toBe("For Approval");
  });

  it("tells the branch's approver under Customer Request, who approves it and assigns the AE", async () => {
    const approver = pages.approver;
    await approver.getByTestId("notification-bell").click();
    const item = approver.getByTestId("notification-list").getByRole("button", { name: new RegExp(requestNum) });
    await item.waitFor();
    expect(await item.getByTestId("notification-avatar").textContent()).toBe("CR");
    await item.click();
    await approver.waitForURL(`${baseURL}/customerRequest/forApproval?search=${requestNum}`);
    await rowButton(approver, `cr-row-${requestNum}`, "Open").click();
    await approver.getByTestId("cr-dialog-company").filter({ hasText: exactly(COMPANY) }).waitFor();
    expect(await approver.getByTestId("cr-dialog-email").textContent()).toBe("export@marikinaleather.example.ph");
    await approver.getByTestId("cr-approve").click();
    // The AE the request names is proposed.
    await approver.locator("#cr-approve-ae option[value='cr-e2e-ae']").waitFor({ state: "attached" });
    expect(await approver.locator("#cr-approve-ae").inputValue()).toBe("cr-e2e-ae");
    await approver.getByTestId("cr-approve-remarks").fill("Checked the DTI registration");
    await approver.getByTestId("cr-approve-confirm").click();
    await seeNotice(approver, "Customer request approved");
    await approver.getByTestId(`cr-row-${requestNum}`).waitFor({ state: "detached" });

    const { data } = await asAdmin<{ data: { customerCode: string; status: string; isArchive: boolean } }>("GET", `/RequestedCustomers/get/${requestNum}`);
    expect([data.status, data.isArchive]).toEqual(["Approved", true]);
    customerCode = data.customerCode;
    expect(customerCode).toMatch(/^CUS-MNL-\d{4}-\d{6}$/);
    await approver.getByTestId("cr-tab-archive").click();
    await approver.waitForURL(`${baseURL}/customerRequest/archive`);
    expect(await approver.getByTestId(`cr-customer-${requestNum}`).textContent()).toBe(customerCode);
  });

  it("lets the AE choose the new customer on a new quotation", async () => {
    const ae = pages.ae;
    await ae.goto(`${baseURL}/sales_quotation`);
    await ae.getByTestId("sq-new").click();
    await ae.waitForURL(`${baseURL}/sales_quotation/draft`);
    await pick(ae, "#sq-new-customerCode", customerCode);
    expect(await ae.locator(`#sq-new-customerCode option[value="${customerCode}"]`).textContent()).toBe(`${customerCode} · ${COMPANY}`);
    await pick(ae, "#sq-new-cargoTypeCode", "DRY");
    await ae.getByTestId("sq-new-save").click();
    await ae.waitForURL(/\/sales_quotation\/draft\/read\//);
    await ae.getByTestId("sq-fact-customer").filter({ hasText: new RegExp(COMPANY) }).waitFor();
  });
});
