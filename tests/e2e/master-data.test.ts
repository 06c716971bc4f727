import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import * as XLSX from "xlsx";
import { openBrowser, type OpenBrowser, rowButton, seeNotice as noticeOn, signIn } from "./browser.ts";
import { sharedBaseURL } from "./shared-server.ts";

const baseURL = sharedBaseURL();
const adminPassword = inject("adminPassword");

let browser: OpenBrowser;
let page: Page;

beforeAll(async () => {
  browser = await openBrowser("master", { width: 1366, height: 900 });
  page = browser.page;
});

afterAll(async () => {
  await browser?.close();
});

const seeNotice = (text: string) => noticeOn(page, text);

/** The signed-in browser's own session reads the demo data, as the screens do. */
async function firstActive(resource: string, listActive = "getIsActive"): Promise<Record<string, string>> {
  const res = await page.request.get(`${baseURL}/api/${resource}/${listActive}`);
  expect(res.status()).toBe(200);
  const body = await res.json() as { data: Record<string, string>[] };
  expect(body.data.length).toBeGreaterThan(0);
  return body.data[0]!;
}

/** Opens a route and waits for its page: a title, no error page, no "not built" page. */
async function visit(route: string) {
  await page.goto(baseURL + route);
  await page.getByTestId("page-title").first().waitFor();
  expect(await page.getByText("This page could not be shown").count(), route).toBe(0);
  expect(await page.getByTestId("not-built").count(), route).toBe(0);
  expect(await page.getByTestId("not-found").count(), route).toBe(0);
}

/**
 * Creates a record through the generic form, then edits it: the form is drawn from the entity's fields, so
 * the same steps work on every screen that uses it. `values` fills inputs and selects by field name.
 */
async function createAndEdit(prefix: string, label: string, key: string, values: Record<string, string>, edit: [string, string]) {
  await page.getByTestId(`new-${prefix}`).click();
  for (const [field, value] of Object.entries(values)) {
    const input = page.locator(`#${prefix}-${field}`);
    if (await input.evaluate((el) => el.tagName === "SELECT")) {
      // Reference pickers fill in after the dialog opens.
      await input.locator(`option[value="${value}"]`).waitFor({ state: "attached" });
      await input.selectOption(value);
    } else {
      await input.fill(value);
    }
  }
  await page.getByTestId(`${prefix}-save`).click();
  await seeNotice(`${label} added successfully`);
  await page.getByTestId(`${prefix}-search`).fill(key);
  await rowButton(page, `${prefix}-code-${key}`, "Edit").click();
  await page.locator(`#${prefix}-${edit[0]}`).fill(edit[1]);
  await page.getByTestId(`${prefix}-save`).click();
  await seeNotice(`${label} updated successfully`);
  await page.getByTestId(`${prefix}-${edit[0]}-${key}`).filter({ hasText: edit[1] }).waitFor();
}

