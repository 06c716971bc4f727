import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openBrowser, type OpenBrowser, signIn } from "./browser.ts";

const baseURL = inject("baseURL");
const adminPassword = inject("adminPassword");

let browser: OpenBrowser;
let page: Page;

beforeAll(async () => {
  browser = await openBrowser("audit", { width: 1440, height: 900 });
  page = browser.page;
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

    await signIn(page, baseURL, "admin", adminPassword);
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
