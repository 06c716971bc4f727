import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordCargoStage } from "../../api/modules/bookings/index.ts";
import { formatCentavos, toCentavos } from "../../api/shared/money.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { customers } from "../../db/schema/index.ts";
import { type AccountingWorld, seedAccountingWorld, writeInvoice } from "../support/accounting.ts";
import { createUser, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { type BookingWorld, PTP_BOOKING, seedBookingWorld } from "../support/bookings.ts";
import { countStatements, repeated } from "../support/statement-count.ts";
import { openTestDatabase } from "../support/test-db.ts";
import { bookingsWithVansOut, openYard, waybillsOf } from "../support/voyage-cargo.ts";

/**
 * Unpaid waybills (001 §7 InBound; issue 24 item 8): the waybills discharged at the caller's branch (final inbound
 * tally) with no cargo release order that accounting answers unpaid, with accounting's reason and what is owed.
 * W1 collect, discharged, not invoiced: owes its collect charges as the waybill shows them. W2 collect,
 * discharged, invoiced 10,000.00 of which 6,000.00 is collected: owes 4,000.00. W3 on account of the consignee,
 * discharged: paid. W4 collect, not discharged: not the yard's yet.
 */

let handle: DatabaseHandle;
let t: TestApp;
let w: BookingWorld;
let acct: AccountingWorld;
let W1: { wayBillRef: string; bookingRef: string; containerVanNum: string };
let W2: { wayBillRef: string; bookingRef: string; containerVanNum: string };
let W3: { wayBillRef: string; bookingRef: string };
let W4: { wayBillRef: string; bookingRef: string };
let invoiceId: number;
let collectOfW1: string;
const tokens: Record<string, string> = {};

const json = (res: Response) => res.json() as Promise<any>;
const manila = (date: string, time = "09:00") => new Date(`${date}T${time}:00+08:00`);
const as = (who: string, path: string) => t.call("GET", `/api${path}`, { token: tokens[who] });

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  w = await seedBookingWorld(handle.db, t, { yard: ["OUTBOUND"] });
  acct = await seedAccountingWorld(handle.db, t);
  await openYard(handle.db);
  await handle.db.update(customers).set({ withholding: "NONE" }).where(eq(customers.code, "PHT"));
  const collect = await bookingsWithVansOut(handle.db, w, 3, w.voyageNum, { ...PTP_BOOKING, modeOfPayment: "C" });
  const onAccount = await bookingsWithVansOut(handle.db, w, 1, w.voyageNum, { ...PTP_BOOKING, modeOfPayment: "AD" });
  [W1, W2, W4] = await waybillsOf(w, collect.refs);
  [W3] = await waybillsOf(w, onAccount.refs);
  for (const wb of [W1, W2, W3]) await recordCargoStage(handle.db, wb.bookingRef, 6, manila("2025-04-15"));
  collectOfW1 = (await json(await w.call("yard", "GET", `/OutBound/waybill/get/${W1.wayBillRef}`))).data.totals.collect;
  invoiceId = (await writeInvoice(handle.db, {
    branchCode: "CEB", payer: { code: "PHT", company: "Pacific Harbor Trading" }, wayBillRef: W2.wayBillRef, voyageNum: w.voyageNum, billedSide: "C",
    totals: { vatableSales: "8928.57", vatAmount: "1071.43", total: "10000.00" }, invoiceNo: "SI-CEB-UNP001",
  })).id;
  const paid = await acct.call("ceb", "POST", "/Collections/create", {
    branchCode: "CEB", customerCode: "PHT", collectionDate: "2025-05-05", paymentMethod: "CASH", lines: [{ invoiceId, applied: "6000.00" }],
  });
  expect(paid.status).toBe(201);
  for (const [who, branch, menus] of [["ceb", "CEB", ["INBOUND"]], ["mnl", "MNL", ["INBOUND"]], ["voy", "CEB", ["VOYAGE"]]] as const) {
    await createUser(handle.db, { userId: `up-${who}`, password: "up-password-123", menus: [...menus], branches: [branch] });
    tokens[who] = await signIn(t, `up-${who}`, "up-password-123");
  }
}, 180_000);
afterAll(() => handle?.close());

