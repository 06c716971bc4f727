import { and, asc, eq } from "drizzle-orm";
import * as XLSX from "xlsx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { bookingProgress, loadListEntries, notifications, statusHistory, voyageSchedules, waybills } from "../../db/schema/index.ts";
import { createUser, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { type BookingWorld, seedBookingWorld } from "../support/bookings.ts";
import { draftWaybills, loadingWorld, type LoadingWorld } from "../support/loading.ts";
import { openTestDatabase } from "../support/test-db.ts";

/**
 * Load lists (001 §3 Release, §4 release types, issue 22 part 1): a voyage's releases at its origin, waybills put
 * on them with the load list update status 'add' and taken off with any other, each through the waybill's
 * workflow with stage 2 of its cargo; a release released (Final Release) or cancelled (Draft).
 */

let handle: DatabaseHandle;
let t: TestApp;
let w: BookingWorld;
let l: LoadingWorld;
let cebuToken: string;
const year = new Date().getFullYear();

const json = (res: Response) => res.json() as Promise<any>;

async function call(who: string, method: string, path: string, body?: unknown) {
  const res = who === "cebu" ? await t.call(method, `/api${path}`, { token: cebuToken, body }) : await w.call(who, method, path, body);
  return { status: res.status, body: await json(res) };
}

async function openRelease(remarks = "") {
  const made = await call("yard", "POST", "/OutBound/loadList/create", { voyageNum: w.voyageNum, remarks });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.data;
}

const update = (release: { releaseId: string; dateModified: string }, entries: { wayBillRef: string; status: string }[], who = "yard") =>
  call(who, "PUT", `/OutBound/loadList/update/${release.releaseId}`, { dateModified: release.dateModified, entries });

const add = (refs: string[]) => refs.map((wayBillRef) => ({ wayBillRef, status: "add" }));

async function stagesOf(bookingRef: string) {
  const rows = await handle.db.select({ stage: bookingProgress.stage }).from(bookingProgress).where(eq(bookingProgress.bookingRef, bookingRef));
  return rows.map((r) => r.stage).sort();
}

async function statusOf(wayBillRef: string) {
  const [row] = await handle.db.select({ status: waybills.status, releaseType: waybills.releaseType, releaseTag: waybills.releaseTag })
    .from(waybills).where(eq(waybills.wayBillRef, wayBillRef));
  return row;
}

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  w = await seedBookingWorld(handle.db, t, { yard: ["OUTBOUND"], clerk2: ["OUTBOUND"] });
  l = await loadingWorld(handle.db, w, "yard", 610000);
  // Outbound staff at Cebu, the voyage's port of call: they follow its load list but do not load it.
  await createUser(handle.db, { userId: "ll-cebu", password: "ll-cebu-password-1", menus: ["OUTBOUND"], branches: ["CEB"] });
  cebuToken = await signIn(t, "ll-cebu", "ll-cebu-password-1");
}, 120_000);
afterAll(() => handle?.close());

