import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { makeTestApp, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";
import { seedWaiverWorld, type WaiverWorld } from "../support/waivers.ts";

/**
 * The waiver lists by the user's flags (001 §6: isEndorser, isApprover): the drafter's own drafts, the endorsers'
 * and approvers' queues of their branches (anyone else sees their own there), the approved list; each shows exactly
 * the waivers that flag should see, and nothing of another branch.
 */

let handle: DatabaseHandle;
let t: TestApp;
let ww: WaiverWorld;
/** The waivers made below, by letter. */
const made: Record<string, string> = {};

async function waiver(who: string, wayBillRef: string, steps: [string, string, string?][] = []) {
  const res = await ww.call(who, "POST", "/WayBillWaiveCharges/create", {
    wayBillRef, remarks: "Lists test", lines: [{ chargeCode: "001", part: "FREIGHT", amount: "100.00" }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  let current = res.body.data;
  for (const [by, action, remarks] of steps) {
    const moved = await ww.call(by, "PUT", `/WayBillWaiveCharges/updateStatus/${current.waiverNum}`, { action, dateModified: current.dateModified, remarks: remarks ?? "" });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    current = moved.body.data;
  }
  return current.waiverNum as string;
}

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  ww = await seedWaiverWorld(handle.db, t, 840000);
  const [collect] = await ww.onLoadList(1, "C");
  const [prepaid] = await ww.onLoadList(1, "P");
  made.A = await waiver("clerk", collect);
  made.B = await waiver("clerk", collect, [["clerk", "submit"], ["endorser", "denyEndorsement", "Not agreed"]]);
  made.C = await waiver("clerk", collect, [["clerk", "submit"]]);
  made.D = await waiver("clerk2", collect, [["clerk2", "submit"]]);
  made.E = await waiver("clerk", collect, [["clerk", "submit"], ["endorser", "endorse"]]);
  made.F = await waiver("clerk2", collect, [["clerk2", "submit"], ["forEndorse", "endorse"]]);
  made.G = await waiver("clerk", collect, [["clerk", "submit"], ["endorser", "endorse"], ["approver", "approve"]]);
  made.H = await waiver("clerk2", collect);
  made.M = await waiver("mnl", prepaid, [["mnl", "submit"]]);
}, 240_000);
afterAll(() => handle?.close());

async function list(who: string, name: string, search = "") {
  const res = await ww.call(who, "GET", `/WayBillWaiveCharges/load?list=${name}${search ? `&search=${search}` : ""}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const letters = res.body.data.map((w: { waiverNum: string }) => Object.entries(made).find(([, num]) => num === w.waiverNum)?.[0] ?? w.waiverNum).sort();
  return { letters, total: res.body.total, isEndorser: res.body.isEndorser, isApprover: res.body.isApprover, message: res.body.message };
}

describe("the waiver lists by flag", () => {
  it("shows the drafter their own drafts and denied waivers, never another's", async () => {
    expect(await list("clerk", "draft")).toEqual({ letters: ["A", "B"], total: 2, isEndorser: false, isApprover: false, message: undefined });
    expect((await list("clerk2", "draft")).letters).toEqual(["H"]);
    expect(await list("endorser", "draft")).toEqual({ letters: [], total: 0, isEndorser: true, isApprover: false, message: "No more data to load" });
  });

  it("shows an endorser (Endorser or Waiver For Endorse) every waiver of the branch waiting for endorsement; anyone else their own", async () => {
    expect(await list("endorser", "forEndorse")).toEqual({ letters: ["C", "D"], total: 2, isEndorser: true, isApprover: false, message: undefined });
    expect((await list("forEndorse", "forEndorse")).letters).toEqual(["C", "D"]);
    expect((await list("both", "forEndorse")).letters).toEqual(["C", "D"]);
    expect((await list("clerk", "forEndorse")).letters).toEqual(["C"]);
    expect((await list("approver", "forEndorse")).letters).toEqual([]);
    expect((await list("endorser", "forEndorse", made.D)).letters).toEqual(["D"]);
  });

  it("shows an approver every waiver of the branch waiting for approval; anyone else their own, the endorser too", async () => {
    expect(await list("approver", "forApproval")).toEqual({ letters: ["E", "F"], total: 2, isEndorser: false, isApprover: true, message: undefined });
    expect((await list("both", "forApproval")).letters).toEqual(["E", "F"]);
    expect((await list("clerk", "forApproval")).letters).toEqual(["E"]);
    expect((await list("clerk2", "forApproval")).letters).toEqual(["F"]);
    expect((await list("endorser", "forApproval")).letters).toEqual([]);
  });

  it("shows everyone of the branch the approved waivers, and another branch none of them", async () => {
    for (const who of ["clerk", "clerk2", "endorser", "approver", "dat"]) expect((await list(who, "approved")).letters, who).toEqual(["G"]);
    for (const name of ["draft", "forEndorse", "forApproval", "approved"]) expect((await list("dvo", name)).letters, name).toEqual([]);
    // Manila sees its own waiver waiting, and nothing of Cebu's.
    expect((await list("mnl", "forEndorse")).letters).toEqual(["M"]);
    expect((await list("mnl", "forApproval")).letters).toEqual([]);
  });

  it("refuses a list that does not exist", async () => {
    const res = await ww.call("clerk", "GET", "/WayBillWaiveCharges/load?list=everything");
    expect([res.status, res.body.errors.list]).toEqual([400, ["list must be one of: draft, forEndorse, forApproval, approved"]]);
  });
});
