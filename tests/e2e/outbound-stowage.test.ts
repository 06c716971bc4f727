import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { callerOfUser } from "../../api/modules/auth/index.ts";
import { confirmLoading } from "../../api/modules/outbound/loading-confirmations/service.ts";
import { openDatabase } from "../../db/client.ts";
import { bookings, stowagePlacements, tallySheetLines, tallySheets, users, voyageSchedules, voyageStowagePlans, waybills } from "../../db/schema/index.ts";
import { adminApi } from "./admin-api.ts";
import { openBrowser, type OpenBrowser, seeNotice, signIn } from "./browser.ts";
import { type Mailbox, openMailbox } from "./mailbox.ts";
import { type RunningServer, startServer } from "./server.ts";

/**
 * The end of a voyage's loading in the browser, on the demo line's open voyage: its loaded booking's van and an
 * empty van of the line are counted onto the vessel and the tally made final (written while the server is down,
 * as the tally sheet screen of the load-list work will write them; confirmLoading() runs as the final tally
 * runs it). Then an outbound clerk starts the voyage's stowage plan and places both vans with the keyboard
 * alone, takes one out and puts it back; the plan survives a reload and prints. The shipper's e-mail arrives by
 * SMTP, and the shipper opens the link in a browser of its own with no session and sees the confirmation.
 *
 * This file runs a server of its own (with a mailbox), so its demo line is its own.
 */

const adminPassword = inject("adminPassword");
const PASSWORD = "stowage-clerk-passphrase-7";
const ROLE = "STOWE2E_CLERK";
const CLERK = "stow-e2e-clerk";

/** The demo line's loaded booking's van (api/modules/outbound/demo.ts) and an empty van of the line at Manila. */
const LOADED_VAN = "LDGU2010020";
const EMPTY_VAN = "LDGU2010040";
const SHIPPER_EMAIL = "logistics@pacificharbor.example.ph";

let mailbox: Mailbox;
let server: RunningServer;
let clerkBrowser: OpenBrowser;
let shipperBrowser: OpenBrowser;
let clerk: Page;
let voyageNum = "";
let loadedBookingRef = "";

/** The tally the load-list work will make through its screens, written straight into its tables. */
async function finalTally(dataDir: string, linkBase: string) {
  const handle = await openDatabase({ DATA_DIR: dataDir });
  try {
    const { db } = handle;
    const [waybill] = await db.select().from(waybills).where(eq(waybills.containerVanNum, LOADED_VAN));
    voyageNum = waybill.voyageNum;
    loadedBookingRef = waybill.bookingRef;
    const now = new Date();
    const existing = await db.select().from(tallySheets).where(and(eq(tallySheets.voyageNum, voyageNum), eq(tallySheets.tallySheetType, "Loading")));
    // Once the load-list work makes the demo's final tally itself, there is nothing to write here.
    if (existing.length === 0) {
      const [sheet] = await db.insert(tallySheets).values({
        tallySheetNum: "TS-MNL-E2E-000001", tallySheetType: "Loading", status: "Final", voyageNum, branchCode: "MNL", destinationBranchCode: waybill.destinationBranchCode,
        timeStarted: new Date(now.getTime() - 3_600_000), timeFinished: now, dateFinalized: now, finalizedBy: "demo.yard",
      }).returning();
      await db.insert(tallySheetLines).values([
        {
          tallySheetId: sheet.id, entryId: "e2e-1", wayBillRef: waybill.wayBillRef, bookingRef: waybill.bookingRef, containerVanNum: LOADED_VAN,
          containerType: "FL", size: "20", sealNum: waybill.sealNum, truckingCode: "TRK-001", plateNum: "NBC 1235", driver: "Efren Bautista",
          timeTallied: new Date(now.getTime() - 1_800_000),
        },
        {
          tallySheetId: sheet.id, entryId: "e2e-2", containerVanNum: EMPTY_VAN, containerType: "MT", size: "20",
          truckingCode: "TRK-001", plateNum: "NBC 1234", driver: "Rodel Mendoza", timeTallied: new Date(now.getTime() - 1_700_000),
        },
      ]);
      await db.update(waybills).set({ status: "Loaded" }).where(eq(waybills.wayBillRef, waybill.wayBillRef));
      await db.update(voyageSchedules).set({ finalTallyAt: now }).where(eq(voyageSchedules.voyageNum, voyageNum));
    }
    // The demo line stows the vans of a voyage loaded through its final tally (api/modules/outbound/stowage/demo.ts):
    // taken off again, so that the clerk starts the plan and places them here.
    await db.delete(stowagePlacements).where(eq(stowagePlacements.voyageNum, voyageNum));
    await db.delete(voyageStowagePlans).where(eq(voyageStowagePlans.voyageNum, voyageNum));
    const [booking] = await db.select({ status: bookings.status }).from(bookings).where(eq(bookings.bookingRef, loadedBookingRef));
    expect(booking.status).toBe("At Vessel Loaded");
    const [yard] = await db.select({ id: users.id }).from(users).where(eq(users.userId, "demo.yard"));
    await confirmLoading(db, { voyageNum, bookingRefs: [loadedBookingRef], actor: await callerOfUser(db, yard.id), linkBase });
  } finally {
    await handle.close();
  }
}