describe("a voyage's load list", () => {
  it("opens a release numbered from the origin's RL series, tells the voyage's followers, and puts Draft waybills on it with stage 2", async () => {
    const ready = await draftWaybills(l, 3);
    const before = (await call("yard", "GET", `/OutBound/loadList/voyage/${w.voyageNum}`)).body.data;
    expect(before.waiting.map((x: any) => x.wayBillRef)).toEqual(ready.map((r) => r.wayBillRef));
    expect(before.voyage).toMatchObject({ voyageNum: w.voyageNum, voyageRef: "V-201S", vesselName: "MV Lady of Manila", originBranchCode: "MNL", finalTallyAt: null });

    const release = await openRelease("First trucks");
    expect(release).toMatchObject({ releaseId: `RL-MNL-${year}-000001`, releaseType: "Partial Release", voyageNum: w.voyageNum, branchCode: "MNL", remarks: "First trucks", waybillCount: 0 });
    const told = await handle.db.select().from(notifications).where(eq(notifications.title, "Load List")).orderBy(asc(notifications.id));
    // The other Manila clerk and the Cebu staff; not the clerk who opened it.
    expect(told.map((n) => n.userId).sort()).toEqual(["bk-clerk2", "ll-cebu"]);
    expect(told[0]).toMatchObject({
      message: `Release ${release.releaseId} of voyage V-201S (${w.voyageNum}): opened.`,
      url: `/outbound/loadList/${w.voyageNum}/read/${release.releaseId}`,
      sender: "bk-yard",
    });

    const put = await update(release, add(ready.map((r) => r.wayBillRef)));
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.message).toBe("Load list updated successfully");
    expect(put.body.data.waybills.map((x: any) => [x.wayBillRef, x.status, x.releaseId])).toEqual(
      ready.map((r) => [r.wayBillRef, "On Load List", release.releaseId]),
    );
    expect([put.body.data.waybillCount, put.body.data.teu]).toEqual([3, 3]);
    for (const r of ready) {
      expect(await statusOf(r.wayBillRef)).toEqual({ status: "On Load List", releaseType: "Partial Release", releaseTag: release.releaseId });
      expect(await stagesOf(r.bookingRef)).toEqual([0, 1, 2]);
    }
    const tracking = await json(await t.call("GET", `/api/Bookings/shipmentTracking/${ready[0].bookingRef}`));
    expect(tracking.data.stages[2]).toMatchObject({ label: "LoadList Created" });
    expect(tracking.data.stages[2].reachedAt).not.toBeNull();
    const after = (await call("yard", "GET", `/OutBound/loadList/voyage/${w.voyageNum}`)).body.data;
    expect(after.waiting).toEqual([]);
    expect(after.releases.map((r: any) => [r.releaseId, r.releaseType, r.waybillCount])).toEqual([[release.releaseId, "Partial Release", 3]]);
    // Each waybill's move is in its history, by the clerk.
    const [wb] = await handle.db.select({ id: waybills.id }).from(waybills).where(eq(waybills.wayBillRef, ready[0].wayBillRef));
    const history = await handle.db.select().from(statusHistory).where(and(eq(statusHistory.entity, "waybill"), eq(statusHistory.recordId, wb.id)));
    expect(history.map((h) => [h.action, h.fromStatus, h.toStatus, h.actor])).toEqual([["addToLoadList", "Draft", "On Load List", "bk-yard"]]);
    const notice = (await handle.db.select().from(notifications).where(and(eq(notifications.title, "Load List"), eq(notifications.userId, "ll-cebu"))).orderBy(asc(notifications.id)))
      .map((n) => n.message);
    expect(notice.at(-1)).toBe(`Release ${release.releaseId} of voyage V-201S (${w.voyageNum}): 3 waybills put on.`);
  });

  it("takes a waybill off with any status but 'add': back to Draft, stage 2 withdrawn, the entry kept with who took it off", async () => {
    const [a, b] = await draftWaybills(l, 2);
    const release = await openRelease();
    const put = await update(release, add([a.wayBillRef, b.wayBillRef]));
    const off = await update(put.body.data, [{ wayBillRef: a.wayBillRef, status: "cancel" }]);
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.data.waybills.map((x: any) => x.wayBillRef)).toEqual([b.wayBillRef]);
    expect(off.body.data.removed).toEqual([expect.objectContaining({ wayBillRef: a.wayBillRef, addedBy: "bk-yard", removedBy: "bk-yard" })]);
    expect(await statusOf(a.wayBillRef)).toEqual({ status: "Draft", releaseType: "", releaseTag: "" });
    expect(await stagesOf(a.bookingRef)).toEqual([0, 1]);
    expect(await stagesOf(b.bookingRef)).toEqual([0, 1, 2]);
    // Taken off, it waits again and may go back on.
    const back = await update(off.body.data, add([a.wayBillRef]));
    expect(back.body.data.waybills.map((x: any) => x.wayBillRef)).toEqual([b.wayBillRef, a.wayBillRef]);
    const entries = await handle.db.select().from(loadListEntries).where(eq(loadListEntries.wayBillRef, a.wayBillRef)).orderBy(asc(loadListEntries.id));
    expect(entries.map((e) => e.dateRemoved === null)).toEqual([false, true]);
  });

  it("refuses what does not fit, with its reason, and changes nothing", async () => {
    const [a, b] = await draftWaybills(l, 2);
    const release = await openRelease();
    const put = await update(release, add([a.wayBillRef]));
    const fresh = put.body.data;
    const before = await handle.db.select().from(loadListEntries).orderBy(asc(loadListEntries.id));

    expect(await update(fresh, add([a.wayBillRef]))).toEqual({
      status: 409,
      body: { message: `Waybill ${a.wayBillRef} is On Load List (release ${release.releaseId}); only a Draft waybill goes on a load list.`, errors: { "": [], entries: [`${a.wayBillRef} is On Load List`] } },
    });
    expect(await update(fresh, add(["WB-MNL-2099-000001"]))).toEqual({
      status: 400,
      body: { message: `Waybill WB-MNL-2099-000001 is not a waybill of voyage ${w.voyageNum} at branch MNL.`, errors: { "": [], entries: [`Waybill WB-MNL-2099-000001 is not a waybill of voyage ${w.voyageNum} at branch MNL.`] } },
    });
    expect(await update(fresh, [...add([b.wayBillRef]), { wayBillRef: b.wayBillRef.toLowerCase(), status: "remove" }])).toEqual({
      status: 400,
      body: { message: `Waybill ${b.wayBillRef.toLowerCase()} is in this update twice.`, errors: { "": [], entries: [`Waybill ${b.wayBillRef.toLowerCase()} is in this update twice.`] } },
    });
    expect(await update(fresh, [{ wayBillRef: b.wayBillRef, status: "remove" }])).toEqual({
      status: 400,
      body: { message: `Waybill ${b.wayBillRef} is not on release ${release.releaseId}.`, errors: { "": [], entries: [`Waybill ${b.wayBillRef} is not on release ${release.releaseId}.`] } },
    });
    // An update made from the release as it was before the last one.
    expect(await update(release, add([b.wayBillRef]))).toEqual({
      status: 409,
      body: { message: `Release ${release.releaseId} was changed by someone else after you opened it. Reload it and try again.`, errors: { "": [] } },
    });
    const bad = await call("yard", "PUT", `/OutBound/loadList/update/${release.releaseId}`, { dateModified: "yesterday", entries: [{ wayBillRef: "" }] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ dateModified: ["dateModified must be the ISO timestamp you loaded"], "entries.0.wayBillRef": ["wayBillRef is required"], "entries.0.status": ["status is required"] });
    expect((await call("yard", "POST", "/OutBound/loadList/create", { voyageNum: "VOY-MNL-2099-000404" })).body).toEqual({
      message: "Voyage VOY-MNL-2099-000404 was not found.", errors: { "": [], voyageNum: ["Voyage VOY-MNL-2099-000404 was not found."] },
    });
    expect(await handle.db.select().from(loadListEntries).orderBy(asc(loadListEntries.id))).toEqual(before);
    expect(await statusOf(b.wayBillRef)).toMatchObject({ status: "Draft" });
  });

  it("releases a release (Final Release), after which its waybills no longer change; an empty one is not released", async () => {
    const [a, b] = await draftWaybills(l, 2);
    const empty = await openRelease();
    expect(await call("yard", "PUT", `/OutBound/loadList/release/${empty.releaseId}`, { dateModified: empty.dateModified })).toEqual({
      status: 400,
      body: { message: `Release ${empty.releaseId} has no waybill on it; put waybills on it before releasing it.`, errors: { "": [], releaseId: [`Release ${empty.releaseId} has no waybill on it; put waybills on it before releasing it.`] } },
    });
    const release = await openRelease();
    const put = await update(release, add([a.wayBillRef]));
    const released = await call("yard", "PUT", `/OutBound/loadList/release/${release.releaseId}`, { dateModified: put.body.data.dateModified });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect(released.body.message).toBe("Load list released successfully");
    expect(released.body.data).toMatchObject({ releaseType: "Final Release", releasedBy: "bk-yard", waybillCount: 1 });
    expect(await statusOf(a.wayBillRef)).toEqual({ status: "On Load List", releaseType: "Final Release", releaseTag: release.releaseId });
    const late = await update(released.body.data, add([b.wayBillRef]));
    expect([late.status, late.body.message]).toEqual([409, `Release ${release.releaseId} is Final Release: it was released, so its waybills no longer change.`]);
    const cancel = await call("yard", "PUT", `/OutBound/loadList/cancel/${release.releaseId}`, { dateModified: released.body.data.dateModified });
    expect([cancel.status, cancel.body.message]).toEqual([409, `Release ${release.releaseId} is Final Release: it was released, so its waybills no longer change.`]);
  });

  it("cancels a release (Draft): its waybills go back to Draft, stage 2 withdrawn", async () => {
    const [a, b] = await draftWaybills(l, 2);
    const release = await openRelease();
    const put = await update(release, add([a.wayBillRef, b.wayBillRef]));
    const cancelled = await call("yard", "PUT", `/OutBound/loadList/cancel/${release.releaseId}`, { dateModified: put.body.data.dateModified });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.message).toBe("Load list cancelled successfully");
    expect(cancelled.body.data).toMatchObject({ releaseType: "Draft", cancelledBy: "bk-yard", waybillCount: 0 });
    expect(cancelled.body.data.removed.map((r: any) => r.wayBillRef)).toEqual([a.wayBillRef, b.wayBillRef]);
    for (const r of [a, b]) {
      expect(await statusOf(r.wayBillRef)).toEqual({ status: "Draft", releaseType: "", releaseTag: "" });
      expect(await stagesOf(r.bookingRef)).toEqual([0, 1]);
    }
    const late = await update(cancelled.body.data, add([a.wayBillRef]));
    expect([late.status, late.body.message]).toEqual([409, `Release ${release.releaseId} is Draft: it was cancelled, so its waybills no longer change.`]);
    const [row] = await handle.db.select().from(statusHistory).where(and(eq(statusHistory.entity, "load-list-release"), eq(statusHistory.recordId, release.id)));
    expect([row.action, row.fromStatus, row.toStatus, row.actor]).toEqual(["cancel", "Partial Release", "Draft", "bk-yard"]);
  });

  it("lets one of two clerks putting the same waybill on two releases at once win; the other is told which release has it", async () => {
    const [a] = await draftWaybills(l, 1);
    const first = await openRelease();
    const second = await openRelease();
    const [one, two] = await Promise.all([update(first, add([a.wayBillRef]), "yard"), update(second, add([a.wayBillRef]), "clerk2")]);
    const results = [one, two].map((r) => r.status).sort();
    expect(results).toEqual([200, 409]);
    const winner = one.status === 200 ? first : second;
    const loser = one.status === 200 ? two : one;
    // Serialised (PGlite) the second reads it already on the list; racing (PostgreSQL) it loses at the write.
    expect([
      `Waybill ${a.wayBillRef} is On Load List (release ${winner.releaseId}); only a Draft waybill goes on a load list.`,
      `Waybill ${a.wayBillRef} was put on release ${winner.releaseId} by someone else a moment ago.`,
    ]).toContain(loser.body.message);
    const entries = await handle.db.select().from(loadListEntries).where(eq(loadListEntries.wayBillRef, a.wayBillRef));
    expect(entries.map((e) => e.releaseId)).toEqual([winner.releaseId]);
  });

  it("answers another branch's release and voyage exactly as ones that do not exist", async () => {
    const release = await openRelease();
    const theirs = await call("cebu", "GET", `/OutBound/loadList/read/${release.releaseId}`);
    const missing = await call("cebu", "GET", `/OutBound/loadList/read/RL-MNL-${year}-999999`);
    expect(theirs).toEqual({ status: 404, body: { message: `Release ${release.releaseId} was not found.`, errors: { "": [] } } });
    expect(missing).toEqual({ status: 404, body: { message: `Release RL-MNL-${year}-999999 was not found.`, errors: { "": [] } } });
    const change = await call("cebu", "PUT", `/OutBound/loadList/cancel/${release.releaseId}`, { dateModified: release.dateModified });
    expect(change).toEqual(theirs);
    expect((await call("cebu", "GET", `/OutBound/loadList/voyage/${w.voyageNum}`)).body).toEqual({ message: `Voyage ${w.voyageNum} was not found.`, errors: { "": [] } });
    expect((await call("cebu", "GET", `/OutBound/loadList/print/${w.voyageNum}?releaseId=${release.releaseId}`)).status).toBe(404);
    expect((await call("cebu", "POST", "/OutBound/loadList/create", { voyageNum: w.voyageNum })).body.errors.voyageNum).toEqual([
      `Voyage ${w.voyageNum} leaves from branch MNL, which is not one of your branches.`,
    ]);
    // The voyage calls at Cebu: its staff find it on the voyage list, marked as loaded from another branch.
    expect((await call("cebu", "POST", "/OutBound/voyages/load", { search: w.voyageNum })).body.data.map((v: any) => [v.voyageNum, v.atOrigin]))
      .toEqual([[w.voyageNum, false]]);
  });
});

