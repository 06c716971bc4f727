import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manilaMonth } from "../../api/shared/dates.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { postings, vessels, voyageSchedules } from "../../db/schema/index.ts";
import { type AccountingWorld, BUYERS, seedAccountingWorld } from "../support/accounting-world.ts";
import { makeTestApp, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";

/**
 * The SI archive (001 §7 SIPostingArchiving; domain notes §11) and OutBound's sales invoice search: posted
 * invoices with their waybills by year, month, vessel and voyage, read-only, within the caller's branches.
 */

let handle: DatabaseHandle;
let t: TestApp;
let w: AccountingWorld;
const json = (res: Response) => res.json() as Promise<any>;
const { year, month } = manilaMonth();
let star: { voyageNum: string; invoices: any[] };
let dawn: { voyageNum: string; invoices: any[] };

/** A voyage of `vessel` billed at Manila, its invoices issued and (when `post`) confirmed by BASE. */
async function billed(ref: string, vesselCode: string, amounts: string[], post: boolean) {
  const voyageNum = await w.voyage(ref);
  await handle.db.update(voyageSchedules).set({ vesselCode }).where(eq(voyageSchedules.voyageNum, voyageNum));
  const cro = (await json(await w.call("cashier", "POST", "/CROAccounting", { voyageNum, branchCode: "MNL", side: "Origin" }))).data;
  for (const amount of amounts) await w.waybill([{ chargeCode: "001", chargeValue: amount, availableTo: "P" }], { voyageNum });
  const issued = (await json(await w.call("cashier", "POST", `/CROAccounting/generateWaybillInvoice/${cro.id}`, {}))).data as any[];
  if (post) {
    // BASE's confirmation, as the relay records it (the relay itself is tested with a real BASE elsewhere).
    await handle.db.update(postings).set({ status: "CONFIRMED", externalRef: "BASE-77", confirmedAt: new Date() })
      .where(inArray(postings.idempotencyKey, issued.map((i) => `INVOICE:${i.id}:r1`)));
  }
  return { voyageNum, invoices: issued };
}

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  w = await seedAccountingWorld(handle.db, t, {
    cebu: { grants: ["CROACCOUNTING"], branches: ["CEB"] },
    clerk: { grants: ["OUTBOUND"], branches: ["MNL"] },
    cebuClerk: { grants: ["OUTBOUND"], branches: ["CEB"] },
  });
  await handle.db.insert(vessels).values({ code: "MVDAWN", name: "MV Davao Dawn", vesselType: "Container" });
  star = await billed("V-ARC-1", "MVACC", ["1000.00", "2500.50"], true);
  dawn = await billed("V-ARC-2", "MVDAWN", ["4000.00"], true);
  await billed("V-ARC-3", "MVDAWN", ["9999.00"], false);
}, 120_000);
afterAll(() => handle?.close());

describe("the SI archive", () => {
  it("browses posted invoices by year, month, vessel and voyage, with their counts and totals; unposted ones stay out", async () => {
    expect((await json(await w.call("cashier", "GET", "/SIPostingArchiving/years"))).data).toEqual([{ year, count: 3, total: "7500.50" }]);
    expect((await json(await w.call("cashier", "GET", `/SIPostingArchiving/months?year=${year}`))).data).toEqual([{ month, count: 3, total: "7500.50" }]);
    expect((await json(await w.call("cashier", "GET", `/SIPostingArchiving/vessels?year=${year}&month=${month}`))).data).toEqual([
      { vesselCode: "MVACC", vesselName: "MV Accounting Star", count: 2, total: "3500.50" },
      { vesselCode: "MVDAWN", vesselName: "MV Davao Dawn", count: 1, total: "4000.00" },
    ]);
    expect((await json(await w.call("cashier", "GET", `/SIPostingArchiving/voyages?year=${year}&month=${month}&vesselCode=MVDAWN`))).data).toEqual([
      { voyageNum: dawn.voyageNum, voyageRef: "V-ARC-2", count: 1, total: "4000.00" },
    ]);
  });

  it("lists a voyage's posted invoices with their waybills and BASE's id", async () => {
    const list = await json(await w.call("cashier", "GET", `/SIPostingArchiving/list?year=${year}&month=${month}&voyageNum=${star.voyageNum}`));
    expect(list.total).toBe(2);
    expect(list.data.map((r: any) => [r.invoiceNo, r.wayBillRef, r.buyerName, r.total, r.vesselName, r.shipperName, r.consigneeName, r.containerVanNum, r.externalRef]).sort())
      .toEqual(star.invoices.map((i) => [i.invoiceNo, i.wayBillRef, BUYERS.PHT.company, i.total, "MV Accounting Star", BUYERS.PHT.company, "Mindanao Banana Growers Assn.", "LADU1234500", "BASE-77"]).sort());
    expect(list.data.every((r: any) => r.confirmedAt !== null)).toBe(true);
    const found = await json(await w.call("cashier", "GET", `/SIPostingArchiving/list?year=${year}&search=${dawn.invoices[0].invoiceNo}`));
    expect(found.data.map((r: any) => r.invoiceNo)).toEqual([dawn.invoices[0].invoiceNo]);
  });

  it("shows another branch's cashier nothing, and refuses a month that is not one", async () => {
    expect((await json(await w.call("cebu", "GET", "/SIPostingArchiving/years"))).data).toEqual([]);
    const none = await json(await w.call("cebu", "GET", `/SIPostingArchiving/list?year=${year}`));
    expect(none).toEqual({ data: [], total: 0, message: "No more data to load" });
    const badMonth = await w.call("cashier", "GET", `/SIPostingArchiving/vessels?year=${year}&month=13`);
    expect([badMonth.status, (await json(badMonth)).errors.month]).toEqual([400, ["month can be at most 12"]]);
    expect((await w.call("clerk", "GET", "/SIPostingArchiving/years")).status).toBe(403);
  });
});

describe("OutBound's sales invoice search", () => {
  it("finds invoices of the caller's branches by number, waybill or buyer, posted or not", async () => {
    const byNo = await json(await w.call("clerk", "GET", `/OutBound/salesInvoice/search?search=${star.invoices[1].invoiceNo}`));
    expect(byNo.data.map((r: any) => [r.invoiceNo, r.total, r.status])).toEqual([[star.invoices[1].invoiceNo, "2500.50", "Issued"]]);
    const byWaybill = await json(await w.call("clerk", "GET", `/OutBound/salesInvoice/search?search=${dawn.invoices[0].wayBillRef}`));
    expect(byWaybill.data.map((r: any) => r.invoiceNo)).toEqual([dawn.invoices[0].invoiceNo]);
    const byBuyer = await json(await w.call("clerk", "GET", "/OutBound/salesInvoice/search?search=pacific harbor"));
    expect(byBuyer.total).toBe(4);
    expect(await json(await w.call("cebuClerk", "GET", `/OutBound/salesInvoice/search?search=${star.invoices[1].invoiceNo}`)))
      .toEqual({ data: [], total: 0, message: "No more data to load" });
  });
});
