import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { exactly, notificationBell as bell, openBrowser, type OpenBrowser, seeNotice, signIn } from "./browser.ts";
import { type RunningServer, startServer } from "./server.ts";
import { sharedBaseURL } from "./shared-server.ts";

const baseURL = sharedBaseURL();
const adminPassword = inject("adminPassword");
const STAFF_PASSWORD = "notified-staff-passphrase-1";

const browsers: OpenBrowser[] = [];
let admin: Page;
let staff: Page;


/** Calls the API as the page's signed-in user (its session cookie), failing loudly on a refusal. */
async function apiAs(page: Page, method: "GET" | "POST" | "PUT", path: string, data?: unknown) {
  const res = await page.request.fetch(`${baseURL}/api${path}`, { method, data });
  if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
  return await res.json();
}

const badge = (page: Page) => page.getByTestId("unread-badge");

beforeAll(async () => {
  for (const name of ["notify-admin", "notify-staff"]) browsers.push(await openBrowser(name));
  [admin, staff] = browsers.map((b) => b.page);
});

afterAll(async () => {
  for (const browser of browsers) await browser.close().catch(() => {});
});

describe("notifications between two signed-in users", () => {
  it("sets up a role and a user of it, and signs both in", async () => {
    await signIn(admin, baseURL, "admin", adminPassword);
    const branch = (await apiAs(admin, "GET", "/Branches/getIsActive")).data[0];
    await apiAs(admin, "POST", "/Roles", { roleId: "NTFY", roleName: "Notified staff", roleDetails: [{ menuId: "VOYAGE" }] });
    await apiAs(admin, "POST", "/users/multipleInsert", [{
      userId: "ntfy-staff", name: "Nina Staff", email: "nina.staff@example.test", roleId: "NTFY",
      branches: [{ id: branch.id, defaultBranch: true }],
    }]);
    await apiAs(admin, "PUT", `/Users/ChangePasswordAdmin/ntfy-staff?password=${encodeURIComponent(STAFF_PASSWORD)}`);
    await signIn(staff, baseURL, "ntfy-staff", STAFF_PASSWORD);
    expect(await badge(staff).count()).toBe(0);
  });

  it("delivers a notification sent from the Create Notification dialog to the role's user, live", async () => {
    await admin.getByTestId("notification-bell").click();
    await admin.getByTestId("notification-create").click();
    await admin.getByTestId("notification-title").fill("Vessel Updates");
    await admin.getByTestId("notification-message").fill("MV Lading Pioneer reached Cebu");
    await admin.locator("#notification-role").selectOption("NTFY");
    // Add stays disabled until a user is picked.
    expect(await admin.getByTestId("notification-add-user").isDisabled()).toBe(true);
    await admin.getByTestId("notification-url").fill("/voyage");
    await admin.getByTestId("create-notification-send").click();
    await seeNotice(admin, "Notification sent to 1 user");

    // The staff page is never reloaded: the count can only come down the live stream. A wall-clock limit here
    // measured the test machine's load rather than the product.
    await badge(staff).filter({ hasText: exactly("1") }).waitFor();
    await staff.getByTestId("notification-bell").click();
    const item = staff.getByTestId("notification-list").getByRole("button", { name: /Vessel Updates/ });
    await item.waitFor();
    expect(await staff.getByTestId("notification-avatar").first().textContent()).toBe("VU");
  });

  it("opens the notification's page and counts it read", async () => {
    await staff.getByTestId("notification-list").getByRole("button", { name: /Vessel Updates/ }).click();
    await staff.waitForURL(`${baseURL}/voyage`);
    await expect.poll(() => badge(staff).count()).toBe(0);
    const unread = await staff.request.get(`${baseURL}/api/Notifications/getDataMongoByRoleId`);
    expect((await unread.json()).data).toEqual([]);
  });

  it("clears the dropdown with Clear Notification", async () => {
    for (const message of ["Load list of voyage 12", "Load list of voyage 13"]) {
      await apiAs(admin, "POST", "/Notifications/CreateWebPush", { title: "Load List", message, userIds: ["ntfy-staff"] });
    }
    await badge(staff).filter({ hasText: exactly("2") }).waitFor();
    await staff.getByTestId("notification-bell").click();
    await staff.getByTestId("notification-list").getByText("Load list of voyage 13").waitFor();
    await staff.getByTestId("notification-clear").click();
    await staff.getByTestId("notification-empty").filter({ hasText: "No New Notification Yet" }).waitFor();
    await expect.poll(() => badge(staff).count()).toBe(0);
  });

  it("lists every notification on /notifications, newest first", async () => {
    await staff.keyboard.press("Escape");
    await staff.goto(baseURL + "/notifications");
    const items = staff.getByTestId("notifications-list").getByRole("button");
    await items.first().waitFor();
    expect(await items.allTextContents()).toEqual([
      expect.stringMatching(/Load list of voyage 13(?!\d)/),
      expect.stringMatching(/Load list of voyage 12(?!\d)/),
      expect.stringContaining("MV Lading Pioneer reached Cebu"),
    ]);
  });
});

describe("the stream across a server restart", () => {
  let server: RunningServer;
  let page: Page;

  beforeAll(async () => {
    server = await startServer({ LADING_ADMIN_PASSWORD: adminPassword });
    const browser = await openBrowser("notify-restart");
    browsers.push(browser);
    page = browser.page;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("shows a notification created right after the server came back, and counts each unread one once", async () => {
    await signIn(page, server.baseURL, "admin", adminPassword);
    // The stream's count has arrived (the bell is live), and it is none.
    await bell(page, { live: true }).waitFor();
    expect(await badge(page).count()).toBe(0);
    const adminToken = async () => {
      const signedIn = await fetch(`${server.baseURL}/api/users/authenticate`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ userId: "admin", password: adminPassword }),
      });
      return ((await signedIn.json()) as { data: { token: string }[] }).data[0].token;
    };
    const send = async (token: string, message: string) => {
      const sent = await fetch(`${server.baseURL}/api/Notifications/CreateWebPush`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ title: "Waiver", message, userIds: ["admin"] }),
      });
      expect(sent.status).toBe(201);
    };
    // One arrives live first, so the reconnect below asks for what came after it (Last-Event-ID).
    await send(await adminToken(), "Sent before the restart");
    await badge(page).filter({ hasText: exactly("1") }).waitFor();

    await server.restart(async () => {
      // While the server is down the bell says it is not current.
      await bell(page, { live: false }).waitFor();
      expect(await bell(page, { live: false }).getAttribute("title")).toBe("Connecting to the server: new notifications show once it answers");
    });
    // Sent before the browser's stream is back: the reconnect must catch it up.
    await send(await adminToken(), "Sent while the stream was down");
    await badge(page).filter({ hasText: exactly("2") }).waitFor();
    await bell(page, { live: true }).waitFor();
    expect(await bell(page, { live: true }).getAttribute("title")).toBe(null);
    // The one caught up on is in the count the server sends as well: were it added again, it would be right behind.
    await page.waitForTimeout(500);
    expect(await badge(page).textContent()).toBe("2");
    await page.getByTestId("notification-bell").click();
    await page.getByTestId("notification-list").getByText("Sent before the restart").waitFor();
    await page.getByTestId("notification-list").getByText("Sent while the stream was down").waitFor();
  });
});