/** What a slot of the voyage's grid shows it holds, or "" for a free one. */
const holds = async (position: string) => {
  const box = clerk.getByTestId(`stowage-slot-${position}-holds`);
  return (await box.count()) === 0 ? "" : ((await box.textContent()) ?? "").trim();
};
const focusedSlot = () => clerk.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? "");

beforeAll(async () => {
  mailbox = await openMailbox();
  server = await startServer({ LADING_ADMIN_PASSWORD: adminPassword, SMTP_URL: mailbox.url, MAIL_FROM: "lading@example.test" });
  const asAdmin = await adminApi(server.baseURL, adminPassword);
  const { data: branches } = await asAdmin<{ data: { id: number; code: string }[] }>("GET", "/Branches/getIsActive");
  await asAdmin("POST", "/Roles", { roleId: ROLE, roleName: "Stowage clerk (e2e)", roleDetails: [{ menuId: "OUTBOUND" }] });
  await asAdmin("POST", "/users/multipleInsert", [{
    userId: CLERK, name: "Stella Ocampo", email: `${CLERK}@example.test`, roleId: ROLE,
    branches: [{ id: branches.find((b) => b.code === "MNL")!.id, defaultBranch: true }],
  }]);
  await asAdmin("PUT", `/Users/ChangePasswordAdmin/${CLERK}?password=${encodeURIComponent(PASSWORD)}`);
  await server.restart((dataDir) => finalTally(dataDir, server.baseURL));
  [clerkBrowser, shipperBrowser] = await Promise.all([openBrowser("stowage-clerk"), openBrowser("stowage-shipper")]);
  clerk = clerkBrowser.page;
}, 300_000);

afterAll(async () => {
  await clerkBrowser?.close();
  await shipperBrowser?.close();
  await server?.stop();
  await mailbox?.close();
});

describe("the stowage plan of a loaded voyage", () => {
  it("is reached from the Outbound menu: the voyage with its two counted vans", async () => {
    await signIn(clerk, server.baseURL, CLERK, PASSWORD);
    await clerk.getByTestId("nav-outbound").click();
    await clerk.getByTestId("area-link-stowage").click();
    await clerk.getByTestId(`stowage-voyage-${voyageNum}`).waitFor();
    expect(await clerk.getByTestId(`stowage-counted-${voyageNum}`).textContent()).toBe("2");
    expect(await clerk.getByTestId(`stowage-placed-${voyageNum}`).textContent()).toBe("Plan not started");
    await clerk.getByTestId(`stowage-open-${voyageNum}`).click();
    await clerk.getByTestId("stowage-start").waitFor();
    expect(new URL(clerk.url()).pathname).toBe(`/outbound/stowage/${voyageNum}`);
  });

  it("starts from the vessel's plan and takes both vans into slots with the keyboard alone", async () => {
    await clerk.getByTestId("stowage-start-plan").selectOption({ label: "Bay 01 standard (5 × 8, 40 slots)" });
    await clerk.getByTestId("stowage-start-button").click();
    await seeNotice(clerk, "Stowage plan started successfully");
    await clerk.getByTestId("stowage-plan-grid").waitFor();

    // The loaded van: picked with Enter, the focus jumps to the first free slot (01 01 90, top left); two to the
    // right and one down is 01 03 88, where Enter puts it.
    await clerk.getByTestId(`stowage-van-${LOADED_VAN}`).focus();
    await clerk.keyboard.press("Enter");
    await expect.poll(focusedSlot).toBe("stowage-slot-010190");
    await clerk.keyboard.press("ArrowRight");
    await clerk.keyboard.press("ArrowRight");
    await clerk.keyboard.press("ArrowDown");
    expect(await focusedSlot()).toBe("stowage-slot-010388");
    await clerk.keyboard.press("Enter");
    await seeNotice(clerk, "Van placed successfully");
    await expect.poll(() => holds("010388")).toBe(LOADED_VAN);

    // The focus went on to the van still waiting: Enter picks it, Enter again puts it in the first free slot.
    await expect.poll(() => clerk.evaluate(() => document.activeElement?.id ?? "")).toBe(`stowage-van-${EMPTY_VAN}`);
    await clerk.keyboard.press("Enter");
    await expect.poll(focusedSlot).toBe("stowage-slot-010190");
    await clerk.keyboard.press("Enter");
    await expect.poll(() => holds("010190")).toBe(EMPTY_VAN);
    expect(await clerk.getByTestId("stowage-vans").textContent()).toContain("Waiting for a slot (0)");
  });

  it("takes a van out with Delete and moves another with Enter, arrows and Enter", async () => {
    // The focus stayed on the last slot filled: Delete takes the empty van out again.
    expect(await focusedSlot()).toBe("stowage-slot-010190");
    await clerk.keyboard.press("Delete");
    await seeNotice(clerk, "Removed from the stowage plan");
    await expect.poll(() => holds("010190")).toBe("");
    await clerk.getByTestId(`stowage-van-${EMPTY_VAN}`).waitFor();

    // Enter on the loaded van's slot picks it to move; one to the left and Enter puts it there.
    await clerk.getByTestId("stowage-slot-010388").focus();
    await clerk.keyboard.press("Enter");
    await clerk.getByTestId("stowage-picked").waitFor();
    await clerk.keyboard.press("ArrowLeft");
    expect(await focusedSlot()).toBe("stowage-slot-010288");
    await clerk.keyboard.press("Enter");
    await seeNotice(clerk, "Van moved successfully");
    await expect.poll(() => holds("010288")).toBe(LOADED_VAN);
    expect(await holds("010388")).toBe("");

    // The mouse does the same: pick the empty van, click a slot.
    await clerk.getByTestId(`stowage-van-${EMPTY_VAN}`).click();
    await clerk.getByTestId("stowage-slot-010888").click();
    await expect.poll(() => holds("010888")).toBe(EMPTY_VAN);
  });

  it("keeps the plan across a reload and prints it", async () => {
    await clerk.reload();
    await clerk.getByTestId("stowage-plan-grid").waitFor();
    expect([await holds("010288"), await holds("010888"), await holds("010190")]).toEqual([LOADED_VAN, EMPTY_VAN, ""]);
    expect(await clerk.getByTestId("stowage-placed-" + LOADED_VAN).textContent()).toBe(`${LOADED_VAN} in 010288`);
    const href = await clerk.getByTestId("stowage-print").getAttribute("href");
    const printed = await clerk.request.get(server.baseURL + href!);
    expect([printed.status(), printed.headers()["content-type"]]).toEqual([200, "application/pdf"]);
  });

  it("lists the shipper's loading confirmation, sent by the final tally", async () => {
    await clerk.getByTestId("stowage-tab-confirmations").click();
    await clerk.getByTestId("confirmations-table").waitFor();
    const ref = clerk.locator('[data-testid^="confirmation-row-"]');
    await ref.first().waitFor();
    expect(await ref.count()).toBe(1);
    const transactionRef = ((await ref.textContent()) ?? "").trim();
    expect(transactionRef).toMatch(/^LC-MNL-\d{4}-000001$/);
    expect(await clerk.getByTestId(`confirmation-shipper-${transactionRef}`).textContent()).toBe("Pacific Harbor Trading Corp.");
    expect(await clerk.getByTestId(`confirmation-bookings-${transactionRef}`).textContent()).toBe(loadedBookingRef);
    expect(await clerk.getByTestId(`confirmation-sent-${transactionRef}`).textContent()).toMatch(/ by demo\.yard$/);
  });
});

