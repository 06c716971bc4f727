import { and, eq, exists } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { recordCargoStage } from "../../api/modules/bookings/index.ts";
import { openDatabase } from "../../db/client.ts";
import { bookingProgress, waybills } from "../../db/schema/index.ts";
import { DEMO_PASSWORD } from "../../db/seed/demo.ts";
import { normaliseOcr, renderPdf } from "../support/pdf-image.ts";
import { exactly, openBrowser, type OpenBrowser, seeNotice, signIn } from "./browser.ts";
import { type RunningServer, startServer } from "./server.ts";

/**
 * The van-in screen as the Cebu inbound clerk of the demo line uses it: the cargo the demo discharged at Cebu is
 * sent out to its consignee (stage 8, written into the stopped server's data as the inbound CTS will write it, a
 * screen of its own); the clerk opens Inbound, Van-in, finds the van out, records its return to the Pier 4 CY with a
 * dented door, sees it returned and prints the van-in clearance.
 */

const adminPassword = inject("adminPassword");

let server: RunningServer;
let browser: OpenBrowser;
let page: Page;
let baseURL = "";
const cargo = { wayBillRef: "", bookingRef: "", van: "" };

const shown = async (testId: string) => (await page.getByTestId(testId).textContent())?.trim();
const squeeze = (text: string) => normaliseOcr(text).replace(/[ |=]/g, "");

beforeAll(async () => {
  server = await startServer({ LADING_ADMIN_PASSWORD: adminPassword });
  baseURL = server.baseURL;
  await server.restart(async (dataDir) => {
    const handle = await openDatabase({ DATA_DIR: dataDir });
    try {
      const [wb] = await handle.db.select().from(waybills).where(and(
        eq(waybills.destinationBranchCode, "CEB"),
        exists(handle.db.select().from(bookingProgress).where(and(eq(bookingProgress.bookingRef, waybills.bookingRef), eq(bookingProgress.stage, 6)))),
      ));
      Object.assign(cargo, { wayBillRef: wb.wayBillRef, bookingRef: wb.bookingRef, van: wb.containerVanNum });
      await recordCargoStage(handle.db, wb.bookingRef, 8, new Date(Date.now() - 2 * 86_400_000));
    } finally {
      await handle.close();
    }
  });
  browser = await openBrowser("van-in", { width: 1500, height: 900 });
  page = browser.page;
  await signIn(page, baseURL, "demo.inbound", DEMO_PASSWORD);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("van-in at Cebu", () => {
  it("opens from the Inbound area and lists the van out awaiting return", async () => {
    await page.goto(`${baseURL}/inbound`);
    await page.getByTestId("area-link-van_in").click();
    await page.getByTestId("van-in-page").waitFor();
    await page.getByTestId(`van-in-state-${cargo.wayBillRef}`).filter({ hasText: exactly("Out") }).waitFor();
    expect(await shown(`van-in-van-${cargo.wayBillRef}`)).toBe(cargo.van);
  });

  it("records the return to the Pier 4 CY with the damage found, and prints the clearance", async () => {
    await page.getByTestId(`van-in-receive-${cargo.wayBillRef}`).click();
    await page.getByTestId("van-in-form").waitFor();
    expect(await page.getByTestId("van-in-vans").inputValue()).toBe(cargo.van);
    const select = page.getByTestId("van-in-cy");
    await select.locator('option[value="CEB-CY1"]').waitFor({ state: "attached" });
    await select.selectOption("CEB-CY1");
    await page.getByTestId("van-in-damage-add").click();
    await page.getByTestId("van-in-damage-part-0").selectOption("Door Assembly");
    await page.getByTestId("van-in-damage-type-0").selectOption("Dented");
    await page.getByTestId("van-in-remarks").fill("Returned empty by the consignee's trucker");
    await page.getByTestId("van-in-save").click();
    await seeNotice(page, "Van-in recorded successfully");

    await page.getByTestId(`van-in-state-${cargo.wayBillRef}`).filter({ hasText: exactly("Returned") }).waitFor();
    const vanInId = (await shown(`van-in-id-${cargo.wayBillRef}`))!;
    expect(vanInId).toMatch(/^VI-CEB-\d{4}-000001$/);
    expect([await shown(`van-in-cy-${cargo.wayBillRef}`), await shown(`van-in-damage-${cargo.wayBillRef}`), await shown(`van-in-by-${cargo.wayBillRef}`)])
      .toEqual(["Cebu Pier 4 CY", "Door Assembly dented", "Irene Villanueva"]);

    const tracking = await (await fetch(`${baseURL}/api/Bookings/shipmentTracking/${cargo.bookingRef}`)).json() as any;
    expect(tracking.data.stages[9].reachedAt).not.toBeNull();

    const href = (await page.getByTestId(`van-in-print-${cargo.wayBillRef}`).getAttribute("href"))!;
    const res = await page.context().request.get(new URL(href, baseURL).toString());
    expect([res.status(), res.headers()["content-type"]]).toEqual([200, "application/pdf"]);
    const text = (await renderPdf(new Uint8Array(await res.body()), { pageSegmentation: 4 })).pages.map((p) => squeeze(p.text ?? "")).join(" ");
    for (const line of ["VAN-IN CLEARANCE", vanInId, cargo.wayBillRef, cargo.van, "Cebu Pier 4 CY", "Door Assembly", "Dented", "Irene Villanueva"]) {
      expect(text, line).toContain(squeeze(line));
    }
  }, 120_000);
});
