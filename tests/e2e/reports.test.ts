import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import * as XLSX from "xlsx";
import { formatAmount } from "../../api/shared/money.ts";
import { adminApi, type AdminCall } from "./admin-api.ts";
import { exactly, openBrowser, type OpenBrowser, signIn } from "./browser.ts";
import { sharedBaseURL } from "./shared-server.ts";

const baseURL = sharedBaseURL();
const adminPassword = inject("adminPassword");
const PASSWORD = "report-staff-passphrase-5";

/**
 * The revenue report of the demo line, read in the browser by a role with the voyage freight revenue report role:
 * the chart draws the demo voyages, the table and the workbook show the figures the server answers for the same
 * filter (tests/api/reports.test.ts checks those against sums worked out by hand). A role with the voyage menu
 * alone is not offered the report. The document tree of the demo booking that was loaded lists its chain.
 */
const REPORTER = { userId: "rpt-e2e-report", name: "Rita Revenue", roleId: "RPTE2E_REV", details: ["VOYAGE", "OUTBOUND", "VOYAGE_FREIGHT_REVENUE_REPORT", "CSR_REPORT"] };
const CLERK = { userId: "rpt-e2e-clerk", name: "Celso Clerk", roleId: "RPTE2E_CLK", details: ["VOYAGE"] };

let asAdmin: AdminCall;
const browsers: OpenBrowser[] = [];
let reporter: OpenBrowser;
let page: Page;

interface Figures {
  waybills: number;
  freight: string;
  otherCharges: string;
  revenue: string;
  waived: string;
}
interface Answer {
  data: (Figures & { key: string; voyageRef: string; vesselCode: string })[];
  lanes: (Figures & { key: string; label: string })[];
  totals: Figures;
}

beforeAll(async () => {
  asAdmin = await adminApi(baseURL, adminPassword);
  reporter = await openBrowser("reports", { width: 1440, height: 900 });
  browsers.push(reporter);
  page = reporter.page;
});

afterAll(async () => {
  for (const browser of browsers) await browser.close().catch(() => {});
});

const cellText = (table: string, row: number, column: number) => page.getByTestId(`${table}-r${row}-c${column}`).textContent();

/** The row index of a key in a report table, read from its first cell. */
async function rowOf(table: string, text: string): Promise<number> {
  const cell = page.locator(`[data-testid^="${table}-r"][data-testid$="-c0"]`).filter({ hasText: exactly(text) });
  await cell.waitFor();
  return Number(/-r(\d+)-c0$/.exec((await cell.getAttribute("data-testid"))!)![1]);
}

