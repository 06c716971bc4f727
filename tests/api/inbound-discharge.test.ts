import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runFreeTimeAccrual } from "../../api/modules/inbound/index.ts";
import { addCalendarDays, manilaDate, manilaTimestamp } from "../../api/shared/dates.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog, bookingProgress, companyPolicies, freeTimeCharges, notifications, statusHistory, tallySheetLines, unloadListEntries } from "../../db/schema/index.ts";
import { createUser, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { type BookingWorld, seedBookingWorld } from "../support/bookings.ts";
import { draftWaybills, loadingWorld, type LoadingWorld, type ReadyWaybill } from "../support/loading.ts";
import { normaliseOcr, renderPdf } from "../support/pdf-image.ts";
import { openTestDatabase } from "../support/test-db.ts";

/**
 * The discharge at a port of call (001 §3 release and tally sheet, §4 release types with Cancelled, cargo stages
 * 5 and 6; issue 24 parts 1 and 2): unload lists by release at Cebu, stage 5 for each booking put on, the IU
 * notices; the unloading tally sheet with the outbound tally's rules (entries landing once, conflicts with their
 * reason, the final tally and its undo by role), stage 6 at the final tally, which the free-time clocks start from.
 */

let handle: DatabaseHandle;
let t: TestApp;
let w: BookingWorld;
let l: LoadingWorld;
const tokens: Record<string, string> = {};
const year = new Date().getFullYear();
const json = (res: Response) => res.json() as Promise<any>;

async function call(who: string, method: string, path: string, body?: unknown) {
  const res = who in tokens ? await t.call(method, `/api${path}`, { token: tokens[who], body }) : await w.call(who, method, path, body);
  return { status: res.status, body: await json(res) };
}

async function stagesOf(bookingRef: string) {
  const rows = await handle.db.select({ stage: bookingProgress.stage }).from(bookingProgress).where(eq(bookingProgress.bookingRef, bookingRef));
  return rows.map((r) => r.stage).sort();
}

const entry = (over: Record<string, unknown>) => ({
  entryId: randomUUID(), containerType: "FL", truckingCode: "TRK2", plateNum: "CEB 5678", driver: "Nonoy Abad", sealNum: "SEAL-001",
  timeTallied: new Date().toISOString(), ...over,
});

/** Loaded onto the vessel at Manila through the real outbound calls: load list, loading tally, final tally. */
let loaded: ReadyWaybill[];
/** Still Draft at Manila: never loaded. */
let draft: ReadyWaybill;

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  w = await seedBookingWorld(handle.db, t, { yard: ["OUTBOUND"], loadUndo: ["OUTBOUND", "TALLY_SHEET_UNDO"] });
  l = await loadingWorld(handle.db, w, "yard", 640000);
  for (const [who, menus, branch] of [
    ["cebu", ["INBOUND"], "CEB"], ["cebu2", ["INBOUND"], "CEB"], ["undo", ["INBOUND", "TALLY_SHEET_UNDO"], "CEB"], ["manila", ["INBOUND"], "MNL"],
  ] as const) {
    await createUser(handle.db, { userId: `ib-${who}`, password: "ib-password-123", menus, branches: [branch] });
    tokens[who] = await signIn(t, `ib-${who}`, "ib-password-123");
  }
  await handle.db.insert(companyPolicies).values([
    { code: "C0001", defaultValueDecimal: "3", dateEffective: "2025-01-01" },
    { code: "C0002", defaultValueDecimal: "5", dateEffective: "2025-01-01" },
    { code: "C0003", defaultValueDecimal: "500", dateEffective: "2025-01-01" },
    { code: "C0013", defaultValueDecimal: "1000", dateEffective: "2025-01-01" },
  ]);

  loaded = await draftWaybills(l, 4);
  [draft] = await draftWaybills(l, 1);
  const release = (await call("yard", "POST", "/OutBound/loadList/create", { voyageNum: w.voyageNum })).body.data;
  const put = await call("yard", "PUT", `/OutBound/loadList/update/${release.releaseId}`, {
    dateModified: release.dateModified, entries: loaded.map((r) => ({ wayBillRef: r.wayBillRef, status: "add" })),
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  const sheet = (await call("yard", "POST", "/OutBound/tallySheet/create", { voyageNum: w.voyageNum, destinationBranchCode: "CEB" })).body.data;
  for (const r of loaded) expect((await call("yard", "POST", `/OutBound/tallySheet/line/${sheet.tallySheetNum}`, entry({ wayBillRef: r.wayBillRef, truckingCode: "TRK1" }))).status).toBe(201);
  const read = (await call("yard", "GET", `/OutBound/tallySheet/read/${sheet.tallySheetNum}`)).body.data;
  const final = await call("yard", "PUT", `/OutBound/tallySheet/final/${read.tallySheetNum}`, { dateModified: read.dateModified });
  expect(final.status, JSON.stringify(final.body)).toBe(200);
}, 240_000);
afterAll(() => handle?.close());

/** The unload list release the tests work on. */
let release: any;

describe("unload lists", () => {

  it("shows the loaded waybills for Cebu waiting, and opens a release numbered from Cebu's UL series (IU notice)", async () => {
    const view = await call("cebu", "GET", `/InBound/unloadList/voyage/${w.voyageNum}`);
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    expect(view.body.data.branchCodes).toEqual(["CEB"]);
    expect(view.body.data.releases).toEqual([]);
    expect(view.body.data.waiting.map((x: any) => [x.wayBillRef, x.status, x.releaseId])).toEqual(loaded.map((r) => [r.wayBillRef, "Loaded", null]));

    const made = await call("cebu", "POST", "/InBound/unloadList/create", { voyageNum: w.voyageNum, destinationBranchCode: "ceb", remarks: "Berth 2" });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.message).toBe("Unload list created successfully");
    release = made.body.data;
    expect(release).toMatchObject({
      releaseId: `UL-CEB-${year}-000001`, releaseType: "Partial Release", voyageNum: w.voyageNum, branchCode: "CEB", remarks: "Berth 2", waybillCount: 0,
      userCreated: "ib-cebu", waybills: [], removed: [],
    });
    const told = await handle.db.select().from(notifications).where(eq(notifications.title, "Unload List"));
    expect(told.map((n) => n.userId).sort()).toEqual(["ib-cebu2", "ib-undo"]);
    expect(told[0].message).toBe(`Unload list release ${release.releaseId} of voyage V-201S (${w.voyageNum}) at CEB: opened.`);
    expect(told[0].url).toBe(`/inbound/unloadList/${w.voyageNum}`);
  });

  it("puts loaded waybills on with 'add' (stage 5) and takes one off with any other status (stage 5 withdrawn, the entry kept)", async () => {
    const [a, b, c] = loaded;
    const put = await call("cebu", "PUT", `/InBound/unloadList/update/${release.releaseId}`, {
      dateModified: release.dateModified, entries: [{ wayBillRef: a.wayBillRef, status: "add" }, { wayBillRef: b.wayBillRef.toLowerCase(), status: "ADD" }, { wayBillRef: c.wayBillRef, status: "add" }],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.message).toBe("Unload list updated successfully");
    expect(put.body.data.waybills.map((x: any) => x.wayBillRef)).toEqual([a.wayBillRef, b.wayBillRef, c.wayBillRef]);
    expect(put.body.data).toMatchObject({ waybillCount: 3, teu: 3 });
    expect(await stagesOf(a.bookingRef)).toEqual([0, 1, 2, 3, 4, 5]);

    // Discharging has begun at Cebu: Manila's final tally stands for the cargo on the unload list.
    const loading = (await call("yard", "GET", `/OutBound/tallySheet/voyage/${w.voyageNum}`)).body.data.sheets[0];
    const undo = await call("loadUndo", "PUT", `/OutBound/tallySheet/undo/${loading.tallySheetNum}`, { dateModified: loading.dateModified, reason: "Recount" });
    expect([undo.status, undo.body.message]).toEqual([
      409, `Waybill ${a.wayBillRef} is on unload list release ${release.releaseId} at its port of call; take it off there before undoing the final tally.`,
    ]);
    expect((await call("yard", "GET", `/OutBound/tallySheet/read/${loading.tallySheetNum}`)).body.data.status).toBe("Final");

    const off = await call("cebu", "PUT", `/InBound/unloadList/update/${release.releaseId}`, {
      dateModified: put.body.data.dateModified, entries: [{ wayBillRef: c.wayBillRef, status: "remove" }],
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.data.waybills.map((x: any) => x.wayBillRef)).toEqual([a.wayBillRef, b.wayBillRef]);
    expect(off.body.data.removed).toMatchObject([{ wayBillRef: c.wayBillRef, addedBy: "ib-cebu", removedBy: "ib-cebu" }]);
    expect(await stagesOf(c.bookingRef)).toEqual([0, 1, 2, 3, 4]);
    release = off.body.data;
    const told = await handle.db.select().from(notifications).where(and(eq(notifications.title, "Unload List"), eq(notifications.userId, "ib-cebu2")));
    expect(told.map((n) => n.message).slice(-2)).toEqual([
      `Unload list release ${release.releaseId} of voyage V-201S (${w.voyageNum}) at CEB: 3 waybills put on.`,
      `Unload list release ${release.releaseId} of voyage V-201S (${w.voyageNum}) at CEB: 1 waybill taken off.`,
    ]);
  });

  it("refuses what does not fit, with its reason, and changes nothing", async () => {
    const upd = (entries: unknown, dateModified = release.dateModified) => call("cebu", "PUT", `/InBound/unloadList/update/${release.releaseId}`, { dateModified, entries });
    const notLoaded = await upd([{ wayBillRef: draft.wayBillRef, status: "add" }]);
    expect([notLoaded.status, notLoaded.body.message]).toEqual([409, `Waybill ${draft.wayBillRef} is Draft; only a waybill loaded on the vessel goes on an unload list.`]);
    const twice = await upd([{ wayBillRef: loaded[0].wayBillRef, status: "add" }]);
    expect([twice.status, twice.body.message]).toEqual([409, `Waybill ${loaded[0].wayBillRef} is on unload list release ${release.releaseId} already.`]);
    const unknown = await upd([{ wayBillRef: "WB-MNL-2099-000404", status: "add" }]);
    expect([unknown.status, unknown.body.errors.entries]).toEqual([400, [`Waybill WB-MNL-2099-000404 is not a waybill of voyage ${w.voyageNum}.`]]);
    const same = await upd([{ wayBillRef: loaded[3].wayBillRef, status: "add" }, { wayBillRef: loaded[3].wayBillRef, status: "remove" }]);
    expect([same.status, same.body.errors.entries]).toEqual([400, [`Waybill ${loaded[3].wayBillRef} is in this update twice.`]]);
    const notOn = await upd([{ wayBillRef: loaded[3].wayBillRef, status: "remove" }]);
    expect([notOn.status, notOn.body.errors.entries]).toEqual([400, [`Waybill ${loaded[3].wayBillRef} is not on release ${release.releaseId}.`]]);
    const stale = await upd([{ wayBillRef: loaded[3].wayBillRef, status: "add" }], "2020-01-01T00:00:00.000Z");
    expect([stale.status, stale.body.message]).toEqual([409, `Release ${release.releaseId} was changed by someone else after you opened it. Reload it and try again.`]);
    const bad = await call("cebu", "POST", "/InBound/unloadList/create", { voyageNum: w.voyageNum });
    expect([bad.status, bad.body.errors.destinationBranchCode]).toEqual([400, ["destinationBranchCode is required"]]);
    const elsewhere = await call("cebu", "POST", "/InBound/unloadList/create", { voyageNum: w.voyageNum, destinationBranchCode: "DVO" });
    expect([elsewhere.status, elsewhere.body.errors.destinationBranchCode]).toEqual([400, [`Voyage ${w.voyageNum} does not call at DVO.`]]);
    const notMine = await call("manila", "POST", "/InBound/unloadList/create", { voyageNum: w.voyageNum, destinationBranchCode: "CEB" });
    expect([notMine.status, notMine.body.errors.destinationBranchCode]).toEqual([400, ["Branch CEB is not one of your branches."]]);
    const outboundOnly = await call("yard", "GET", `/InBound/unloadList/voyage/${w.voyageNum}`);
    expect(outboundOnly.status).toBe(403);
    const read = (await call("cebu", "GET", `/InBound/unloadList/read/${release.releaseId}`)).body.data;
    expect(read.waybills.map((x: any) => x.wayBillRef)).toEqual([loaded[0].wayBillRef, loaded[1].wayBillRef]);
    expect(read.dateModified).toBe(release.dateModified);
  });

  it("answers another branch's voyage and release exactly as ones that do not exist", async () => {
    const voyage = await call("manila", "GET", `/InBound/unloadList/voyage/${w.voyageNum}`);
    expect([voyage.status, voyage.body.message]).toEqual([404, `Voyage ${w.voyageNum} was not found.`]);
    const missing = await call("manila", "GET", "/InBound/unloadList/voyage/VOY-MNL-2099-000404");
    expect([missing.status, missing.body.message]).toEqual([404, "Voyage VOY-MNL-2099-000404 was not found."]);
    const theirs = await call("manila", "GET", `/InBound/unloadList/read/${release.releaseId}`);
    expect([theirs.status, theirs.body.message]).toEqual([404, `Release ${release.releaseId} was not found.`]);
    expect((await call("manila", "GET", `/InBound/unloadList/print/${w.voyageNum}?releaseId=${release.releaseId}`)).status).toBe(404);
  });

  it("cancels a release (Cancelled): its waybills go off the list and back to waiting, stage 5 withdrawn", async () => {
    const other = (await call("cebu2", "POST", "/InBound/unloadList/create", { voyageNum: w.voyageNum, destinationBranchCode: "CEB" })).body.data;
    expect(other.releaseId).toBe(`UL-CEB-${year}-000002`);
    const put = await call("cebu2", "PUT", `/InBound/unloadList/update/${other.releaseId}`, { dateModified: other.dateModified, entries: [{ wayBillRef: loaded[2].wayBillRef, status: "add" }] });
    expect(await stagesOf(loaded[2].bookingRef)).toEqual([0, 1, 2, 3, 4, 5]);
    const cancelled = await call("cebu2", "PUT", `/InBound/unloadList/cancel/${other.releaseId}`, { dateModified: put.body.data.dateModified });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.message).toBe("Unload list cancelled successfully");
    expect(cancelled.body.data).toMatchObject({ releaseType: "Cancelled", cancelledBy: "ib-cebu2", waybillCount: 0, waybills: [] });
    expect(await stagesOf(loaded[2].bookingRef)).toEqual([0, 1, 2, 3, 4]);
    const again = await call("cebu2", "PUT", `/InBound/unloadList/update/${other.releaseId}`, { dateModified: cancelled.body.data.dateModified, entries: [] });
    expect([again.status, again.body.message]).toEqual([409, `Release ${other.releaseId} is Cancelled: it was cancelled, so its waybills no longer change.`]);
    const history = await handle.db.select().from(statusHistory).where(and(eq(statusHistory.entity, "unload-list-release"), eq(statusHistory.action, "cancel")));
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actor])).toEqual([["Partial Release", "Cancelled", "ib-cebu2"]]);
    const view = (await call("cebu", "GET", `/InBound/unloadList/voyage/${w.voyageNum}`)).body.data;
    expect(view.waiting.map((x: any) => x.wayBillRef)).toEqual([loaded[2].wayBillRef, loaded[3].wayBillRef]);
    expect(view.releases.map((r: any) => [r.releaseId, r.releaseType])).toEqual([[other.releaseId, "Cancelled"], [release.releaseId, "Partial Release"]]);
  });

  it("prints the unload list of Cebu on the load list's layout, titled UNLOAD LIST", async () => {
    const pdf = await t.call("GET", `/api/InBound/unloadList/print/${w.voyageNum}?releaseId=${release.releaseId}`, { token: tokens.cebu });
    expect([pdf.status, pdf.headers.get("content-type")]).toEqual([200, "application/pdf"]);
    expect(pdf.headers.get("content-disposition")).toContain(`Unload_List_${release.releaseId}.pdf`);
    const read = await renderPdf(new Uint8Array(await pdf.arrayBuffer()), { pageSegmentation: 4 });
    expect(read.pageCount).toBe(1);
    const text = normaliseOcr(read.pages[0].text ?? "").replace(/ /g, "");
    for (const expected of [
      "unload list",
      `voyage: v-201s (${w.voyageNum.toLowerCase()}), discharged at cebu`,
      `release: ${release.releaseId.toLowerCase()} (partial release)`,
      loaded[0].wayBillRef.toLowerCase(),
      loaded[1].wayBillRef.toLowerCase(),
      "total: 2 waybills, 2 teu",
    ]) expect(text).toContain(expected.replace(/ /g, ""));
    expect(text).not.toContain(loaded[2].wayBillRef.toLowerCase());
  }, 120_000);
});

