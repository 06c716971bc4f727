import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerOfUser } from "../../api/modules/auth/index.ts";
import { recordCargoStage } from "../../api/modules/bookings/index.ts";
import { seedDemoVanIns } from "../../api/modules/inbound/van-in/demo.ts";
import { shipperOf } from "../../api/modules/inbound/van-in/service.ts";
import type { DemoContext } from "../../api/modules/manifest.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog, bookingProgress, companyPolicies, containerVans, containerYards, customers, holidays, notifications, users, vanIns, waybills } from "../../db/schema/index.ts";
import { createUser, expectErrorBody, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { type BookingWorld, PTP_BOOKING, seedBookingWorld } from "../support/bookings.ts";
import { HOLIDAYS_2025 } from "../support/holidays-2025.ts";
import { openTestDatabase } from "../support/test-db.ts";
import { bookingsWithVansOut, openYard, waybillsOf } from "../support/voyage-cargo.ts";

/**
 * Van-in (001 §3, §4 stage 9, §9) on waybills of a Manila to Cebu voyage, on account of the consignee (AD) so that
 * accounting answers them paid: each is tallied off the vessel (stage 6, Tue 15 Apr 2025), released on a real cargo
 * release order (stage 7), and its van sent out on the inbound CTS (stage 8, recorded as that slip records it) on
 * Mon 28 Apr 2025 09:00. Detention at Cebu (domain notes case G): C0002 = 5 free days counted without Sundays and
 * holidays, 29, 30 Apr, 2, 3, 5 May (1 May Labour Day, 4 May a Sunday), so the last free day is Mon 5 May; the van
 * back on Thu 8 May at 11:00 pays 3 days of C0013 1,000 for its TEU.
 */

let handle: DatabaseHandle;
let t: TestApp;
let w: BookingWorld;
/** W1 out and returned; W2 released but its van not out; W3 + W4's booking: a tandem waybill of two vans. */
let W1: { wayBillRef: string; bookingRef: string; containerVanNum: string };
let W2: { wayBillRef: string; bookingRef: string; containerVanNum: string };
let W3: { wayBillRef: string; bookingRef: string; containerVanNum: string };
let W4: { wayBillRef: string; bookingRef: string; containerVanNum: string };
const tokens: Record<string, string> = {};
const year = new Date().getFullYear();

const json = (res: Response) => res.json() as Promise<any>;
const manila = (date: string, time = "09:00") => new Date(`${date}T${time}:00+08:00`);
const as = (who: string, method: string, path: string, body?: unknown) => t.call(method, `/api${path}`, { token: tokens[who], body });

async function stagesOf(bookingRef: string) {
  return (await handle.db.select({ stage: bookingProgress.stage }).from(bookingProgress).where(eq(bookingProgress.bookingRef, bookingRef)))
    .map((r) => r.stage).sort((a, b) => a - b);
}
async function van(code: string) {
  const [row] = await handle.db.select({ isUsed: containerVans.isUsed, cyCode: containerVans.cyCode }).from(containerVans).where(eq(containerVans.code, code));
  return row;
}

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  w = await seedBookingWorld(handle.db, t, { yard: ["OUTBOUND"] });
  await openYard(handle.db);
  await handle.db.insert(containerYards).values([
    { code: "CEBCY1", name: "Cebu Pier 4 CY", branchCode: "CEB" },
    { code: "CEBCY2", name: "Mandaue Empty Yard", branchCode: "CEB", isActive: false },
  ]);
  await handle.db.insert(holidays).values(HOLIDAYS_2025.map((h) => ({ holidayDate: h.date, name: h.name, holidayType: h.holidayType, branchCode: null })));
  await handle.db.insert(companyPolicies).values([
    { code: "C0001", defaultValueDecimal: "3", dateEffective: "2025-01-01" },
    { code: "C0002", defaultValueDecimal: "5", dateEffective: "2025-01-01" },
    { code: "C0003", defaultValueDecimal: "500", dateEffective: "2025-01-01" },
    { code: "C0013", defaultValueDecimal: "1000", dateEffective: "2025-01-01" },
  ]);
  const onAccount = await bookingsWithVansOut(handle.db, w, 4, w.voyageNum, { ...PTP_BOOKING, modeOfPayment: "AD" });
  [W1, W2, W3, W4] = await waybillsOf(w, onAccount.refs);
  // W3 stands for a tandem waybill: its second booking and van are W4's (the waybill screen writes these fields for a
  // tandem pair); W4's own waybill is cancelled, its van travelling on W3.
  await handle.db.update(waybills).set({ tandemBookingRef: W4.bookingRef, tandemContainerVanNum: W4.containerVanNum }).where(eq(waybills.wayBillRef, W3.wayBillRef));
  await handle.db.update(waybills).set({ status: "Cancelled" }).where(eq(waybills.wayBillRef, W4.wayBillRef));

  for (const [who, branch] of [["ceb", "CEB"], ["ceb2", "CEB"], ["mnl", "MNL"]] as const) {
    await createUser(handle.db, { userId: `vi-${who}`, password: "vi-password-123", menus: ["INBOUND"], branches: [branch] });
    tokens[who] = await signIn(t, `vi-${who}`, "vi-password-123");
  }
  for (const wb of [W1, W2, W3]) {
    await recordCargoStage(handle.db, wb.bookingRef, 6, manila("2025-04-15"));
    const cro = await as("ceb", "POST", "/InBound/cro/create", { wayBillRef: wb.wayBillRef });
    expect(cro.status, JSON.stringify(await cro.clone().json())).toBe(201);
  }
  // The inbound CTS sends W1's van and the tandem's two out to the consignee.
  for (const ref of [W1.bookingRef, W3.bookingRef, W4.bookingRef]) await recordCargoStage(handle.db, ref, 8, manila("2025-04-28"));
}, 180_000);
afterAll(() => handle?.close());

