import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { adminApi } from "./admin-api.ts";
import { openBrowser, type OpenBrowser, signIn } from "./browser.ts";

const baseURL = inject("baseURL");
const adminPassword = inject("adminPassword");

let browser: OpenBrowser;
let page: Page;
/** A policy of this test's own, so the seeded ones stay as they are. */
const CODE = `E2E-AUD-${Date.now() % 100000}`;
let policyId = 0;

beforeAll(async () => {
  browser = await openBrowser("audit", { width: 1440, height: 900 });
  page = browser.page;
});

afterAll(async () => {
  await browser?.close();
});

describe("the audit log, filtered by record", () => {
  it("shows a policy's addition and its change, with the values before and after, and nothing of other records", async () => {
    const asAdmin = await adminApi(baseURL, adminPassword);
    const added = await asAdmin<{ data: { id: number; dateModified: string } }>("POST", "/CompanyPolicies", {
      code: CODE, description: "Grace days", defaultValueDecimal: "3", dateEffective: "2026-01-01",
    });
    policyId = added.data.id;
    await asAdmin("PUT", `/CompanyPolicies/update/${policyId}`, { defaultValueDecimal: "5", dateModified: added.data.dateModified });

    await signIn(page, baseURL, "admin", adminPassword);
    await page.goto(`${baseURL}/system_account/audit`);
    await page.getByTestId("audit-page").waitFor();
    await page.getByTestId("audit-record-kind").selectOption("company-policy");
    await page.getByTestId("audit-record").fill(String(policyId));

    const targets = page.getByTestId("audit-target");
    await expect.poll(() => targets.allTextContents()).toEqual([`company-policy:${policyId}`, `company-policy:${policyId}`]);
    expect(await page.getByTestId("audit-action-cell").allTextContents()).toEqual(["Policy changed", "Policy added"]);
    expect(await page.getByTestId("audit-actor").allTextContents()).toEqual(["admin", "admin"]);
    expect((await page.getByTestId("audit-detail").allTextContents())[0])
      .toBe(`recordId: ${policyId}, before: {"defaultValueDecimal":"3.0000"}, after: {"defaultValueDecimal":"5.0000"}`);
  });
});