describe("the revenue report", () => {
  it("sets up a role with the revenue report role and one with the voyage menu alone", async () => {
    const { data: branches } = await asAdmin<{ data: { id: number; code: string }[] }>("GET", "/Branches/getIsActive");
    const manilaBranch = branches.find((b) => b.code === "MNL") ?? branches[0]!;
    for (const staff of [REPORTER, CLERK]) {
      await asAdmin("POST", "/Roles", { roleId: staff.roleId, roleName: `Reports ${staff.roleId}`, roleDetails: staff.details.map((menuId) => ({ menuId })) });
    }
    await asAdmin("POST", "/users/multipleInsert", [REPORTER, CLERK].map((staff) => ({
      userId: staff.userId, name: staff.name, email: `${staff.userId}@example.test`, roleId: staff.roleId,
      branches: [{ id: manilaBranch.id, defaultBranch: true }],
    })));
    for (const staff of [REPORTER, CLERK]) {
      await asAdmin("PUT", `/Users/ChangePasswordAdmin/${staff.userId}?password=${encodeURIComponent(PASSWORD)}`);
    }
  });

  it("is not offered to a role without the revenue report role", async () => {
    const clerk = await openBrowser("reports-clerk");
    browsers.push(clerk);
    await signIn(clerk.page, baseURL, CLERK.userId, PASSWORD);
    await clerk.page.goto(`${baseURL}/voyage`);
    await clerk.page.getByTestId("area-link-document_tree").waitFor();
    expect(await clerk.page.getByTestId("area-link-revenue").count()).toBe(0);
    expect(await clerk.page.getByTestId("area-link-comparative_revenue").count()).toBe(0);
    await clerk.page.goto(`${baseURL}/voyage/reports/revenue`);
    await clerk.page.getByTestId("no-access").waitFor();
  });

  it("charts the demo voyages and shows the server's figures in the table", async () => {
    await signIn(page, baseURL, REPORTER.userId, PASSWORD);
    await page.goto(`${baseURL}/voyage`);
    await page.getByTestId("area-link-revenue").click();
    await page.getByTestId("revenue-report").waitFor();
    const from = await page.getByTestId("revenue-from").inputValue();
    const to = await page.getByTestId("revenue-to").inputValue();
    const res = await page.request.get(`${baseURL}/api/Bookings/reports/revenue?dateFrom=${from}&dateTo=${to}`);
    expect(res.status()).toBe(200);
    const answer = await res.json() as Answer;
    const demo = answer.data.filter((v) => v.voyageRef === "DEMO-OPEN" || v.voyageRef === "DEMO-LOADING");
    expect(demo.map((v) => v.voyageRef).sort()).toEqual(["DEMO-LOADING", "DEMO-OPEN"]);

    for (const voyage of demo) {
      // The chart's category names the voyage's freight and other charges.
      const bar = page.getByTestId(`revenue-chart-bar-${voyage.key}`);
      await bar.waitFor();
      const freight = Number(voyage.freight).toLocaleString("en-PH", { maximumFractionDigits: 0 });
      expect(await bar.locator("title").textContent()).toBe(
        `${voyage.key} · ${voyage.voyageRef}: Freight ${freight}, Other charges ${Number(voyage.otherCharges).toLocaleString("en-PH", { maximumFractionDigits: 0 })}`,
      );
      const row = await rowOf("revenue-table", `${voyage.key} · ${voyage.voyageRef}`);
      expect(await cellText("revenue-table", row, 1)).toBe(voyage.vesselCode);
      expect(await cellText("revenue-table", row, 3)).toBe(String(voyage.waybills));
      expect(await cellText("revenue-table", row, 4)).toBe(formatAmount(voyage.freight));
      expect(await cellText("revenue-table", row, 6)).toBe(formatAmount(voyage.revenue));
      expect(await cellText("revenue-table", row, 7)).toBe(formatAmount(voyage.waived));
    }
    // The totals row last.
    const totalsRow = answer.data.length;
    expect(await cellText("revenue-table", totalsRow, 6)).toBe(formatAmount(answer.totals.revenue));
    expect(await page.getByTestId("revenue-summary").textContent()).toContain(`revenue ${formatAmount(answer.totals.revenue)}`);

    // By lane: the same money, split by where it went.
    await page.getByTestId("revenue-view-lanes").click();
    for (const lane of answer.lanes) {
      const row = await rowOf("revenue-table", lane.label);
      expect(await cellText("revenue-table", row, 4)).toBe(formatAmount(lane.revenue));
      await page.getByTestId(`revenue-chart-bar-${lane.key}`).waitFor();
    }
  });

  it("narrows to one vessel and downloads the workbook of what is on screen", async () => {
    await page.getByTestId("revenue-view-voyages").click();
    await page.locator('[data-testid="revenue-vessel"] option[value="MV-PIONEER"]').waitFor({ state: "attached" });
    await page.getByTestId("revenue-vessel").selectOption("MV-PIONEER");
    const from = await page.getByTestId("revenue-from").inputValue();
    const to = await page.getByTestId("revenue-to").inputValue();
    const answer = await (await page.request.get(`${baseURL}/api/Bookings/reports/revenue?dateFrom=${from}&dateTo=${to}&vesselCode=MV-PIONEER`)).json() as Answer;
    expect(answer.data.every((v) => v.vesselCode === "MV-PIONEER")).toBe(true);
    await page.getByTestId("revenue-table").locator('[data-testid$="-c1"]').filter({ hasText: exactly("MV-PIONEER") }).first().waitFor();
    await expect.poll(async () => await page.getByTestId("revenue-summary").textContent()).toContain(`revenue ${formatAmount(answer.totals.revenue)}`);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("revenue-download").click()]);
    expect(download.suggestedFilename()).toBe(`Revenue_Report_${from}_${to}.xlsx`);
    const file = path.join(reporter.profileDir, download.suggestedFilename());
    await download.saveAs(file);
    const book = XLSX.read(readFileSync(file), { type: "buffer", cellStyles: true });
    expect(book.SheetNames).toEqual(["By voyage", "By lane", "By customer", "Waybills"]);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets["By voyage"]!, { header: 1 });
    expect(rows.slice(1, -1).map((r) => [r[0], r[1], r[5], r[8]])).toEqual(
      answer.data.map((v) => [v.key, v.voyageRef, v.waybills, Number(v.revenue)]),
    );
    expect(rows.at(-1)).toEqual(["Total", "", "", "", "", answer.totals.waybills, Number(answer.totals.freight), Number(answer.totals.otherCharges),
      Number(answer.totals.revenue), Number(answer.totals.waived)]);
    expect((book.Sheets["By voyage"]!["!cols"] ?? []).map((c: { wch?: number }) => c.wch)).toEqual([22, 14, 26, 8, 12, 10, 16, 16, 16, 14]);
  });
});