describe("the van-in list", () => {
  it("lists the branch's vans out awaiting return, 20 a page, searched by van or waybill; none for another branch", async () => {
    const res = await as("ceb", "POST", "/InBound/vanIn/load", {});
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.total).toBe(2);
    expect(body.data.map((r: any) => [r.state, r.wayBillRef, r.containerVanNum, r.tandemContainerVanNum, r.vanOut, r.vanInId])).toEqual([
      ["Out", W1.wayBillRef, W1.containerVanNum, "", manila("2025-04-28").toISOString(), null],
      ["Out", W3.wayBillRef, W3.containerVanNum, W4.containerVanNum, manila("2025-04-28").toISOString(), null],
    ].sort((a, b) => String(a[1]).localeCompare(String(b[1]))));
    const byVan = await json(await as("ceb", "POST", "/InBound/vanIn/load", { search: W4.containerVanNum.toLowerCase() }));
    expect(byVan.data.map((r: any) => r.wayBillRef)).toEqual([W3.wayBillRef]);
    const none = await json(await as("mnl", "POST", "/InBound/vanIn/load", {}));
    expect([none.total, none.data, none.message]).toEqual([0, [], "No more data to load"]);
    expect((await as("ceb", "POST", "/InBound/vanIn/load", { take: 0 })).status).toBe(400);
    expect((await as("ceb", "POST", "/InBound/vanIn/load", { state: "Lost" })).status).toBe(400);
  });
});

