import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { adminApi } from "./admin-api.ts";
import { openBrowser, type OpenBrowser, signIn } from "./browser.ts";
import { sharedBaseURL } from "./shared-server.ts";

const baseURL = sharedBaseURL();
const adminPassword = inject("adminPassword");

let browser: OpenBrowser;
let page: Page;
/** A policy of this test's own, so the seeded ones stay as they are. */
const CODE = `E2E-AUD-${Date.now() % 100000}`;
let policyId = 0;

beforeAll(async () => {
  browser = await openBrowser("audit", { width: 1440, height: 900 });
  page = browser.page;
  // One signed-in administrator for the whole file: the sign-in page is only there while signed out.
  await signIn(page, baseURL, "admin", adminPassword);
});

afterAll(async () => {
  await browser?.close();
});

async function tryPassword(userId: string, password: string): Promise<number> {
  const res = await fetch(`${baseURL}/api/users/authenticate`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ userId, password }),
  });
  await res.body?.cancel();
  return res.status;
}

describe("the audit log screen", () => {
  it("shows sign-ins refused at a locked user id in one row, with ×4 beside its time", async () => {
    const userId = `e2e-locked-${Date.now().toString(36)}`;
    for (let i = 0; i < 10; i++) expect(await tryPassword(userId, `wrong-${i}`)).toBe(401);
    for (let i = 0; i < 4; i++) expect(await tryPassword(userId, "still-wrong")).toBe(429);

    await page.goto(`${baseURL}/system_account/audit`);
    await page.getByTestId("audit-search").fill(userId);
    // Ten failures, the lock, and the refusals counted in one row: twelve rows.
    await expect.poll(() => page.getByTestId("audit-actor").allTextContents()).toEqual(Array(12).fill(userId));
    const actions = await page.getByTestId("audit-action-cell").allTextContents();
    expect(actions.filter((a) => a === "Sign in locked")).toHaveLength(1);
    // Only the repeated row carries a count, and it reads exactly ×4.
    const counts = page.getByTestId("audit-repeats");
    expect(await counts.allTextContents()).toEqual([" ×4"]);
    expect(await counts.getAttribute("aria-label")).toBe("4 times");
    await expect.poll(() => counts.isVisible()).toBe(true);
  });
});

describe("the audit log, filtered by record", () => {
  it("shows a policy's addition and its change, with the values before and after, and nothing of other records", async () => {
    const asAdmin = await adminApi(baseURL, adminPassword);
    const added = await asAdmin<{ data: { id: number; dateModified: string } }>("POST", "/CompanyPolicies", {
      code: CODE, description: "Grace days", defaultValueDecimal: "3", dateEffective: "2026-01-01",
    });
    policyId = added.data.id;
    await asAdmin("PUT", `/CompanyPolicies/update/${policyId}`, { defaultValueDecimal: "5", dateModified: added.data.dateModified });

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
