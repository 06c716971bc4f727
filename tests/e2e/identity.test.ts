import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openBrowser as launch, type OpenBrowser, seeNotice } from "./browser.ts";
import { type Mailbox, openMailbox } from "./mailbox.ts";
import { type RunningServer, startServer } from "./server.ts";
import { sharedBaseURL } from "./shared-server.ts";

const adminPassword = inject("adminPassword");
/** The shared server of global-setup runs without SMTP: its mail stays in the outbox. */
const outboxServerURL = sharedBaseURL();

const SETUP_LINK = /https?:\/\/[^\s"'<>]+\/account\/setup\/u\/[^\s"'<>/]+\/[A-Za-z0-9_-]+/;

const browsers: OpenBrowser[] = [];

async function openBrowser(): Promise<Page> {
  const browser = await launch("identity");
  browsers.push(browser);
  return browser.page;
}

async function signInThroughForm(page: Page, baseURL: string, userId: string, password: string) {
  await page.goto(baseURL + "/signin");
  await page.getByLabel("User id").fill(userId);
  await page.getByLabel("Password").fill(password);
  await page.getByTestId("signin-submit").click();
  await page.getByTestId("side-menu").waitFor();
}

async function signOutThroughMenu(page: Page) {
  await page.getByTestId("avatar-button").click();
  await page.getByTestId("sign-out").click();
  await page.getByTestId("signin-form").waitFor();
}

async function menuEntries(page: Page): Promise<string[]> {
  const ids = await page.getByTestId("side-menu").locator('[data-testid^="nav-"]').evaluateAll((els) => els.map((el) => el.getAttribute("data-testid")!));
  return ids.sort();
}

const isDark = (page: Page) => page.evaluate(() => document.body.classList.contains("bp6-dark"));

/** A small API client for set-up steps that are not the point of a test. */
async function apiAs(baseURL: string, userId: string, password: string) {
  const res = await fetch(`${baseURL}/api/users/authenticate`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ userId, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const token = ((await res.json()) as { data: { token: string }[] }).data[0]!.token;
  return async (method: string, url: string, body?: unknown) => {
    const answer = await fetch(`${baseURL}/api${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await answer.text();
    if (answer.status >= 300) throw new Error(`${method} ${url}: ${answer.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
}

afterAll(async () => {
  for (const browser of browsers) await browser.close().catch(() => {});
});

describe("account life cycle with a real SMTP server", () => {
  let mailbox: Mailbox;
  let server: RunningServer;
  let admin: Page;
  let staff: Page;
  const password = "harbour-crane-42-lift";

  beforeAll(async () => {
    mailbox = await openMailbox();
    server = await startServer({ LADING_ADMIN_PASSWORD: adminPassword, SMTP_URL: mailbox.url, MAIL_FROM: "lading@example.test" });
    [admin, staff] = await Promise.all([openBrowser(), openBrowser()]);
  });
  afterAll(async () => {
    await server?.stop();
    await mailbox?.close();
  });

  it("the administrator makes a role that allows only Voyage and Outbound", async () => {
    await signInThroughForm(admin, server.baseURL, "admin", adminPassword);
    await admin.goto(server.baseURL + "/system_account");
    await admin.getByTestId("users-table").waitFor();
    expect(new URL(admin.url()).pathname).toBe("/system_account/users");
    await admin.getByTestId("tab-roles").click();
    await admin.getByTestId("roles-table").waitFor();
    await admin.getByTestId("new-role").click();
    const dialog = admin.getByTestId("role-dialog");
    await dialog.getByTestId("role-roleId").fill("VOYOUT");
    await dialog.getByTestId("role-roleName").fill("Voyage and outbound clerk");
    await dialog.getByTestId("menu-VOYAGE").check();
    await dialog.getByTestId("menu-OUTBOUND").check();
    await dialog.getByTestId("save-role").click();
    await seeNotice(admin, "Role added successfully");
    await admin.getByTestId("edit-role-VOYOUT").waitFor();
  });

  it("creates the user, and the set-up link arrives by SMTP", async () => {
    await admin.getByTestId("tab-users").click();
    await admin.getByTestId("new-user").click();
    const dialog = admin.getByTestId("user-dialog");
    await dialog.getByTestId("user-userId").fill("mreyes");
    await dialog.getByTestId("user-name").fill("Maria Reyes");
    await dialog.getByTestId("user-email").fill("maria.reyes@example.test");
    await dialog.getByTestId("user-role").selectOption("VOYOUT");
    await dialog.getByTestId("save-user").click();
    await seeNotice(admin, "User added successfully");
    await admin.getByTestId("edit-mreyes").waitFor();

    const mail = await mailbox.waitFor((m) => m.to.includes("maria.reyes@example.test"));
    expect(mail.from).toBe("lading@example.test");
    const link = SETUP_LINK.exec(mail.decoded)?.[0];
    expect(link, mail.decoded).toBeTruthy();
    expect(link!.startsWith(server.baseURL + "/account/setup/u/mreyes/")).toBe(true);

    await staff.goto(link!);
    await staff.getByTestId("setup-password").fill(password);
    await staff.getByTestId("setup-confirm").fill(password);
    await staff.getByTestId("setup-submit").click();
    await seeNotice(staff, "Congratulations! You successfully setup your account. You can now login.");
  });

  it("the new user sees only Voyage and Outbound, picks a branch and keeps dark mode", async () => {
    await signInThroughForm(staff, server.baseURL, "mreyes", password);
    expect(await menuEntries(staff)).toEqual(["nav-home", "nav-outbound", "nav-voyage"]);

    const branchDialog = staff.getByTestId("choose-branch-dialog");
    await branchDialog.waitFor();
    await branchDialog.getByTestId("branch-option-CEB").check();
    await branchDialog.getByTestId("branch-submit").click();
    await seeNotice(staff, "User Branch Updated successfully");
    // The page reloads after a second and the bar shows the new default branch.
    await expect.poll(() => staff.getByTestId("branch-button").textContent(), { timeout: 10_000 }).toContain("Cebu");
    await expect(branchDialog.count()).resolves.toBe(0);

    expect(await isDark(staff)).toBe(false);
    await staff.getByTestId("avatar-button").click();
    await staff.getByTestId("dark-mode-switch").click();
    await expect.poll(() => isDark(staff)).toBe(true);
    await staff.keyboard.press("Escape");

    await signOutThroughMenu(staff);
    await signInThroughForm(staff, server.baseURL, "mreyes", password);
    await expect.poll(() => isDark(staff)).toBe(true);
    expect(await staff.getByTestId("choose-branch-dialog").count()).toBe(0);
    expect(await staff.getByTestId("branch-button").textContent()).toContain("Cebu");
  });

  it("a role change by the administrator signs the user's open page out", async () => {
    await staff.getByTestId("nav-voyage").click();
    await admin.getByTestId("edit-mreyes").click();
    const dialog = admin.getByTestId("user-dialog");
    await dialog.getByTestId("user-role").selectOption("ADMIN");
    await dialog.getByTestId("save-user").click();
    await seeNotice(admin, "User updated successfully");

    // The open page re-checks its session every few seconds; nobody touches it here.
    await seeNotice(staff, "User Changes: Please Login Again", 30_000);
    await staff.getByTestId("signin-form").waitFor({ timeout: 15_000 });
  });
});

describe("the embedded default keeps mail in the outbox", () => {
  let admin: Page;

  beforeAll(async () => {
    admin = await openBrowser();
  });

  it("an administrator reads the set-up link in the outbox and the user sets up the account", async () => {
    const call = await apiAs(outboxServerURL, "admin", adminPassword);
    await call("POST", "/Roles", { roleId: "INBONLY", roleName: "Inbound clerk", isDat: false, roleDetails: [{ menuId: "INBOUND", isAllowed: true }] });
    await call("POST", "/users/multipleInsert", [{ userId: "jbautista", name: "Jose Bautista", email: "jose.bautista@example.test", roleId: "INBONLY", branches: [], allCy: [] }]);

    await signInThroughForm(admin, outboxServerURL, "admin", adminPassword);
    await admin.goto(outboxServerURL + "/system_account/outbox");
    const subject = admin.getByTestId("outbox-table").getByText("jose.bautista@example.test").first();
    await subject.click();
    const body = await admin.getByTestId("outbox-message").textContent();
    const link = SETUP_LINK.exec(body ?? "")?.[0];
    expect(link, body ?? "").toBeTruthy();

    const visitor = await openBrowser();
    await visitor.goto(link!);
    await visitor.getByTestId("setup-password").fill("quay-side-ledger-77");
    await visitor.getByTestId("setup-confirm").fill("quay-side-ledger-77");
    await visitor.getByTestId("setup-submit").click();
    await seeNotice(visitor, "Congratulations! You successfully setup your account. You can now login.");
    // The link works once.
    await visitor.goto(link!);
    await visitor.getByTestId("setup-password").fill("quay-side-ledger-78");
    await visitor.getByTestId("setup-confirm").fill("quay-side-ledger-78");
    await visitor.getByTestId("setup-submit").click();
    await visitor.getByText("This link is invalid or has expired. Ask for a new one.").first().waitFor();

    await signInThroughForm(visitor, outboxServerURL, "jbautista", "quay-side-ledger-77");
    expect(await menuEntries(visitor)).toEqual(["nav-home", "nav-inbound"]);
  });

  it("a DAT user with CYs gets Choose CY, and an empty choice is refused", async () => {
    const call = await apiAs(outboxServerURL, "admin", adminPassword);
    await call("POST", "/Roles", { roleId: "DATCY", roleName: "DAT yard staff", isDat: true, roleDetails: [{ menuId: "INBOUND", isAllowed: true }] });
    await call("POST", "/users/multipleInsert", [{ userId: "yardstaff", name: "Yard Staff", email: "yard@example.test", roleId: "DATCY", branches: [], allCy: ["MNL-CY1", "MNL-CY2"] }]);
    await call("PUT", `/Users/ChangePasswordAdmin/yardstaff?password=${encodeURIComponent("stacking-yard-2026")}`);

    const yard = await openBrowser();
    await signInThroughForm(yard, outboxServerURL, "yardstaff", "stacking-yard-2026");
    const dialog = yard.getByTestId("choose-cy-dialog");
    await dialog.waitFor();
    await dialog.getByTestId("cy-submit").click();
    await yard.getByText("Error: CY is Empty", { exact: true }).first().waitFor();
    await yard.keyboard.press("Escape").catch(() => {});

    await yard.getByTestId("cy-select").selectOption("MNL-CY2");
    await yard.getByTestId("cy-submit").click();
    await seeNotice(yard, "User CY Updated successfully");
    await expect.poll(async () => (await call("GET", "/users/load?search=yardstaff")).data[0].userCy).toBe("MNL-CY2");
  });
});