describe("the loading on the outbound voyage list", () => {
  it("says where each voyage's loading stands, and filters by it", async () => {
    const list = await call("yard", "POST", "/OutBound/voyages/load", { search: "V-201S" });
    expect(list.status).toBe(200);
    const [row] = list.body.data;
    const onList = await handle.db.select().from(waybills).where(and(eq(waybills.voyageNum, w.voyageNum), eq(waybills.status, "On Load List")));
    const drafts = await handle.db.select().from(waybills).where(and(eq(waybills.voyageNum, w.voyageNum), eq(waybills.status, "Draft")));
    expect(onList.length).toBeGreaterThan(0);
    expect(row).toMatchObject({ voyageNum: w.voyageNum, state: "On load list", onList: onList.length, waiting: drafts.length, loaded: 0, counted: 0, atOrigin: true });
    expect((await call("yard", "POST", "/OutBound/voyages/load", { state: "Final tally" })).body.data).toEqual([]);
    expect((await call("yard", "POST", "/OutBound/voyages/load", { state: "On load list" })).body.data.map((v: any) => v.voyageNum)).toEqual([w.voyageNum]);
    const bad = await call("yard", "POST", "/OutBound/voyages/load", { state: "Loaded" });
    expect([bad.status, bad.body.errors.state]).toEqual([400, ["state must be one of: Not started, On load list, Tallying, Final tally"]]);
  });
});

