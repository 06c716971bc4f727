import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import * as XLSX from "xlsx";
import { adminApi, type AdminCall } from "./admin-api.ts";
import { exactly, openBrowser, type OpenBrowser, seeNotice, signIn } from "./browser.ts";
import { sharedBaseURL } from "./shared-server.ts";

const baseURL = sharedBaseURL();
const adminPassword = inject("adminPassword");
const PASSWORD = "sounding-staff-passphrase-4";

/**
 * The administrator's role has the voyage menu but not the Sounding Report capability, so the report is read
 * by a role made for it; a second role with the menu alone shows what everybody else sees.
 */
const REPORTER = { userId: "snd-e2e-report", name: "Rosa Report", roleId: "SNDE2E_RPT", details: ["VOYAGE", "SOUNDING_REPORT"] };
const CLERK = { userId: "snd-e2e-clerk", name: "Carlo Clerk", roleId: "SNDE2E_CLK", details: ["VOYAGE"] };

const DEPARTURE = { fuelOil: "12500.50", dieselOil: "3400.25", lubeOil: "210.00", freshWater: "8000.00" };
const ARRIVAL = { fuelOil: "9875.75", dieselOil: "2950.50", lubeOil: "198.40", freshWater: "5230.10" };
type Liquid = keyof typeof DEPARTURE;

let asAdmin: AdminCall;