describe("unloading tally sheets", () => {
  let sheet: any;
  const count = (body: Record<string, unknown>, who = "cebu") => call(who, "POST", `/InBound/tallySheet/line/${sheet.tallySheetNum}`, body);

  it("opens one per voyage at the port, numbered from Cebu's TS series, and tells Cebu's inbound staff (IT)", async () => {
    const made = await call("cebu", "POST", "/InBound/tallySheet/create", { voyageNum: w.voyageNum, destinationBranchCode: "CEB" });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    sheet = made.body.data;
    expect(sheet).toMatchObject({
      tallySheetNum: `TS-CEB-${year}-000001`, tallySheetType: "Unloading", status: "Open", voyageNum: w.voyageNum, branchCode: "CEB", destinationBranchCode: "CEB", lines: [],
    });
    const again = await call("cebu2", "POST", "/InBound/tallySheet/create", { voyageNum: w.voyageNum, destinationBranchCode: "CEB" });
    expect([again.status, again.body.message]).toEqual([409, `Voyage ${w.voyageNum} already has unloading tally sheet ${sheet.tallySheetNum} for CEB.`]);
    const notMine = await call("manila", "POST", "/InBound/tallySheet/create", { voyageNum: w.voyageNum, destinationBranchCode: "CEB" });
    expect([notMine.status, notMine.body.errors.destinationBranchCode]).toEqual([400, ["Branch CEB is not one of your branches."]]);
    const told = await handle.db.select().from(notifications).where(eq(notifications.title, "Unloading Tally Sheet"));
    expect(told.map((n) => n.userId).sort()).toEqual(["ib-cebu2", "ib-undo"]);
    expect(told[0].message).toBe(`Tally sheet ${sheet.tallySheetNum} of voyage V-201S (${w.voyageNum}) to CEB: counting started.`);
    expect(told[0].url).toBe(`/inbound/tallySheet/${w.voyageNum}`);
    // The loading calls do not reach an unloading sheet, nor the unloading calls a loading one.
    expect((await call("yard", "GET", `/OutBound/tallySheet/read/${sheet.tallySheetNum}`)).status).toBe(404);
    const view = (await call("cebu", "GET", `/InBound/tallySheet/voyage/${w.voyageNum}`)).body.data;
    expect(view.sheets.map((s: any) => s.tallySheetNum)).toEqual([sheet.tallySheetNum]);
    expect(view.onList.map((x: any) => x.wayBillRef)).toEqual([loaded[0].wayBillRef, loaded[1].wayBillRef]);
    expect(view.truckers.map((x: any) => x.code)).toEqual(["TRK2"]);
  });

  it("counts a van on the unload list once per entry, refuses one that is not on it, and keeps a counted waybill on the list", async () => {
    const [a, b] = loaded;
    const body = entry({ wayBillRef: a.wayBillRef });
    const first = await count(body);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.message).toBe(`Van ${a.containerVanNum} counted`);
    expect(first.body.data).toMatchObject({ wayBillRef: a.wayBillRef, bookingRef: a.bookingRef, containerVanNum: a.containerVanNum, containerType: "FL", truckerName: "Cebu Movers" });
    const second = await count(body, "cebu2");
    expect([second.status, second.body.message]).toEqual([200, "This entry was counted already"]);
    expect(await handle.db.select().from(tallySheetLines).where(eq(tallySheetLines.entryId, body.entryId))).toHaveLength(1);
    const twice = await count(entry({ wayBillRef: a.wayBillRef }), "cebu2");
    expect(twice.status).toBe(409);
    expect(twice.body.message).toMatch(new RegExp(`^Van ${a.containerVanNum} is already counted on tally sheet ${sheet.tallySheetNum}, by User ib-cebu at `));
    const offList = await count(entry({ wayBillRef: loaded[3].wayBillRef }));
    expect([offList.status, offList.body.message]).toEqual([409, `Waybill ${loaded[3].wayBillRef} is no longer on the unload list of voyage ${w.voyageNum} (it is on no release of it); its van was not counted.`]);
    const now = (await call("cebu", "GET", `/InBound/unloadList/read/${release.releaseId}`)).body.data;
    const stays = await call("cebu", "PUT", `/InBound/unloadList/update/${now.releaseId}`, { dateModified: now.dateModified, entries: [{ wayBillRef: a.wayBillRef, status: "remove" }] });
    expect([stays.status, stays.body.message]).toEqual([409, `Waybill ${a.wayBillRef} stays on the unload list: its van ${a.containerVanNum} is counted on tally sheet ${sheet.tallySheetNum}. Take the van off the sheet first.`]);
    expect(await handle.db.select().from(unloadListEntries).where(eq(unloadListEntries.wayBillRef, a.wayBillRef))).toHaveLength(1);
    expect((await count(entry({ wayBillRef: b.wayBillRef }))).status).toBe(201);
    // Counting records no stage on this side: stage 6 waits for the final tally.
    expect(await stagesOf(a.bookingRef)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("makes the final tally: stage 6 at that moment for each counted booking, which starts the free days; counts after it are refused", async () => {
    const read = (await call("cebu", "GET", `/InBound/tallySheet/read/${sheet.tallySheetNum}`)).body.data;
    const final = await call("cebu", "PUT", `/InBound/tallySheet/final/${sheet.tallySheetNum}`, { dateModified: read.dateModified });
    expect(final.status, JSON.stringify(final.body)).toBe(200);
    expect(final.body.message).toBe("Final tally sheet made successfully");
    expect(final.body.data).toMatchObject({ status: "Final", finalizedBy: "ib-cebu" });
    const [a, b] = loaded;
    expect(await stagesOf(a.bookingRef)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(await stagesOf(b.bookingRef)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const [stage6] = await handle.db.select().from(bookingProgress).where(and(eq(bookingProgress.bookingRef, a.bookingRef), eq(bookingProgress.stage, 6)));
    expect(stage6.reachedAt.toISOString()).toBe(final.body.data.dateFinalized);
    const told = await handle.db.select().from(notifications).where(and(eq(notifications.title, "Unloading Tally Sheet"), eq(notifications.userId, "ib-cebu2")));
    expect(told.at(-1)?.message).toBe(`Tally sheet ${sheet.tallySheetNum} of voyage V-201S (${w.voyageNum}) to CEB: final tally made, 2 vans counted, 2 bookings unloaded.`);

    // The free-time clocks read the final inbound tally: storage and demurrage start the day after it.
    const freeTime = await call("cebu", "GET", `/InBound/demurrage/${a.wayBillRef}`);
    expect(freeTime.status, JSON.stringify(freeTime.body)).toBe(200);
    const storage = freeTime.body.data.charges.find((c: any) => c.chargeType === "STO");
    expect(storage.state).toBe("FREE");
    expect(storage.snapshot.startEvent).toMatchObject({ at: final.body.data.dateFinalized, date: manilaDate(new Date(final.body.data.dateFinalized)) });

    const late = await count(entry({ wayBillRef: loaded[1].wayBillRef, containerVanNum: "" }));
    expect([late.status, late.body.message]).toEqual([
      409, `Tally sheet ${sheet.tallySheetNum} was made final at ${manilaTimestamp(final.body.data.dateFinalized)}; the van of waybill ${loaded[1].wayBillRef} was not counted.`,
    ]);
    sheet = final.body.data;
  });

  it("undoes the final tally only with the tally sheet undo role and a reason: stage 6 withdrawn, the storage it started taken back, the reason kept", async () => {
    // Ten days on, with three free days, the nightly run has charged storage and demurrage on both counted waybills.
    const tenDaysOn = addCalendarDays(manilaDate(new Date(sheet.dateFinalized!)), 10);
    const run = await runFreeTimeAccrual(handle.db, { date: tenDaysOn });
    const counted = [loaded[0].wayBillRef, loaded[1].wayBillRef];
    const charged = run.charged.filter((c) => counted.includes(c.wayBillRef));
    expect(charged.map((c) => `${c.wayBillRef} ${c.chargeType}`).sort()).toEqual(counted.flatMap((ref) => [`${ref} DEM`, `${ref} STO`]).sort());
    // The days charged depend on the Sundays and holidays among the free ones (the free-time tests count them).
    const days = charged[0].days;
    expect(days > 0 && charged.every((c) => c.days === days)).toBe(true);
    const refused = await call("cebu", "PUT", `/InBound/tallySheet/undo/${sheet.tallySheetNum}`, { dateModified: sheet.dateModified, reason: "Recount" });
    expect(refused.status).toBe(403);
    const noReason = await call("undo", "PUT", `/InBound/tallySheet/undo/${sheet.tallySheetNum}`, { dateModified: sheet.dateModified });
    expect([noReason.status, noReason.body.errors.reason]).toEqual([400, ["reason is required"]]);
    const undone = await call("undo", "PUT", `/InBound/tallySheet/undo/${sheet.tallySheetNum}`, { dateModified: sheet.dateModified, reason: "Van seal misread" });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body).toMatchObject({ message: "Final tally undone", data: { status: "Open", dateFinalized: null } });
    expect(await stagesOf(loaded[0].bookingRef)).toEqual([0, 1, 2, 3, 4, 5]);
    // What the undone tally started is no longer owed: the open rows are gone, each taken back in the audit log.
    expect(await handle.db.select().from(freeTimeCharges).where(inArray(freeTimeCharges.wayBillRef, counted))).toEqual([]);
    const withdrawn = await handle.db.select().from(auditLog).where(and(eq(auditLog.action, "FREE_TIME_WITHDRAWN"), eq(auditLog.actor, "ib-undo")));
    expect(withdrawn.map((a) => [a.target, (a.detail as any).chargeType, (a.detail as any).reason, (a.detail as any).before.days]).sort()).toEqual(
      counted.flatMap((ref) => [[`waybill:${ref}`, "DEM", "Van seal misread", days], [`waybill:${ref}`, "STO", "Van seal misread", days]]).sort(),
    );
    const [history] = await handle.db.select().from(statusHistory)
      .where(and(eq(statusHistory.entity, "tally-sheet"), eq(statusHistory.action, "reopen"), eq(statusHistory.actor, "ib-undo")));
    expect([history.fromStatus, history.toStatus, history.remarks]).toEqual(["Final", "Open", "Van seal misread"]);
    const audited = await handle.db.select().from(auditLog).where(eq(auditLog.target, `tally-sheet:${sheet.tallySheetNum}`));
    expect(audited.map((a) => a.action)).toEqual(["STATUS_CHANGED", "STATUS_CHANGED"]);
    // Made final again, the free days start from the new final tally.
    const again = await call("cebu", "PUT", `/InBound/tallySheet/final/${sheet.tallySheetNum}`, { dateModified: undone.body.data.dateModified });
    expect(again.status).toBe(200);
    const [stage6] = await handle.db.select().from(bookingProgress).where(and(eq(bookingProgress.bookingRef, loaded[0].bookingRef), eq(bookingProgress.stage, 6)));
    expect(stage6.reachedAt.toISOString()).toBe(again.body.data.dateFinalized);
  });

  it("prints the unloading tally sheet", async () => {
    const pdf = await t.call("GET", `/api/InBound/tallySheet/print/${sheet.tallySheetNum}`, { token: tokens.cebu });
    expect([pdf.status, pdf.headers.get("content-type")]).toEqual([200, "application/pdf"]);
    const read = await renderPdf(new Uint8Array(await pdf.arrayBuffer()), { pageSegmentation: 4 });
    const text = normaliseOcr(read.pages[0].text ?? "").replace(/ /g, "");
    for (const expected of ["unloading tally sheet", sheet.tallySheetNum.toLowerCase(), "tallied at: cebu", loaded[0].containerVanNum.toLowerCase(), "counted: 2 vans (2 x 20 full)"]) {
      expect(text).toContain(expected.replace(/ /g, ""));
    }
  }, 120_000);
});