describe("the shipper's loading confirmation", () => {
  it("arrives by e-mail, and opens in a browser with no session", async () => {
    const mail = await mailbox.waitFor((m) => m.to.includes(SHIPPER_EMAIL) && m.decoded.includes("/booking/loadingConfirmation/"));
    const link = new RegExp(`${server.baseURL.replace(/[.:/]/g, "\\$&")}/booking/loadingConfirmation/[^\\s"<>]+`).exec(mail.decoded)?.[0];
    expect(link, mail.decoded).toBeTruthy();
    expect(link).toContain(`/booking/loadingConfirmation/${loadedBookingRef}/`);

    const shipper = shipperBrowser.page;
    expect(await shipperBrowser.context.cookies()).toEqual([]);
    await shipper.goto(link!);
    await shipper.getByTestId("confirmation-page").waitFor();
    expect(await shipper.getByTestId("confirmation-ref").textContent()).toMatch(/^LC-MNL-\d{4}-000001$/);
    expect(await shipper.getByTestId("confirmation-shipper").textContent()).toBe("Pacific Harbor Trading Corp.");
    expect(await shipper.getByTestId("confirmation-vessel").textContent()).toBe("MV Lading Pioneer");
    expect(await shipper.getByTestId(`confirmation-van-${loadedBookingRef}`).textContent()).toBe(LOADED_VAN);
    expect(await shipper.getByTestId(`confirmation-seal-${loadedBookingRef}`).textContent()).toBe("MNL-0456712");
    // Only the shipper's own cargo: the empty van is not on it.
    expect(await shipper.getByTestId("confirmation-page").textContent()).not.toContain(EMPTY_VAN);

    const pdf = await shipper.request.get(server.baseURL + (await shipper.getByTestId("confirmation-pdf").getAttribute("href"))!);
    expect([pdf.status(), pdf.headers()["content-type"]]).toEqual([200, "application/pdf"]);

    // A link with one character changed opens nothing, and says so.
    const token = link!.split("/").pop()!;
    await shipper.goto(link!.replace(token, `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`));
    await shipper.getByTestId("confirmation-error").waitFor();
    expect(await shipper.getByTestId("confirmation-error").textContent()).toContain("This loading confirmation was not found.");
  });
});
