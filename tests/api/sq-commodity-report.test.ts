import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { firstStart } from "../../api/modules/index.ts";
import { addCalendarDays, manilaToday } from "../../api/shared/dates.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { bookings } from "../../db/schema/index.ts";
import { createUser, expectErrorBody, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";

/**
 * The SQ-based commodity report over the demo line of a first start. Every one of the 20 demo bookings is priced
 * from a quotation (SQ-MNL-…-000001 of CUS-001 or SQ-MNL-…-000002 of CUS-004) and names no commodity, so the test
 * books commodities on five of them, and on a cloned and an expired one that must add nothing:
 *
 * - RICE (AGRI): BK-…-000005 and 000006 of CUS-001 (quantity 300 + 400, 1 TEU each, 31,846.00 each): 2 bookings,
 *   1 quotation, quantity 700, TEU 2, amount 63,692.00; BK-…-000011 (Cloned) left out.
 * - CEMENT (CONST): BK-…-000008, 000009, 000010 of CUS-004 (quantity 100 + 200 + 300, 31,846.00 + 31,846.00 +
 *   41,366.00): 3 bookings, 1 quotation, quantity 600, TEU 3, amount 105,058.00; BK-…-000012 (Expired) left out.
 * - No commodity: the other eleven live bookings, 1, 2, 3, 4, 7 (freight collect), 13, 14 and 17 at 31,846.00 and
 *   18, 19 and 20 at 33,176.00 = 354,296.00; quantity 100+100+100+200+500+300+100+100+200+200+200 = 2,100; TEU 11;
 *   both quotations.
 * - In all: 16 live bookings of 2 quotations, quantity 3,400, TEU 16, amount 523,046.00 (the booking report's live
 *   totals).
 */

let handle: DatabaseHandle;
let t: TestApp;
const tokens: Record<string, string> = {};
const json = (res: Response) => res.json() as Promise<any>;
const as = (who: string, path: string) => t.call("GET", `/api${path}`, { token: tokens[who] });

const today = manilaToday();
const from = addCalendarDays(today, -30);
const to = addCalendarDays(today, 30);
const period = `dateFrom=${from}&dateTo=${to}`;
const ref = (n: number) => `BK-MNL-${today.slice(0, 4)}-${String(n).padStart(6, "0")}`;

beforeAll(async () => {
  handle = await openTestDatabase();
  await firstStart(handle.db, { adminPassword: "demo-admin-password-1", linkBase: "http://localhost:8000" });
  t = makeTestApp(handle.db);
  await handle.db.update(bookings).set({ commodityCode: "RICE" }).where(inArray(bookings.bookingRef, [5, 6, 11].map(ref)));
  await handle.db.update(bookings).set({ commodityCode: "CEMENT" }).where(inArray(bookings.bookingRef, [8, 9, 10, 12].map(ref)));
  const people = [
    ["clerk", ["VOYAGE"], ["MNL"]],
    ["cebu", ["VOYAGE"], ["CEB"]],
    ["yard", ["OUTBOUND"], ["MNL"]],
  ] as const;
  for (const [who, menus, branchCodes] of people) {
    await createUser(handle.db, { userId: `sqc-${who}`, password: "sqc-password-123", menus, branches: branchCodes });
    tokens[who] = await signIn(t, `sqc-${who}`, "sqc-password-123");
  }
}, 120_000);
afterAll(() => handle?.close());

const RICE = { commodityCode: "RICE", commodityName: "Milled rice", categoryCode: "AGRI", quotations: 1, bookings: 2, quantity: 700, teu: 2, amount: "63692.00" };
const CEMENT = { commodityCode: "CEMENT", commodityName: "Cement", categoryCode: "CONST", quotations: 1, bookings: 3, quantity: 600, teu: 3, amount: "105058.00" };
const NONE = { commodityCode: "", commodityName: "No commodity", categoryCode: "", quotations: 2, bookings: 11, quantity: 2100, teu: 11, amount: "354296.00" };
const TOTALS = { quotations: 2, bookings: 16, quantity: 3400, teu: 16, amount: "523046.00" };

describe("the SQ-based commodity report", () => {
  it("groups the live bookings priced from a quotation by commodity, biggest amount first, as worked out by hand", async () => {
    const res = await as("clerk", `/Bookings/reports/sqCommodity?${period}`);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ data: [NONE, CEMENT, RICE], totals: TOTALS, dateFrom: from, dateTo: to });
  });

  it("narrows to a customer or a branch; another branch's user and an empty period see No data found", async () => {
    const cus4 = await json(await as("clerk", `/Bookings/reports/sqCommodity?${period}&customerCode=cus-004`));
    expect(cus4.data).toEqual([CEMENT, { ...NONE, quotations: 1, bookings: 2, quantity: 200, teu: 2, amount: "63692.00" }]);
    expect(cus4.totals).toEqual({ quotations: 1, bookings: 5, quantity: 800, teu: 5, amount: "168750.00" });
    const mnl = await json(await as("clerk", `/Bookings/reports/sqCommodity?${period}&branchCode=MNL`));
    expect(mnl.totals).toEqual(TOTALS);
    expect(await json(await as("cebu", `/Bookings/reports/sqCommodity?${period}`))).toMatchObject({ data: [], message: "No data found" });
    const before = `dateFrom=${addCalendarDays(today, -60)}&dateTo=${addCalendarDays(today, -31)}`;
    expect(await json(await as("clerk", `/Bookings/reports/sqCommodity?${before}`))).toMatchObject({ data: [], message: "No data found" });
  });

  it("refuses a role without the voyage menu, download included, and a period read backwards", async () => {
    for (const path of [`/Bookings/reports/sqCommodity?${period}`, `/Bookings/reports/sqCommodity/download?${period}`]) {
      const refused = await as("yard", path);
      expect(refused.status, path).toBe(403);
      await expectErrorBody(refused);
    }
    const backwards = await as("clerk", `/Bookings/reports/sqCommodity?dateFrom=${to}&dateTo=${from}`);
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(await json(backwards))).toContain("To date cannot be before the from date");
  });

  it("downloads the same figures as SQ_Commodity_Report_{from}_{to}.xlsx with fixed widths", async () => {
    const file = await as("clerk", `/Bookings/reports/sqCommodity/download?${period}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toContain(`SQ_Commodity_Report_${from}_${to}.xlsx`);
    const book = XLSX.read(new Uint8Array(await file.arrayBuffer()), { type: "array", cellStyles: true });
    expect(book.SheetNames).toEqual(["By commodity"]);
    expect(XLSX.utils.sheet_to_json<unknown[]>(book.Sheets["By commodity"], { header: 1, defval: "" })).toEqual([
      ["Commodity Code", "Commodity", "Category", "Quotations", "Bookings", "Quantity", "TEU", "Amount"],
      ["", "No commodity", "", 2, 11, 2100, 11, 354296],
      ["CEMENT", "Cement", "CONST", 1, 3, 600, 3, 105058],
      ["RICE", "Milled rice", "AGRI", 1, 2, 700, 2, 63692],
      ["Total", "", "", 2, 16, 3400, 16, 523046],
    ]);
    expect((book.Sheets["By commodity"]["!cols"] ?? []).map((c: { wch?: number }) => c.wch)).toEqual([16, 30, 14, 12, 10, 10, 8, 16]);
  });
});