describe("master data in the browser", () => {
  it("signs in as the administrator", async () => {
    await signIn(page, baseURL, "admin", adminPassword);
  });

  it("opens every master-data route of the specification", async () => {
    const charge = await firstActive("Charges");
    const freight = await firstActive("FreightRates");
    const portRate = await firstActive("PortRates");
    const vessel = await firstActive("Vessels");
    const category = await firstActive("CommodityCategories");
    const routes = [
      "branches", "ports", "areas", "cargo_types", "service_modes", "container_yards", "charges",
      `charges/read/${charge.code}`, "company_policies", "freight_rate",
      `freight_rate/${freight.chargeCode}/${freight.portCodeOrigin}`, "port_rate", `port_rate/${portRate.chargeCode}`,
      "Trucking_rate", "customers", "vessels", `vessels/read/${vessel.code}`, "vessel_stowage", "containerVan",
      "trucking", "commodity", `commodity/category/${category.code}`, "holidays", "work_schedule",
    ];
    for (const route of routes) await visit(`/master_data/${route}`);

    // A mistyped address says so instead of showing an empty list.
    await visit(`/master_data/freight_rate/${freight.chargeCode}/NO-SUCH-PORT`);
    await page.getByTestId("freight-rate-scope-missing").waitFor();
    await visit("/master_data/commodity/category/NO-SUCH-CATEGORY");
    await page.getByTestId("commodity-scope-missing").waitFor();
  });

  it("edits records on the branch, area, cargo type, service mode, yard and policy screens", async () => {
    await visit("/master_data/branches");
    await createAndEdit("branch", "Branch", "E2EB", { code: "E2EB", name: "Test Branch" }, ["name", "Test Branch Renamed"]);

    await visit("/master_data/areas");
    await createAndEdit("area", "Area", "E2EA", { code: "E2EA", name: "Test Area", branchCode: "E2EB" }, ["name", "Test Area Renamed"]);

    await visit("/master_data/cargo_types");
    await createAndEdit("cargo-type", "Cargo type", "E2EC", { code: "E2EC", name: "Test cargo" }, ["name", "Test cargo renamed"]);

    await visit("/master_data/service_modes");
    await createAndEdit("service-mode", "Service mode", "E2ES", { code: "E2ES", name: "Test mode" }, ["name", "Test mode renamed"]);

    await visit("/master_data/container_yards");
    await createAndEdit("container-yard", "Container Yard", "E2EY", { code: "E2EY", name: "Test Yard", branchCode: "E2EB" }, [
      "name",
      "Test Yard Renamed",
    ]);

    await visit("/master_data/company_policies");
    await createAndEdit("company-policy", "Company policy", "E2EP", { code: "E2EP", dateEffective: "2026-01-01", defaultValueDecimal: "5" }, [
      "description",
      "Test policy",
    ]);
  });

  it("deactivates and activates a record from its row, with the notices", async () => {
    await visit("/master_data/cargo_types");
    await page.getByTestId("cargo-type-search").fill("E2EC");
    await rowButton(page, "cargo-type-code-E2EC", "Deactivate").click();
    await seeNotice("Cargo type deactivated successfully");
    await page.getByTestId("cargo-type-status-E2EC").filter({ hasText: "Inactive" }).waitFor();
    await rowButton(page, "cargo-type-code-E2EC", "Activate").click();
    await seeNotice("Cargo type activated successfully");
    await page.getByTestId("cargo-type-status-E2EC").filter({ hasText: /^Active$/ }).waitFor();
  });

  it("draws a new stowage plan on the grid, saves it, and moves a slot", async () => {
    await page.goto(`${baseURL}/master_data/vessel_stowage?vessel=MV-MINDANAO&plan=new`);
    await page.getByTestId("stowage-plan-name").waitFor();
    await page.getByTestId("stowage-plan-name").fill("E2E deck");
    await page.getByTestId("stowage-rows").fill("2");
    await page.getByTestId("stowage-columns").fill("3");
    await page.getByTestId("stowage-add-slot").click();
    await page.getByTestId("stowage-slot-position").fill("E2E-A");
    await page.getByTestId("stowage-add-slot").click();
    await page.getByTestId("stowage-slot-position").fill("E2E-B");
    await page.getByTestId("stowage-slot-width").fill("2");
    await page.getByTestId("stowage-save").click();
    await seeNotice("Stowage plan added successfully");
    // The address now names the saved plan, so a reload opens it from the server.
    await page.waitForURL(/plan=\d+/);
    await page.reload();
    const grid = page.locator('[data-rows="2"][data-columns="3"]');
    await grid.waitFor();
    await grid.getByTestId("stowage-slot-E2E-A").waitFor();
    expect(await grid.getByTestId("stowage-slot-E2E-B").getAttribute("aria-label")).toContain("2 wide and 1 high");

    await grid.getByTestId("stowage-slot-E2E-A").click();
    await page.getByTestId("stowage-slot-row").fill("2");
    await page.getByTestId("stowage-save").click();
    await seeNotice("Stowage plan updated successfully");
    await page.reload();
    expect(await page.getByTestId("stowage-slot-E2E-A").getAttribute("aria-label")).toContain("row 2, column 1");
    // Escape lets go of a selected slot.
    await page.getByTestId("stowage-slot-E2E-B").click();
    await page.getByTestId("stowage-slot-position").waitFor();
    await page.keyboard.press("Escape");
    await page.getByText("Click a slot on the grid to change it, or add one.").waitFor();

    // Unsaved edits hold the user on the page until they say to leave.
    await page.getByTestId("stowage-plan-name").fill("E2E deck, not saved");
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Vessels" }).click();
    await page.getByTestId("confirm-prompt").getByText("You have still process data, are you sure you want to leave?").waitFor();
    await page.getByRole("button", { name: "Cancel" }).click();
    expect(page.url()).toContain("vessel_stowage");
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Vessels" }).click();
    await page.getByRole("button", { name: "Leave" }).click();
    await page.waitForURL(/\/master_data\/vessels$/);

    // The vessel's page shows the saved plan, not the dropped edit.
    await visit("/master_data/vessels/read/MV-MINDANAO");
    await page.getByText("E2E deck", { exact: true }).first().waitFor();
    expect(await page.getByText("E2E deck, not saved").count()).toBe(0);
  });

  it("changes a van's condition and marks it taken from its row, keeping the search", async () => {
    await visit("/master_data/containerVan");
    await page.getByTestId("container-van-search").fill("PHCU2088148");
    await rowButton(page, "container-van-code-PHCU2088148", "Mark used").waitFor();
    await page.locator(`select[data-testid="container-van-condition-PHCU2088148"]`).selectOption("Empty");
    await seeNotice("Container van updated successfully");
    await page.getByTestId("container-van-used-PHCU2088148").click();
    await rowButton(page, "container-van-code-PHCU2088148", "Mark free").waitFor();
    expect(await page.getByTestId("container-van-search").inputValue()).toBe("PHCU2088148");
    expect(await page.locator(`select[data-testid="container-van-condition-PHCU2088148"]`).inputValue()).toBe("Empty");
  });

  it("keeps a charge's accounting item codes from its read page", async () => {
    const charge = await firstActive("Charges");
    await visit(`/master_data/charges/read/${charge.code}`);
    await page.getByTestId("charge-field-code").waitFor();
    const rows = await page.locator('[data-testid^="charge-item-code-code-"]').count();
    await page.getByTestId("charge-item-code-add").click();
    await page.getByTestId(`charge-item-code-code-${rows}`).fill("E2E-ITEM-9");
    await page.getByTestId("charge-item-codes-unsaved").waitFor();
    await page.getByTestId("charge-item-codes-save").click();
    await seeNotice("Charge item codes updated successfully");
    await page.reload();
    await page.getByTestId("charge-field-code").waitFor();
    const codes = page.locator('[data-testid^="charge-item-code-code-"]');
    await codes.nth(rows).waitFor();
    expect(await codes.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toContain("E2E-ITEM-9");
  });

  it("creates a customer and edits it on the customers screen", async () => {
    await visit("/master_data/customers");
    await createAndEdit("customer", "Customer", "E2ECUST", {
      code: "E2ECUST",
      company: "E2E Trading Corp",
      customerContactEmail: "e2e.trading@example.com",
      customerType: "SHIPPER",
    }, ["contactNum", "0917 555 0101"]);
  });

  /** Clicks a download button and reads the first sheet of the workbook the browser saved. */
  async function downloadSheet(testId: string): Promise<{ name: string; rows: unknown[][] }> {
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId(testId).click()]);
    const file = path.join(browser.profileDir, download.suggestedFilename());
    await download.saveAs(file);
    const book = XLSX.read(readFileSync(file), { type: "buffer" });
    return { name: download.suggestedFilename(), rows: XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]!]!, { header: 1 }) };
  }

  it("downloads Customer_List.xlsx with every customer under the spec's headers", async () => {
    await visit("/master_data/customers");
    const sheet = await downloadSheet("customers-export");
    expect(sheet.name).toBe("Customer_List.xlsx");
    expect(sheet.rows[0]).toEqual(["No", "Company", "Customer Name", "Address", "Contact Number", "Email Address"]);
    const res = await page.request.post(`${baseURL}/api/Customers/load`, { data: { skip: 0, take: 1 } });
    const { total } = await res.json() as { total: number };
    expect(sheet.rows.length - 1).toBe(total);
    expect(sheet.rows.slice(1).map((r) => r[0])).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(sheet.rows.some((r) => r[1] === "E2E Trading Corp" && r[4] === "0917 555 0101" && r[5] === "e2e.trading@example.com")).toBe(true);
  });

  it("downloads the trucking master with every trucker (the administrator holds the download capability)", async () => {
    await visit("/master_data/trucking");
    const sheet = await downloadSheet("truckings-export");
    expect(sheet.name).toBe("Trucking_List.xlsx");
    const res = await page.request.get(`${baseURL}/api/Truckings`);
    const { data } = await res.json() as { data: { code: string; name: string }[] };
    expect(sheet.rows.length - 1).toBe(data.length);
    const codeColumn = (sheet.rows[0] as string[]).findIndex((h) => /code/i.test(h));
    expect(codeColumn).toBeGreaterThanOrEqual(0);
    expect(sheet.rows.slice(1).map((r) => r[codeColumn]).sort()).toEqual(data.map((t) => t.code).sort());
  });

  it("shows the field errors of the declared checks before anything is sent", async () => {
    await visit("/master_data/service_modes");
    await page.getByTestId("new-service-mode").click();
    await page.locator("#service-mode-code").fill("bad code!");
    await page.getByTestId("service-mode-save").click();
    await page.getByText("Service mode code may contain only letters, digits, - and _").waitFor();
    await page.getByText("Service mode name is required").waitFor();
  });
});