describe("recording a van-in", () => {
  it("refuses a van not out, another branch's waybill, a yard not the branch's, a time before van-out or in the future, and bad input", async () => {
    const notOut = await as("ceb", "POST", "/InBound/vanIn/create", { wayBillRef: W2.wayBillRef, dateReturned: "2025-05-08T11:00:00+08:00", cyCode: "CEBCY1" });
    expect(notOut.status).toBe(400);
    expect((await expectErrorBody(notOut)).message).toBe(
      `Waybill ${W2.wayBillRef} has no van out on an inbound CTS; its van-in is made once the van has gone out to the consignee.`,
    );
    const [{ status: w2Status }] = await handle.db.select({ status: waybills.status }).from(waybills).where(eq(waybills.wayBillRef, W2.wayBillRef));
    await handle.db.update(waybills).set({ status: "Cancelled" }).where(eq(waybills.wayBillRef, W2.wayBillRef));
    const cancelled = await as("ceb", "POST", "/InBound/vanIn/create", { wayBillRef: W2.wayBillRef.toLowerCase(), dateReturned: "2025-05-08T11:00:00+08:00", cyCode: "CEBCY1" });
    await handle.db.update(waybills).set({ status: w2Status }).where(eq(waybills.wayBillRef, W2.wayBillRef));
    expect(cancelled.status).toBe(400);
    expect((await expectErrorBody(cancelled)).errors.wayBillRef).toEqual([`Waybill ${W2.wayBillRef} is cancelled; it has no van to return.`]);
    const elsewhere = await as("mnl", "POST", "/InBound/vanIn/create", { wayBillRef: W1.wayBillRef, dateReturned: "2025-05-08T11:00:00+08:00", cyCode: "VCCY1" });
    expect(elsewhere.status).toBe(404);
    expect((await expectErrorBody(elsewhere)).message).toBe(`Waybill ${W1.wayBillRef} was not found.`);
    const manilaYard = await as("ceb", "POST", "/InBound/vanIn/create", { wayBillRef: W1.wayBillRef, dateReturned: "2025-05-08T11:00:00+08:00", cyCode: "VCCY1" });
    expect(manilaYard.status).toBe(400);
    expect((await expectErrorBody(manilaYard)).message).toBe("Container yard VCCY1 is not a yard of branch CEB.");
    const closed = await as("ceb", "POST", "/InBound/vanIn/create", { wayBillRef: W1.wayBillRef, dateReturned: "2025-05-08T11:00:00+08:00", cyCode: "CEBCY2" });
    expect((await expectErrorBody(closed)).message).toBe("Container yard CEBCY2 is not an active yard.");
    const early = await as("ceb", "POST", "/InBound/vanIn/create", { wayBillRef: W1.wayBillRef, dateReturned: "2025-04-27T11:00:00+08:00", cyCode: "CEBCY1" });
    expect(early.status).toBe(400);
    expect((await expectErrorBody(early)).errors.dateReturned).toEqual(["The van went out on Apr 28, 2025, 9:00 AM; it cannot have come back before that."]);
    const future = await as("ceb", "POST", "/InBound/vanIn/create", { wayBillRef: W1.wayBillRef, dateReturned: new Date(Date.now() + 86_400_000).toISOString(), cyCode: "CEBCY1" });
    expect((await expectErrorBody(future)).errors.dateReturned).toEqual(["dateReturned cannot be in the future."]);
    const badPart = await as("ceb", "POST", "/InBound/vanIn/create", {
      wayBillRef: W1.wayBillRef, dateReturned: "2025-05-08T11:00:00+08:00", cyCode: "CEBCY1", damages: [{ vanPart: "Engine", damageType: "Dented" }],
    });
    expect(badPart.status).toBe(400);
    expect(JSON.stringify((await expectErrorBody(badPart)).errors)).toContain("vanPart must be one of: Roof Panel, Bottom Side Rail");
    const badDate = await as("ceb", "POST", "/InBound/vanIn/create", { wayBillRef: W1.wayBillRef, dateReturned: "May 8", cyCode: "CEBCY1" });
    expect((await expectErrorBody(badDate)).errors.dateReturned).toEqual(["dateReturned must be a date and time, e.g. 2025-05-08T11:00:00+08:00"]);
    const strangeVan = await as("ceb", "POST", "/InBound/vanIn/create", {
      wayBillRef: W1.wayBillRef, dateReturned: "2025-05-08T11:00:00+08:00", cyCode: "CEBCY1", tandemCodeIds: [W2.containerVanNum],
    });
    expect((await expectErrorBody(strangeVan)).message).toBe(`Van ${W2.containerVanNum} is not a van of waybill ${W1.wayBillRef} (${W1.containerVanNum}).`);
    expect(await handle.db.select().from(vanIns)).toEqual([]);
    expect(await stagesOf(W1.bookingRef)).toEqual([0, 1, 6, 7, 8]);
  });

  it("records the return: stage 9, the van free again at the yard, detention ended on the return day, audited, the port's staff told", async () => {
    expect(await van(W1.containerVanNum)).toMatchObject({ isUsed: true });
    const res = await as("ceb", "POST", "/InBound/vanIn/create", {
      wayBillRef: W1.wayBillRef.toLowerCase(), dateReturned: "2025-05-08T11:00:00+08:00", cyCode: "cebcy1",
      damages: [{ vanPart: "Door Assembly", damageType: "Dented" }, { vanPart: "Roof Panel", damageType: "Punctured" }], remarks: "Returned by the consignee's trucker",
    });
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
    const body = await json(res);
    expect(body.message).toBe("Van-in recorded successfully");
    expect(body.data).toMatchObject({
      state: "Returned", vanInId: `VI-CEB-${year}-000001`, wayBillRef: W1.wayBillRef, bookingRef: W1.bookingRef, branchCode: "CEB",
      cyCode: "CEBCY1", cyName: "Cebu Pier 4 CY", tandemCodeIds: [W1.containerVanNum], dateReturned: manila("2025-05-08", "11:00").toISOString(),
      damages: [
        { containerVanNum: W1.containerVanNum, vanPart: "Door Assembly", damageType: "Dented" },
        { containerVanNum: W1.containerVanNum, vanPart: "Roof Panel", damageType: "Punctured" },
      ],
      detentionLastFreeDay: "2025-05-05", detentionDays: 3, detentionAmount: "3000.00", detentionProblem: null,
      receivedBy: "vi-ceb", receivedByName: "User vi-ceb", remarks: "Returned by the consignee's trucker",
    });
    expect(await stagesOf(W1.bookingRef)).toEqual([0, 1, 6, 7, 8, 9]);
    expect(await van(W1.containerVanNum)).toEqual({ isUsed: false, cyCode: "CEBCY1" });

    // The free-time read: detention ended on the return day, its figures final from then on.
    for (const date of ["2025-05-08", "2025-06-30"]) {
      const read = await json(await as("ceb2", "GET", `/InBound/demurrage/${W1.wayBillRef}?date=${date}`));
      const det = read.data.charges.find((c: any) => c.chargeType === "DET" && c.side === "destination");
      expect([det.state, det.snapshot.endEvent.date, det.snapshot.days, det.snapshot.amount, read.data.events.vanIn])
        .toEqual(["ENDED", "2025-05-08", 3, "3000.00", manila("2025-05-08", "11:00").toISOString()]);
    }

    const [audit] = await handle.db.select().from(auditLog).where(eq(auditLog.action, "VAN_IN_RECORDED"));
    expect([audit.actor, audit.target]).toEqual(["vi-ceb", `van-in:VI-CEB-${year}-000001`]);
    expect(audit.detail).toMatchObject({ wayBillRef: W1.wayBillRef, vansFreed: [W1.containerVanNum], detentionDays: 3, detentionAmount: "3000.00" });
    const told = await handle.db.select().from(notifications).where(eq(notifications.title, "Van-In"));
    expect(told.map((n) => n.userId).sort()).toEqual(["vi-ceb2"]);
    expect(told[0].message).toBe(`Van-in VI-CEB-${year}-000001: ${W1.containerVanNum} of waybill ${W1.wayBillRef} returned to Cebu Pier 4 CY on May 8, 2025, 11:00 AM.`);
    expect(told[0].url).toBe("/inbound/van_in");
  });

  it("refuses the same return twice, and changes nothing", async () => {
    const again = await as("ceb2", "POST", "/InBound/vanIn/create", { wayBillRef: W1.wayBillRef, dateReturned: "2025-05-09T11:00:00+08:00", cyCode: "CEBCY1" });
    expect(again.status).toBe(409);
    expect((await expectErrorBody(again)).message).toBe(`Waybill ${W1.wayBillRef} already has van-in VI-CEB-${year}-000001.`);
    expect(await handle.db.select({ id: vanIns.id }).from(vanIns)).toHaveLength(1);
  });

  it("takes a tandem's two vans back on one van-in, with stage 9 for both bookings", async () => {
    const one = await as("ceb", "POST", "/InBound/vanIn/create", { wayBillRef: W3.wayBillRef, dateReturned: "2025-05-02T15:00:00+08:00", cyCode: "CEBCY1" });
    expect(one.status).toBe(400);
    expect((await expectErrorBody(one)).errors.tandemCodeIds).toEqual([
      `Waybill ${W3.wayBillRef} is a tandem of vans ${W3.containerVanNum} and ${W4.containerVanNum}: name both vans that came back.`,
    ]);
    const half = await as("ceb", "POST", "/InBound/vanIn/create", {
      wayBillRef: W3.wayBillRef, dateReturned: "2025-05-02T15:00:00+08:00", cyCode: "CEBCY1", tandemCodeIds: [W3.containerVanNum],
    });
    expect((await expectErrorBody(half)).message).toBe(`Waybill ${W3.wayBillRef} is a tandem: van ${W4.containerVanNum} must come back on the same van-in.`);

    const spaced = (code: string) => `${code.slice(0, 4).toLowerCase()} ${code.slice(4, 10)}-${code.slice(10)}`;
    const res = await as("ceb2", "POST", "/InBound/vanIn/create", {
      wayBillRef: W3.wayBillRef, dateReturned: "2025-05-02T15:00:00+08:00", cyCode: "CEBCY1", tandemCodeIds: [spaced(W4.containerVanNum), W3.containerVanNum],
      damages: [{ containerVanNum: W4.containerVanNum, vanPart: "Cross Member", damageType: "Corroded" }],
    });
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
    const data = (await json(res)).data;
    // Back within the free days: no detention.
    expect(data).toMatchObject({
      vanInId: `VI-CEB-${year}-000002`, tandemBookingRef: W4.bookingRef, tandemCodeIds: [W4.containerVanNum, W3.containerVanNum],
      detentionLastFreeDay: "2025-05-05", detentionDays: 0, detentionAmount: "0.00",
    });
    expect([await stagesOf(W3.bookingRef), await stagesOf(W4.bookingRef)]).toEqual([[0, 1, 6, 7, 8, 9], [0, 1, 7, 8, 9]]);
    const freed = await handle.db.select({ code: containerVans.code, isUsed: containerVans.isUsed }).from(containerVans)
      .where(inArray(containerVans.code, [W3.containerVanNum, W4.containerVanNum]));
    expect(freed.every((v) => !v.isUsed)).toBe(true);
    expect((await van(W2.containerVanNum)).isUsed).toBe(true);
  });

  it("lists the van-ins made after the vans still out, newest first, and reads one only for the branch", async () => {
    const all = await json(await as("ceb", "POST", "/InBound/vanIn/load", {}));
    expect([all.total, all.data.map((r: any) => [r.state, r.vanInId])]).toEqual([2, [["Returned", `VI-CEB-${year}-000001`], ["Returned", `VI-CEB-${year}-000002`]]]);
    const out = await json(await as("ceb", "POST", "/InBound/vanIn/load", { state: "Out" }));
    expect([out.total, out.data]).toEqual([0, []]);
    const paged = await json(await as("ceb", "POST", "/InBound/vanIn/load", { skip: 1, take: 1 }));
    expect(paged.data.map((r: any) => r.vanInId)).toEqual([`VI-CEB-${year}-000002`]);
    expect((await as("ceb", "GET", `/InBound/vanIn/get/VI-CEB-${year}-000001`)).status).toBe(200);
    const hidden = await as("mnl", "GET", `/InBound/vanIn/get/VI-CEB-${year}-000001`);
    expect(hidden.status).toBe(404);
    expect((await as("mnl", "GET", `/InBound/vanIn/print/VI-CEB-${year}-000001`)).status).toBe(404);
    const pdf = await as("ceb", "GET", `/InBound/vanIn/print/VI-CEB-${year}-000001`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe(`inline; filename="VI-CEB-${year}-000001.pdf"`);
  });
});

describe("the van-in clearance's shipper", () => {
  it("is the name the waybill goes by: its preferred shipper name when given, else the customer's company", async () => {
    const [registered] = await handle.db.select({ company: customers.company }).from(waybills)
      .innerJoin(customers, eq(customers.code, waybills.customerCode)).where(eq(waybills.wayBillRef, W1.wayBillRef));
    expect(await shipperOf(handle.db, W1.wayBillRef)).toBe(registered.company);
    await handle.db.update(waybills).set({ shipperPreferredName: "Pacific Harbor Trading - Cebu Branch" }).where(eq(waybills.wayBillRef, W1.wayBillRef));
    try {
      expect(await shipperOf(handle.db, W1.wayBillRef)).toBe("Pacific Harbor Trading - Cebu Branch");
    } finally {
      await handle.db.update(waybills).set({ shipperPreferredName: "" }).where(eq(waybills.wayBillRef, W1.wayBillRef));
    }
    expect(await shipperOf(handle.db, "WB-NO-SUCH")).toBe("");
  });
});

describe("the demo line's van-in", () => {
  it("takes the van that is out back to a yard of the branch; with none out it makes nothing", async () => {
    const [clerk] = await handle.db.select({ id: users.id }).from(users).where(eq(users.userId, "vi-ceb"));
    const ctx = { people: { inbound: await callerOfUser(handle.db, clerk.id) } as unknown as DemoContext["people"], now: new Date(), linkBase: "" };
    // The released waybill's van goes out (the demo's inbound CTS records stage 8 so).
    await recordCargoStage(handle.db, W2.bookingRef, 8, new Date(Date.now() - 60_000));
    expect(await seedDemoVanIns(handle.db, ctx)).toEqual({ vanIns: 1 });
    const [made] = await handle.db.select().from(vanIns).where(eq(vanIns.wayBillRef, W2.wayBillRef));
    expect([made.vanInId, made.cyCode, made.receivedBy, made.damages]).toEqual([
      `VI-CEB-${year}-000003`, "CEBCY1", "vi-ceb", [{ containerVanNum: W2.containerVanNum, vanPart: "Door Assembly", damageType: "Scratched" }],
    ]);
    expect(await stagesOf(W2.bookingRef)).toEqual([0, 1, 6, 7, 8, 9]);
    expect((await van(W2.containerVanNum)).isUsed).toBe(false);
    expect(await seedDemoVanIns(handle.db, ctx)).toEqual({ vanIns: 0 });
  });
});