describe("unpaid waybills", () => {
  it("lists the discharged waybills accounting answers unpaid, with the reason and what is owed", async () => {
    const res = await as("ceb", "/InBound/unpaidWaybills");
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(Number(collectOfW1)).toBeGreaterThan(0);
    expect(body.total).toBe(2);
    expect(body.amount).toBe(formatCentavos(toCentavos(collectOfW1) + toCentavos("4000.00")));
    expect(body.data).toEqual([
      {
        wayBillRef: W1.wayBillRef, bookingRef: W1.bookingRef, voyageNum: w.voyageNum, voyageRef: "V-201S", destinationBranchCode: "CEB",
        consigneeName: expect.any(String), containerVanNum: W1.containerVanNum, modeOfPayment: "C", discharged: "2025-04-15T01:00:00.000Z",
        reason: `Not invoiced yet: the destination charges of ${W1.wayBillRef} have no invoice.`, amount: collectOfW1,
        sides: [{ side: "destination", reason: `Not invoiced yet: the destination charges of ${W1.wayBillRef} have no invoice.`, amount: collectOfW1 }],
      },
      {
        wayBillRef: W2.wayBillRef, bookingRef: W2.bookingRef, voyageNum: w.voyageNum, voyageRef: "V-201S", destinationBranchCode: "CEB",
        consigneeName: expect.any(String), containerVanNum: W2.containerVanNum, modeOfPayment: "C", discharged: "2025-04-15T01:00:00.000Z",
        reason: "4,000.00 is open on invoice SI-CEB-UNP001.", amount: "4000.00",
        sides: [{ side: "destination", reason: "4,000.00 is open on invoice SI-CEB-UNP001.", amount: "4000.00" }],
      },
    ]);
    const listed = body.data.map((r: any) => r.wayBillRef);
    expect(listed).not.toContain(W3.wayBillRef);
    expect(listed).not.toContain(W4.wayBillRef);
  });

  it("narrows by search and branch, and shows another branch's staff nothing", async () => {
    const one = await json(await as("ceb", `/InBound/unpaidWaybills?search=${W2.wayBillRef}`));
    expect(one.data.map((r: any) => r.wayBillRef)).toEqual([W2.wayBillRef]);
    expect(one.amount).toBe("4000.00");
    expect(await json(await as("ceb", "/InBound/unpaidWaybills?branchCode=MNL"))).toEqual({ data: [], total: 0, amount: "0.00", message: "No more data to load" });
    expect(await json(await as("mnl", "/InBound/unpaidWaybills"))).toEqual({ data: [], total: 0, amount: "0.00", message: "No more data to load" });
    expect((await as("voy", "/InBound/unpaidWaybills")).status).toBe(403);
  });

  it("asks accounting about the whole list at once: two unpaid waybills cost the statements of one", async () => {
    const counter = await countStatements(handle);
    const counted = makeTestApp(counter.db);
    const call = (path: string) => counted.call("GET", `/api${path}`, { token: tokens.ceb });
    let one: any;
    let two: any;
    const oneStatements = await counter.measure(async () => {
      one = await json(await call(`/InBound/unpaidWaybills?search=${W2.wayBillRef}`));
    });
    const twoStatements = await counter.measure(async () => {
      two = await json(await call("/InBound/unpaidWaybills"));
    });
    expect(one.data.map((r: any) => r.wayBillRef)).toEqual([W2.wayBillRef]);
    expect(two.data.map((r: any) => r.wayBillRef)).toEqual([W1.wayBillRef, W2.wayBillRef]);
    expect(twoStatements, JSON.stringify(repeated(counter.statements))).toBe(oneStatements);
  });

  it("drops a waybill once the cashier has collected the rest", async () => {
    const rest = await acct.call("ceb", "POST", "/Collections/create", {
      branchCode: "CEB", customerCode: "PHT", collectionDate: "2025-05-06", paymentMethod: "CASH", lines: [{ invoiceId, applied: "4000.00" }],
    });
    expect(rest.status).toBe(201);
    const body = await json(await as("ceb", "/InBound/unpaidWaybills"));
    expect(body.data.map((r: any) => r.wayBillRef)).toEqual([W1.wayBillRef]);
    expect(body.amount).toBe(collectOfW1);
  });
});