describe("the operation report", () => {
  it("charts each voyage's TEU booked, waybills and full vans loaded as the server counts them", async () => {
    await page.goto(`${baseURL}/voyage`);
    await page.getByTestId("area-link-operation").click();
    await page.getByTestId("operation-report").waitFor();
    const from = await page.getByTestId("operation-from").inputValue();
    const to = await page.getByTestId("operation-to").inputValue();
    const answer = await (await page.request.get(`${baseURL}/api/Bookings/reports/operation?dateFrom=${from}&dateTo=${to}`)).json() as {
      data: { voyageNum: string; voyageRef: string; teu: number; waybills: number; loadedFull: number }[];
    };
    const loading = answer.data.find((v) => v.voyageRef === "DEMO-LOADING")!;
    expect(await page.getByTestId(`operation-chart-bar-${loading.voyageNum}`).locator("title").textContent())
      .toBe(`${loading.voyageNum} · DEMO-LOADING: TEU booked ${loading.teu}, Waybills ${loading.waybills}, Full vans loaded ${loading.loadedFull}`);
    const row = await rowOf("operation-table", `${loading.voyageNum} · DEMO-LOADING`);
    expect(await cellText("operation-table", row, 4)).toBe(String(loading.teu));
  });
});

describe("tally sheet finalization", () => {
  it("lists the open voyage's final tally under Outbound with its vans", async () => {
    await page.goto(`${baseURL}/outbound`);
    await page.getByTestId("area-link-tally_finalization").click();
    await page.getByTestId("tally-finalization-report").waitFor();
    const from = await page.getByTestId("tally-finalization-from").inputValue();
    const to = await page.getByTestId("tally-finalization-to").inputValue();
    const answer = await (await page.request.get(`${baseURL}/api/Bookings/reports/tallySheetFinalization?dateFrom=${from}&dateTo=${to}`)).json() as {
      data: { tallySheetNum: string; voyageRef: string; status: string; full: number; empty: number }[];
    };
    const final = answer.data.find((s) => s.voyageRef === "DEMO-OPEN" && s.status === "Final")!;
    expect(await page.getByTestId(`tally-finalization-chart-bar-${final.tallySheetNum}`).locator("title").textContent())
      .toBe(`${final.tallySheetNum} (DEMO-OPEN): Full vans ${final.full}, Empty vans ${final.empty}`);
    const row = await rowOf("tally-finalization-table", final.tallySheetNum);
    expect(await cellText("tally-finalization-table", row, 5)).toBe(String(final.full));
  });
});