/** Departure less arrival, worked in whole centavos so no float rounding creeps in. */
const centavos = (text: string) => Math.round(Number(text) * 100);
const usedCentavos = (key: Liquid) => centavos(DEPARTURE[key]) - centavos(ARRIVAL[key]);
/** Centavos as the table writes litres: thousands separators and two decimals. */
function litresText(value: number): string {
  const sign = value < 0 ? "-" : "";
  const size = Math.abs(value);
  const whole = Math.floor(size / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${sign}${whole}.${String(size % 100).padStart(2, "0")}`;
}

/** A Manila wall clock as an ISO instant with its offset. */
const manila = (date: string, time: string) => `${date}T${time}:00+08:00`;
const addMinutes = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();

const browsers: OpenBrowser[] = [];
let reporter: OpenBrowser;
let page: Page;

interface Voyage {
  voyageNum: string;
  vesselCode: string;
  originBranchCode: string;
  calls: string[];
  year: number;
  month: number;
  etd: string;
  etas: string[];
}
let voyage: Voyage;

beforeAll(async () => {
  asAdmin = await adminApi(baseURL, adminPassword);
  reporter = await openBrowser("soundings", { width: 1440, height: 900 });
  browsers.push(reporter);
  page = reporter.page;
});

afterAll(async () => {
  for (const browser of browsers) await browser.close().catch(() => {});
});

async function pick(selector: string, value: string) {
  // Pickers fill in once their data has arrived.
  await page.locator(`${selector} option[value="${value}"]`).waitFor({ state: "attached" });
  await page.locator(selector).selectOption(value);
}

/** The row index of a voyage in the sounding table, read from its first cell. */
async function rowOf(voyageNum: string): Promise<number> {
  const cell = page.locator('[data-testid^="soundings-table-r"][data-testid$="-c0"]').filter({ hasText: new RegExp(`^${voyageNum}$`) });
  await cell.waitFor();
  const testId = (await cell.getAttribute("data-testid"))!;
  return Number(/-r(\d+)-c0$/.exec(testId)![1]);
}
const cellText = (row: number, column: number) => page.getByTestId(`soundings-table-r${row}-c${column}`).textContent();

async function recordSounding(type: "Departure" | "Arrival", port: string, takenAt: string, volumes: Record<Liquid, string>) {
  await page.getByTestId("soundings-record").click();
  const form = page.getByTestId("sounding-form");
  await form.waitFor();
  await pick("#sounding-voyageNum", voyage.voyageNum);
  await form.getByRole("radio", { name: type }).click();
  await pick("#sounding-branchCode", port);
  await page.locator("#sounding-takenAt").fill(takenAt);
  for (const [key, value] of Object.entries(volumes)) await page.locator(`#sounding-${key}`).fill(value);
  await page.locator("#sounding-remarks").fill(`${type} sounding by the e2e test`);
  await page.getByTestId("sounding-save").click();
  await seeNotice(page, `${type} sounding of voyage ${voyage.voyageNum} at ${port} added successfully`);
  await form.waitFor({ state: "detached" });
}

describe("the sounding report and the vessel history", () => {
  it("sets up a reporting role and user, and a voyage next month on an active route", async () => {
    const { data: branches } = await asAdmin<{ data: { id: number; code: string }[] }>("GET", "/Branches/getIsActive");
    const manilaBranch = branches.find((b) => b.code === "MNL") ?? branches[0]!;
    for (const staff of [REPORTER, CLERK]) {
      await asAdmin("POST", "/Roles", { roleId: staff.roleId, roleName: `Soundings ${staff.roleId}`, roleDetails: staff.details.map((menuId) => ({ menuId })) });
    }
    await asAdmin("POST", "/users/multipleInsert", [REPORTER, CLERK].map((staff) => ({
      userId: staff.userId, name: staff.name, email: `${staff.userId}@example.test`, roleId: staff.roleId,
      branches: [{ id: manilaBranch.id, defaultBranch: true }],
    })));
    for (const staff of [REPORTER, CLERK]) {
      await asAdmin("PUT", `/Users/ChangePasswordAdmin/${staff.userId}?password=${encodeURIComponent(PASSWORD)}`);
    }

    const { data: routes } = await asAdmin<{ data: { code: string; originBranchCode: string; destinationBranchCodes: string[] }[] }>(
      "GET", "/Routes/getRouteIsActive",
    );
    const { data: vessels } = await asAdmin<{ data: { code: string }[] }>("GET", "/Vessels/getIsActive");
    const route = routes.find((r) => r.destinationBranchCodes.length > 0)!;
    expect(route, "an active route with a port of call").toBeDefined();
    expect(vessels.length).toBeGreaterThan(0);
    // The last vessel, so the page's vessel picker has to move off the default (the first one).
    const vessel = vessels.at(-1)!;

    // Next month in Manila: the voyage is in the future and its report month is known.
    const now = new Date(Date.now() + 8 * 3_600_000);
    const year = now.getUTCMonth() === 11 ? now.getUTCFullYear() + 1 : now.getUTCFullYear();
    const month = (now.getUTCMonth() + 1) % 12 + 1;
    const day = `${year}-${String(month).padStart(2, "0")}-10`;
    const etd = manila(day, "08:00");
    const etas = route.destinationBranchCodes.map((_, i) => addMinutes(etd, (i + 1) * 24 * 60));
    const created = await asAdmin<{ data: { voyageNum: string; originBranchCode: string } }>("POST", "/VoyageSchedules/createcheduleV1", {
      voyageRef: `SND-${Date.now().toString(36).toUpperCase()}`,
      vesselCode: vessel.code,
      routeCode: route.code,
      estimatedTimeDeparture: etd,
      remarks: "Voyage of the sounding e2e test",
      destinations: route.destinationBranchCodes.map((code, i) => ({ destinationBranchCode: code, estimatedTimeArrival: etas[i] })),
    });
    voyage = {
      voyageNum: created.data.voyageNum, vesselCode: vessel.code, originBranchCode: created.data.originBranchCode,
      calls: route.destinationBranchCodes, year, month, etd, etas,
    };

    // What happened at sea, as the vessel updates record it: 90 minutes late away, 45 minutes early in.
    const header = await asAdmin<{ data: { vuid: string } }>("POST", "/VesselUpdates/CreateVesselHeader", {
      vesselCode: vessel.code, voyageNum: voyage.voyageNum, remarks: "",
    });
    await asAdmin("POST", "/VesselUpdates/CreateVesselDetails", {
      vuid: header.data.vuid,
      details: [
        {
          vesselStatus: "Docking", activity: "Pull Out", activityAt: addMinutes(etd, 90), branchCode: voyage.originBranchCode,
          actualTimeDeparture: addMinutes(etd, 90), remarks: "",
        },
        {
          vesselStatus: "Docking", activity: "Unloading", activityAt: addMinutes(etas[0]!, -45), branchCode: voyage.calls[0],
          actualTimeArrival: addMinutes(etas[0]!, -45), remarks: "",
        },
      ],
    });
    await signIn(page, baseURL, REPORTER.userId, PASSWORD);
  });

  it("opens the bare address on this month and the first vessel, and follows the pickers in the address", async () => {
    await page.goto(`${baseURL}/voyage/soundings`);
    await page.waitForURL(/\/voyage\/soundings\/\d{4}\/\d{1,2}\/[^/]+$/);
    await pick('[data-testid="soundings-vessel"]', voyage.vesselCode);
    await pick('[data-testid="soundings-year"]', String(voyage.year));
    await pick('[data-testid="soundings-month"]', String(voyage.month));
    await page.waitForURL(`${baseURL}/voyage/soundings/${voyage.year}/${voyage.month}/${encodeURIComponent(voyage.vesselCode)}`);
    const row = await rowOf(voyage.voyageNum);
    expect(await page.getByTestId(`soundings-table-r${row}-c11`).textContent()).toBe("Incomplete");
  });

  it("shows the server's field errors on the fields of the record dialog", async () => {
    await page.getByTestId("soundings-record").click();
    const form = page.getByTestId("sounding-form");
    await pick("#sounding-voyageNum", voyage.voyageNum);
    await page.locator("#sounding-fuelOil").fill("12.345");
    await page.locator("#sounding-dieselOil").fill("1");
    await page.locator("#sounding-lubeOil").fill("1");
    await page.locator("#sounding-freshWater").fill("1");
    await page.getByTestId("sounding-save").click();
    await form.getByText("Fuel oil must be a number of at most 2 decimals, not negative").waitFor();
    // The refused field takes the focus back, so the clerk can correct it at once.
    await page.waitForFunction(() => document.activeElement?.id === "sounding-fuelOil");
    await form.getByRole("button", { name: "Cancel" }).click();
    await form.waitFor({ state: "detached" });
  });

  it("records a departure and an arrival sounding and shows what the voyage used", async () => {
    const lastCall = voyage.calls.at(-1)!;
    const etdLocal = new Date(Date.parse(voyage.etd) + 8 * 3_600_000).toISOString().slice(0, 16);
    const etaLocal = new Date(Date.parse(voyage.etas.at(-1)!) + 8 * 3_600_000).toISOString().slice(0, 16);
    await recordSounding("Departure", voyage.originBranchCode, etdLocal, DEPARTURE);
    let row = await rowOf(voyage.voyageNum);
    await page.getByTestId(`soundings-table-r${row}-c4`).filter({ hasText: exactly(litresText(centavos(DEPARTURE.fuelOil))) }).waitFor();
    expect(await cellText(row, 11)).toBe("Incomplete");

    await recordSounding("Arrival", lastCall, etaLocal, ARRIVAL);
    row = await rowOf(voyage.voyageNum);
    await page.getByTestId(`soundings-table-r${row}-c11`).filter({ hasText: /^Complete$/ }).waitFor();
    expect(await cellText(row, 3)).toBe(voyage.originBranchCode);
    expect(await cellText(row, 5)).toBe(lastCall);
    expect(await cellText(row, 6)).toBe(litresText(centavos(ARRIVAL.fuelOil)));
    const liquids: Liquid[] = ["fuelOil", "dieselOil", "lubeOil", "freshWater"];
    for (const [i, key] of liquids.entries()) expect(await cellText(row, 7 + i), key).toBe(litresText(usedCentavos(key)));
    // The chart draws the voyage's fuel and diesel bars.
    await page.getByTestId(`soundings-chart-bar-${voyage.voyageNum}`).waitFor();
    const tooltip = await page.getByTestId(`soundings-chart-bar-${voyage.voyageNum}`).locator("title").textContent();
    // The number ends where the fuel oil part ends: 12 is not 123.
    expect(tooltip).toMatch(new RegExp(`Fuel oil used \\(L\\) ${usedCentavos("fuelOil") / 100}(,|$)`));

    // The totals row adds up the used litres of every complete voyage on screen.
    const totalsRow = await page.locator('[data-testid^="soundings-table-r"][data-testid$="-c0"]').count() - 1;
    expect(await cellText(totalsRow, 0)).toBe("All complete voyages");
    let fuelTotal = 0;
    for (let r = 0; r < totalsRow; r++) {
      const text = await cellText(r, 7);
      if (text) fuelTotal += centavos(text.replace(/,/g, ""));
    }
    expect(await cellText(totalsRow, 7)).toBe(litresText(fuelTotal));
  });

  it("downloads the same figures as a workbook", async () => {
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("soundings-download").click()]);
    const name = download.suggestedFilename();
    expect(name).toBe(`Sounding_Report_${voyage.year}-${String(voyage.month).padStart(2, "0")}_${voyage.vesselCode.replace(/[^A-Za-z0-9_-]/g, "_")}.xlsx`);
    const file = path.join(reporter.profileDir, name);
    await download.saveAs(file);
    const book = XLSX.read(readFileSync(file), { type: "buffer" });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    const header = rows[0] as string[];
    const line = rows.find((r) => r[0] === voyage.voyageNum)!;
    expect(line, "the voyage's row").toBeDefined();
    const at = (title: string) => line[header.indexOf(title)];
    expect(at("Departure Port")).toBe(voyage.originBranchCode);
    expect(at("Arrival Port")).toBe(voyage.calls.at(-1));
    expect(at("Fuel Oil Used")).toBeCloseTo(usedCentavos("fuelOil") / 100, 2);
    expect(at("Diesel Oil Used")).toBeCloseTo(usedCentavos("dieselOil") / 100, 2);
    expect(at("Lube Oil Used")).toBeCloseTo(usedCentavos("lubeOil") / 100, 2);
    expect(at("Fresh Water Used")).toBeCloseTo(usedCentavos("freshWater") / 100, 2);
    expect((rows.at(-1) as unknown[])[0]).toBe("Total");
  });

  it("lists the voyage on the vessel history with its lateness", async () => {
    await page.goto(`${baseURL}/voyage/vessel_history`);
    await pick('[data-testid="vessel-history-vessel"]', voyage.vesselCode);
    const table = page.getByTestId("vessel-history-table");
    const first = table.locator('[data-testid$="-c0"]').filter({ hasText: new RegExp(`^${voyage.voyageNum}$`) });
    await first.waitFor();
    const row = Number(/-r(\d+)-c0$/.exec((await first.getAttribute("data-testid"))!)![1]);
    const cell = (r: number, c: number) => page.getByTestId(`vessel-history-table-r${r}-c${c}`).textContent();
    expect(await cell(row, 3)).toBe("Departure");
    expect(await cell(row, 7)).toBe("+1h 30m late");
    expect(await cell(row + 1, 3)).toBe("Arrival");
    expect(await cell(row + 1, 4)).toContain(voyage.calls[0]!);
    expect(await cell(row + 1, 7)).toBe("45m early");
    if (voyage.calls.length > 1) expect(await cell(row + 2, 7)).toBe("not recorded");
  });

  it("shows a role without the report capability a callout, and still lets it record", async () => {
    const clerk = await openBrowser("soundings-clerk", { width: 1440, height: 900 });
    browsers.push(clerk);
    await signIn(clerk.page, baseURL, CLERK.userId, PASSWORD);
    await clerk.page.goto(`${baseURL}/voyage/soundings/${voyage.year}/${voyage.month}/${encodeURIComponent(voyage.vesselCode)}`);
    await clerk.page.getByTestId("soundings-no-report").waitFor();
    expect(await clerk.page.getByTestId("soundings-table").count()).toBe(0);
    expect(await clerk.page.getByTestId("soundings-download").count()).toBe(0);
    await clerk.page.getByTestId("soundings-record").click();
    await clerk.page.locator(`#sounding-voyageNum option[value="${voyage.voyageNum}"]`).waitFor({ state: "attached" });
  });
});