describe("the load list's files", () => {
  it("downloads Load_List.xlsx with the waybills on the list, fixed column widths and the sheet named by the voyage", async () => {
    const ready = await draftWaybills(l, 2);
    const release = await openRelease();
    await update(release, add(ready.map((r) => r.wayBillRef)));
    await handle.db.update(voyageSchedules).set({ remarks: "Peak" }).where(eq(voyageSchedules.voyageNum, w.voyageNum));
    const res = await w.call("yard", "GET", `/OutBound/loadList/export/${w.voyageNum}?releaseId=${release.releaseId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="Load_List.xlsx"');
    // cellStyles makes the reader keep the column widths.
    const book = XLSX.read(new Uint8Array(await res.arrayBuffer()), { type: "array", cellStyles: true });
    // The voyage workbooks' rule (voyage-documents/rules.ts): number and route take 27 of Excel's 31 characters,
    // the remarks the 3 left in front of them.
    expect(w.voyageNum).toMatch(/^VOY-MNL-\d{4}-\d{6}$/);
    expect(book.SheetNames).toEqual([`Pea ${w.voyageNum} MNL-CEB`]);
    const sheet = book.Sheets[book.SheetNames[0]];
    expect(sheet["!cols"]!.map((c) => c.wch)).toEqual([6, 22, 22, 22, 32, 32, 16, 14, 6, 14, 30, 10, 6, 13, 16, 16, 14]);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: "" });
    // The title row spans the table.
    expect(sheet["!merges"]).toEqual([{ s: { r: 0, c: 0 }, e: { r: 0, c: 16 } }]);
    expect(rows[0].filter((cell) => cell !== "")).toEqual([`Load List: V-201S (${w.voyageNum}), MV Lady of Manila, Manila to Cebu, release ${release.releaseId} (Partial Release)`]);
    expect(rows[1]).toEqual(["No.", "Waybill No.", "Booking Ref", "Release", "Shipper", "Consignee", "Destination", "Van No.", "Size", "Seal No.", "Goods", "Quantity", "TEU", "Weight (tons)", "Mode of Delivery", "Mode of Payment", "Status"]);
    expect(rows.slice(2)).toEqual(ready.map((r, i) => [
      i + 1, r.wayBillRef, r.bookingRef, release.releaseId, "Pacific Harbor Trading", "", "Cebu", r.containerVanNum, "20", "", "Canned goods", 400, 1, 12.5, "PTP", "P", "On Load List",
    ]));
    const pdf = await w.call("yard", "GET", `/OutBound/loadList/print/${w.voyageNum}?releaseId=${release.releaseId}`);
    expect([pdf.status, pdf.headers.get("content-type")]).toEqual([200, "application/pdf"]);
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
  });

  it("names each waybill as it asks to be named: the preferred shipper and consignee names when given, else the registered ones", async () => {
    const [plain, renamed] = await draftWaybills(l, 2);
    const current = (await call(l.clerk, "GET", `/OutBound/waybill/get/${renamed.wayBillRef}`)).body.data;
    const changed = await call(l.clerk, "PUT", `/OutBound/waybill/update/${renamed.wayBillRef}`, {
      dateModified: current.dateModified,
      consigneeName: "Rosa Villanueva",
      shipperPreferredName: "PHT c/o Harbor Logistics",
      consigneePreferredName: "R. Villanueva (Mandaue store)",
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const expected = [
      [plain.wayBillRef, "Pacific Harbor Trading", ""],
      [renamed.wayBillRef, "PHT c/o Harbor Logistics", "R. Villanueva (Mandaue store)"],
    ];
    const namesOn = (rows: any[]) =>
      [plain, renamed].map(({ wayBillRef }) => {
        const row = rows.find((r) => r.wayBillRef === wayBillRef);
        return [wayBillRef, row.shipperName, row.consigneeName];
      });
    expect(namesOn((await call("yard", "GET", `/OutBound/loadList/voyage/${w.voyageNum}`)).body.data.waiting)).toEqual(expected);

    const release = await openRelease();
    await update(release, add([plain.wayBillRef, renamed.wayBillRef]));
    const res = await w.call("yard", "GET", `/OutBound/loadList/export/${w.voyageNum}?releaseId=${release.releaseId}`);
    expect(res.status).toBe(200);
    const book = XLSX.read(new Uint8Array(await res.arrayBuffer()), { type: "array" });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1, defval: "" });
    expect(rows.slice(2).map((r) => [r[1], r[4], r[5]])).toEqual(expected);
  });
});
