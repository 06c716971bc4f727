import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog, statusHistory, waybillChargeAdjustments } from "../../db/schema/index.ts";
import { createRole, createUser, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { backend, openTestDatabase } from "../support/test-db.ts";
import { seedWaiverWorld, WAIVER_PASSWORD, type WaiverWorld } from "../support/waivers.ts";

/**
 * Fifty approvals of one waiver sent at once by ten approvers of the branch (and the same of one override): one
 * approval lands, every other is told the waiver moved on; one set of adjustments is written, one history row, one
 * audit row. On PostgreSQL the requests run side by side on the connection pool.
 */

let handle: DatabaseHandle;
let t: TestApp;
let ww: WaiverWorld;
const approvers: string[] = [];

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  ww = await seedWaiverWorld(handle.db, t, 850000);
  const role = await createRole(handle.db, ["WAIVER", "APPROVER"]);
  for (let i = 0; i < 10; i++) {
    await createUser(handle.db, { userId: `wv-rush-${i}`, password: WAIVER_PASSWORD, roleKey: role.id, branches: ["CEB"] });
    ww.tokens[`rush${i}`] = await signIn(t, `wv-rush-${i}`, WAIVER_PASSWORD);
    approvers.push(`rush${i}`);
  }
}, 240_000);
afterAll(() => handle?.close());

const fifty = () => Array.from({ length: 50 }, (_, i) => approvers[i % approvers.length]);

describe(`fifty approvals at once (${backend})`, () => {
  it("approve one waiver once", async () => {
    const [ref] = await ww.onLoadList(1);
    const made = (await ww.call("clerk", "POST", "/WayBillWaiveCharges/create", {
      wayBillRef: ref, remarks: "Fifty at once", lines: [{ chargeCode: "001", part: "FREIGHT", amount: "1000.00" }, { chargeCode: "004", part: "PORT_ORIGIN" }],
    })).body.data;
    const sent = (await ww.call("clerk", "PUT", `/WayBillWaiveCharges/updateStatus/${made.waiverNum}`, { action: "submit", dateModified: made.dateModified })).body.data;
    const endorsed = (await ww.call("endorser", "PUT", `/WayBillWaiveCharges/updateStatus/${made.waiverNum}`, { action: "endorse", dateModified: sent.dateModified })).body.data;
    const answers = await Promise.all(fifty().map((who) =>
      ww.call(who, "PUT", `/WayBillWaiveCharges/updateStatus/${made.waiverNum}`, { action: "approve", dateModified: endorsed.dateModified })
    ));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const log = await handle.db.select().from(waybillChargeAdjustments).where(eq(waybillChargeAdjustments.sourceRef, made.waiverNum));
    expect(log.map((a) => [a.chargeCode, a.part, a.amount])).toEqual([["001", "FREIGHT", "-1000.00"], ["004", "PORT_ORIGIN", "-1120.00"]]);
    const approvals = await handle.db.select().from(statusHistory).where(and(eq(statusHistory.entity, "waiver"), eq(statusHistory.recordId, made.id), eq(statusHistory.action, "approve")));
    expect(approvals).toHaveLength(1);
    expect(await handle.db.select().from(auditLog).where(and(eq(auditLog.action, "CHARGES_WAIVED"), eq(auditLog.target, `waybill:${ref}`)))).toHaveLength(1);
    const waybill = (await ww.call("yard", "GET", `/OutBound/waybill/get/${ref}`)).body.data;
    expect([waybill.waived, waybill.due]).toEqual(["2120.00", "12480.00"]);
  }, 120_000);

  it("approve one override once", async () => {
    const [ref] = await ww.onLoadList(1);
    const made = (await ww.call("clerk", "POST", "/WayBillOverRideCharges/create", {
      wayBillRef: ref, chargeCode: "001", part: "FREIGHT", newValue: "11500.00", reason: "Promo rate confirmed by the AE",
    })).body.data;
    const sent = (await ww.call("clerk", "PUT", `/WayBillOverRideCharges/updateStatus/${made.overrideNum}`, { action: "submit", dateModified: made.dateModified })).body.data;
    const answers = await Promise.all(fifty().map((who) =>
      ww.call(who, "PUT", `/WayBillOverRideCharges/updateStatus/${made.overrideNum}`, { action: "approve", dateModified: sent.dateModified })
    ));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(49);
    const log = await handle.db.select().from(waybillChargeAdjustments).where(eq(waybillChargeAdjustments.sourceRef, made.overrideNum));
    expect(log.map((a) => [a.kind, a.amount, a.valueBefore, a.valueAfter])).toEqual([["OVERRIDE", "-1000.00", "12500.00", "11500.00"]]);
    expect((await ww.call("yard", "GET", `/OutBound/waybill/get/${ref}`)).body.data.totals.total).toBe("13600.00");
  }, 120_000);
});