describe("voyage history", () => {
  it("charts how late the demo voyages that left were, as the server works it out", async () => {
    await page.goto(`${baseURL}/voyage`);
    await page.getByTestId("area-link-voyage_history").click();
    await page.getByTestId("voyage-history-report").waitFor();
    const from = await page.getByTestId("voyage-history-from").inputValue();
    const to = await page.getByTestId("voyage-history-to").inputValue();
    const answer = await (await page.request.get(`${baseURL}/api/Bookings/reports/voyageHistory?dateFrom=${from}&dateTo=${to}`)).json() as {
      data: { voyageNum: string; voyageRef: string; departureDelayMinutes: number | null; arrivalDelayMinutes: number | null; stage: string }[];
    };
    const arrived = answer.data.find((v) => v.voyageRef === "DEMO-ARRIVED")!;
    expect([arrived.stage, arrived.departureDelayMinutes, arrived.arrivalDelayMinutes]).toEqual(["Arrived", 30, -60]);
    expect(await page.getByTestId(`voyage-history-chart-bar-${arrived.voyageNum}`).locator("title").textContent())
      .toBe(`${arrived.voyageNum} · DEMO-ARRIVED: Minutes late leaving 30, Minutes late arriving -60`);
    const row = await rowOf("voyage-history-table", `${arrived.voyageNum} · DEMO-ARRIVED`);
    expect([await cellText("voyage-history-table", row, 4), await cellText("voyage-history-table", row, 7)]).toEqual(["30 min late", "60 min early"]);
  });
});

describe("comparative revenue", () => {
  it("sets this period's revenue per lane beside the period before and last year, as the server adds them up", async () => {
    await page.goto(`${baseURL}/voyage`);
    await page.getByTestId("area-link-comparative_revenue").click();
    await page.getByTestId("comparative-page").waitFor();
    const today = await page.getByTestId("comparative-to").inputValue();
    // The month around the demo voyages: from a week ago to three weeks ahead.
    const shift = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    await page.getByTestId("comparative-to").fill(shift(21));
    await page.getByTestId("comparative-from").fill(shift(-7));
    await page.getByTestId("comparative-report").waitFor();
    const answer = await (await page.request.get(`${baseURL}/api/Bookings/reports/comparativeRevenue?dateFrom=${shift(-7)}&dateTo=${shift(21)}`)).json() as {
      data: { key: string; label: string; current: string }[];
      totals: { current: string; previous: string; lastYear: string };
    };
    const ceb = answer.data.find((r) => r.key === "MNL-CEB")!;
    expect(Number(ceb.current)).toBeGreaterThan(0);
    await page.getByTestId("comparative-chart-bar-MNL-CEB").waitFor();
    const row = await rowOf("comparative-table", ceb.label);
    expect(await cellText("comparative-table", row, 1)).toBe(formatAmount(ceb.current));
    await page.getByTestId(`comparative-table-r${answer.data.length}-c1`).filter({ hasText: exactly(formatAmount(answer.totals.current)) }).waitFor();
  });
});

describe("the booking report and bookings by CSR", () => {
  it("counts the bookings by status and charts each CSR's, with the server's figures and the workbook", async () => {
    await page.goto(`${baseURL}/voyage`);
    await page.getByTestId("area-link-bookings").click();
    await page.getByTestId("booking-report").waitFor();
    const from = await page.getByTestId("booking-report-from").inputValue();
    const to = await page.getByTestId("booking-report-to").inputValue();
    const answer = await (await page.request.get(`${baseURL}/api/Bookings/reports/bookings?dateFrom=${from}&dateTo=${to}`)).json() as {
      data: { bookingRef: string; status: string; amount: string }[];
      totals: { bookings: number; live: number; teu: number; amount: string; statuses: Record<string, number> };
    };
    expect(answer.totals.statuses["Outbound CTS Issued"]).toBeGreaterThanOrEqual(4);
    expect(await page.getByTestId("booking-report-chart-bar-Outbound-CTS-Issued").locator("title").textContent())
      .toBe(`Outbound CTS Issued: Bookings ${answer.totals.statuses["Outbound CTS Issued"]}`);
    expect(await page.getByTestId("booking-report-summary").textContent()).toContain(`charges ${formatAmount(answer.totals.amount)}`);
    const first = answer.data[0]!;
    const row = await rowOf("booking-report-table", first.bookingRef);
    expect(await cellText("booking-report-table", row, 2)).toBe(first.status);
    expect(await cellText("booking-report-table", row, 9)).toBe(formatAmount(first.amount));

    await page.getByTestId("booking-report-tab-csr").click();
    await page.getByTestId("booking-report-csr-chart-bar-demo.ops").waitFor();
    const csr = await (await page.request.get(`${baseURL}/api/Bookings/reports/byCsr?dateFrom=${from}&dateTo=${to}`)).json() as {
      data: { csr: string; bookings: number }[];
    };
    const ops = csr.data.find((r) => r.csr === "demo.ops")!;
    const opsCell = page.locator('[data-testid^="booking-report-csr-table-r"][data-testid$="-c0"]').filter({ hasText: /\(demo\.ops\)$/ });
    await opsCell.waitFor();
    const opsRow = Number(/-r(\d+)-c0$/.exec((await opsCell.getAttribute("data-testid"))!)![1]);
    expect(await cellText("booking-report-csr-table", opsRow, 1)).toBe(String(ops.bookings));
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("booking-report-csr-download").click()]);
    expect(download.suggestedFilename()).toBe(`Bookings_by_CSR_${from}_${to}.xlsx`);
    const file = path.join(reporter.profileDir, download.suggestedFilename());
    await download.saveAs(file);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(readFileSync(file), { type: "buffer" }).Sheets["Bookings by CSR"]!, { header: 1 });
    expect(rows.find((r) => r[0] === "demo.ops")?.[2]).toBe(ops.bookings);
  });
});

describe("the document tree of a booking", () => {
  it("lists the loaded demo booking's documents in chain order, each a link to its page", async () => {
    const { data: loaded } = await asAdmin<{ data: { wayBillRef: string; bookingRef: string; voyageNum: string }[] }>(
      "POST", "/OutBound/waybill/load", { skip: 0, take: 200, status: "Loaded" },
    );
    // The demo line's one loaded waybill is the first made (other browser tests load their own later).
    const bill = [...loaded].sort((a, b) => a.wayBillRef.localeCompare(b.wayBillRef))[0];
    expect(bill, "the demo line's loaded waybill").toBeDefined();
    await page.goto(`${baseURL}/voyage/reports/document_tree`);
    await page.getByTestId("document-tree-booking").fill(bill!.bookingRef);
    await page.getByTestId("document-tree-show").click();
    await page.waitForURL(`${baseURL}/voyage/reports/document_tree/${bill!.bookingRef}`);
    await page.getByTestId("document-tree").waitFor();
    const labels = await page.locator('[data-testid^="document-tree-node-"] strong').allTextContents();
    // The demo line takes it from the quotation to its van back at Cebu: every document of the chain, none to come.
    expect(labels).toEqual([
      "Sales quotation", "Booking", "Cargo transfer slip", "Waybill", "Load list", "Tally sheet",
      "Unload list", "Tally sheet", "Cargo release order", "Cargo transfer slip", "Delivery receipt", "Van-in",
    ]);
    expect(await page.getByTestId("document-tree-link-3").textContent()).toBe(bill!.wayBillRef);
    expect(await page.getByTestId("document-tree-to-come").count()).toBe(0);
    // The van-in's link opens the van-in list on it; the booking's opens its batch on the voyage.
    const vanIn = (await page.getByTestId("document-tree-link-11").textContent())!;
    expect(vanIn).toMatch(/^VI-CEB-\d{4}-000001$/);
    await page.getByTestId("document-tree-link-11").click();
    await page.waitForURL(`${baseURL}/inbound/van_in?search=${vanIn}`);
    await page.goBack();
    await page.getByTestId("document-tree-link-1").click();
    await page.waitForURL(new RegExp(`/voyage/bookings/${bill!.voyageNum}/`));
  });
});
