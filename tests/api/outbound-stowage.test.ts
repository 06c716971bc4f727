import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { roles, stowagePlacements, users, vesselStowagePlans, voyageStowagePlans } from "../../db/schema/index.ts";
import { createUser, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { type BookingWorld, seedBookingWorld } from "../support/bookings.ts";
import { cargoWithWaybills, type LoadedCargo, loadingWorld, type LoadingWorld, newVoyage, tallyOnto } from "../support/loaded-voyage.ts";
import { gridLayout, slotBox } from "../../templates/documents/stowage-plan.ts";
import { normaliseOcr, readRegion, renderPdf, watermarkText } from "../support/pdf-image.ts";
import { openTestDatabase } from "../support/test-db.ts";

/**
 * The stowage plan of a voyage (001 §3 stowage plan, issue 22 item 4): started from its vessel's plan, whose grid
 * is copied; the vans the loading tally sheets counted placed into its slots, moved and taken out; cargo without
 * a slot recorded at a location in words. Every refusal is asserted with the message staff read, and a refused
 * change leaves the plan as it was.
 */

let handle: DatabaseHandle;
let t: TestApp;
let w: BookingWorld;
let lw: LoadingWorld;
let cebuClerk: string;
let vesselPlanId: number;
let deckPlanId: number;

const json = (res: Response) => res.json() as Promise<any>;

/** The vessel's bay: four 20-foot slots on top, a 40-foot slot two cells wide and two 20-foot slots under them. */
const BAY = [
  { row: 1, column: 1, width: 1, height: 1, position: "A0102" },
  { row: 1, column: 2, width: 1, height: 1, position: "A0202" },
  { row: 1, column: 3, width: 1, height: 1, position: "A0302" },
  { row: 1, column: 4, width: 1, height: 1, position: "A0402" },
  { row: 2, column: 1, width: 2, height: 1, position: "A0104" },
  { row: 2, column: 3, width: 1, height: 1, position: "A0304" },
  { row: 2, column: 4, width: 1, height: 1, position: "A0404" },
];

const call = async (method: string, path: string, body?: unknown, token?: string) => {
  const res = token ? await t.call(method, `/api${path}`, { token, body }) : await w.call("yard", method, path, body);
  return { status: res.status, body: await json(res) };
};
const plan = (voyageNum: string) => call("GET", `/OutBound/stowage/get/${voyageNum}`);
const place = (voyageNum: string, body: Record<string, unknown>) => call("PUT", `/OutBound/stowage/place/${voyageNum}`, body);
/** Where each van sits: "van@position" for a slot, "van@words" for a location, in the plan's order. */
const where = (view: any) => view.placements.map((p: any) => `${p.containerVanNum || p.wayBillRef}@${p.row === null ? p.cargoLocation : p.position}`);

/** A voyage with `n` vans counted onto it (not final) and its plan started from the vessel's first plan. */
async function startedVoyage(ref: string, n: number): Promise<{ voyageNum: string; cargo: LoadedCargo[]; dateModified: string }> {
  const voyageNum = await newVoyage(lw, ref);
  const cargo = await cargoWithWaybills(lw, voyageNum, n);
  await tallyOnto(lw, voyageNum, cargo);
  const started = await call("POST", `/OutBound/stowage/start/${voyageNum}`, {});
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  return { voyageNum, cargo, dateModified: started.body.data.plan.dateModified };
}

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  w = await seedBookingWorld(handle.db, t, { yard: ["OUTBOUND"] });
  lw = await loadingWorld(handle.db, w, "yard", 610000);
  [{ id: vesselPlanId }, { id: deckPlanId }] = await handle.db.insert(vesselStowagePlans).values([
    { vesselCode: "LADY", name: "Hold A", rows: 2, columns: 4, slots: BAY },
    { vesselCode: "LADY", name: "Upper deck", rows: 1, columns: 2, slots: [{ row: 1, column: 1, width: 1, height: 1, position: "D01" }, { row: 1, column: 2, width: 1, height: 1, position: "D02" }] },
  ]).returning({ id: vesselStowagePlans.id });
  await createUser(handle.db, { userId: "stow-cebu", password: "stow-cebu-password", menus: ["OUTBOUND"], branches: ["CEB"] });
  cebuClerk = await signIn(t, "stow-cebu", "stow-cebu-password");
}, 180_000);
afterAll(() => handle?.close());

describe("starting a voyage's stowage plan", () => {
  it("copies the grid of the vessel's first plan, which later changes to the vessel's plan leave alone", async () => {
    const voyageNum = await newVoyage(lw, "ST-START");
    const before = await plan(voyageNum);
    expect(before.status).toBe(200);
    expect(before.body.data.plan).toBeNull();
    expect(before.body.data.vesselPlans).toEqual([
      { id: vesselPlanId, name: "Hold A", rows: 2, columns: 4, slotCount: 7 },
      { id: deckPlanId, name: "Upper deck", rows: 1, columns: 2, slotCount: 2 },
    ]);
    const started = await call("POST", `/OutBound/stowage/start/${voyageNum}`, {});
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(started.body.message).toBe("Stowage plan started successfully");
    expect(started.body.data.plan).toMatchObject({ vesselStowagePlanId: vesselPlanId, planName: "Hold A", rows: 2, columns: 4, slots: BAY });

    // The vessel's plan is redrawn afterwards: the voyage's keeps the grid it started with.
    await handle.db.update(vesselStowagePlans).set({ rows: 1, slots: BAY.slice(0, 2) }).where(eq(vesselStowagePlans.id, vesselPlanId));
    try {
      const after = await plan(voyageNum);
      expect([after.body.data.plan.rows, after.body.data.plan.slots]).toEqual([2, BAY]);
    } finally {
      await handle.db.update(vesselStowagePlans).set({ rows: 2, slots: BAY }).where(eq(vesselStowagePlans.id, vesselPlanId));
    }

    const again = await call("POST", `/OutBound/stowage/start/${voyageNum}`, {});
    expect(again).toEqual({ status: 409, body: { message: `The stowage plan of voyage ${voyageNum} is already started.`, errors: { "": [] } } });
  });

  it("starts from the plan named, and refuses a plan that is not the vessel's", async () => {
    const voyageNum = await newVoyage(lw, "ST-DECK");
    const wrong = await call("POST", `/OutBound/stowage/start/${voyageNum}`, { vesselStowagePlanId: 999999 });
    expect(wrong).toEqual({
      status: 400,
      body: {
        message: "Stowage plan 999999 is not an active plan of vessel LADY.",
        errors: { "": [], vesselStowagePlanId: ["Stowage plan 999999 is not an active plan of vessel LADY."] },
      },
    });
    const deck = await call("POST", `/OutBound/stowage/start/${voyageNum}`, { vesselStowagePlanId: deckPlanId });
    expect([deck.status, deck.body.data.plan.planName, deck.body.data.plan.slots.map((s: any) => s.position)]).toEqual([201, "Upper deck", ["D01", "D02"]]);
  });
});

describe("placing vans", () => {
  it("places a counted van in a slot, moves it to another, and takes it out", async () => {
    const { voyageNum, cargo, dateModified } = await startedVoyage("ST-MOVE", 2);
    const [first, second] = cargo;
    const listed = await plan(voyageNum);
    expect(listed.body.data.vans.map((v: any) => [v.containerVanNum, v.wayBillRef, v.bookingRef, v.containerType, v.placementId]))
      .toEqual([[first.containerVanNum, first.wayBillRef, first.bookingRef, "FL", null], [second.containerVanNum, second.wayBillRef, second.bookingRef, "FL", null]]);

    const placed = await place(voyageNum, { dateModified, containerVanNum: first.containerVanNum, row: 2, column: 1 });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.message).toBe("Van placed successfully");
    expect(where(placed.body.data)).toEqual([`${first.containerVanNum}@A0104`]);
    expect(placed.body.data.placements[0]).toMatchObject({ row: 2, column: 1, wayBillRef: first.wayBillRef, bookingRef: first.bookingRef, counted: true });
    expect(placed.body.data.vans[0].placementId).toBe(placed.body.data.placements[0].id);

    // Typed with a space and in lower case, the van is still the counted one.
    const secondPlaced = await place(voyageNum, {
      dateModified: placed.body.data.plan.dateModified, containerVanNum: `${second.containerVanNum.slice(0, 4).toLowerCase()} ${second.containerVanNum.slice(4)}`, row: 1, column: 4,
    });
    expect(secondPlaced.status, JSON.stringify(secondPlaced.body)).toBe(200);
    expect(where(secondPlaced.body.data)).toEqual([`${second.containerVanNum}@A0402`, `${first.containerVanNum}@A0104`]);

    const moved = await call("PUT", `/OutBound/stowage/move/${voyageNum}`, {
      dateModified: secondPlaced.body.data.plan.dateModified, containerVanNum: first.containerVanNum, row: 1, column: 1,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.message).toBe("Van moved successfully");
    expect(where(moved.body.data)).toEqual([`${first.containerVanNum}@A0102`, `${second.containerVanNum}@A0402`]);

    const firstPlacement = moved.body.data.placements.find((p: any) => p.containerVanNum === first.containerVanNum).id;
    const removed = await call("PUT", `/OutBound/stowage/remove/${voyageNum}`, { dateModified: moved.body.data.plan.dateModified, placementId: firstPlacement });
    expect([removed.status, removed.body.message]).toEqual([200, "Removed from the stowage plan"]);
    expect(where(removed.body.data)).toEqual([`${second.containerVanNum}@A0402`]);
    expect(removed.body.data.vans.find((v: any) => v.containerVanNum === first.containerVanNum).placementId).toBeNull();
  });

  it("refuses a van not counted, a slot taken, a van already placed, a cell that is no slot and a stale plan, changing nothing", async () => {
    const { voyageNum, cargo, dateModified } = await startedVoyage("ST-REFUSE", 2);
    const [first, second] = cargo;
    // A van of the same voyage whose booking has a waybill but was never counted on the tally sheet.
    const [uncounted] = await cargoWithWaybills(lw, voyageNum, 1);
    const ok = await place(voyageNum, { dateModified, containerVanNum: first.containerVanNum, row: 1, column: 1 });
    expect(ok.status).toBe(200);
    const current = ok.body.data.plan.dateModified;
    const placementsNow = async () => (await handle.db.select().from(stowagePlacements).where(eq(stowagePlacements.voyageNum, voyageNum))).map((p) => [p.containerVanNum, p.slotPosition]);
    const planStamp = async () => (await handle.db.select().from(voyageStowagePlans).where(eq(voyageStowagePlans.voyageNum, voyageNum)))[0].dateModified.toISOString();

    const notCounted = `Van ${uncounted.containerVanNum} was not counted on a loading tally sheet of voyage ${voyageNum}; only counted vans can be placed.`;
    expect(await place(voyageNum, { dateModified: current, containerVanNum: uncounted.containerVanNum, row: 1, column: 2 }))
      .toEqual({ status: 400, body: { message: notCounted, errors: { "": [], containerVanNum: [notCounted] } } });
    expect(await place(voyageNum, { dateModified: current, containerVanNum: second.containerVanNum, row: 1, column: 1 }))
      .toEqual({ status: 409, body: { message: `Slot A0102 already holds van ${first.containerVanNum}.`, errors: { "": ["row: Slot A0102 is taken"], row: ["Slot A0102 is taken"] } } });
    expect(await place(voyageNum, { dateModified: current, containerVanNum: first.containerVanNum, row: 1, column: 3 })).toEqual({
      status: 409,
      body: { message: `Van ${first.containerVanNum} is already placed in slot A0102; move it instead.`, errors: { "": ["containerVanNum: Already placed"], containerVanNum: ["Already placed"] } },
    });
    // Row 2, column 2 is the right half of the 40-foot slot A0104: a van is placed by a slot's first cell.
    expect(await place(voyageNum, { dateModified: current, containerVanNum: second.containerVanNum, row: 2, column: 2 })).toEqual({
      status: 400,
      body: { message: "Row 2, column 2 is not a slot of this stowage plan.", errors: { "": [], row: ["Row 2, column 2 is not a slot of this stowage plan."] } },
    });
    const stale = { message: "This stowage plan was changed by someone else after you opened it. Reload it and try again.", errors: { "": [] } };
    expect(await place(voyageNum, { dateModified, containerVanNum: second.containerVanNum, row: 1, column: 2 })).toEqual({ status: 409, body: stale });
    expect(await call("PUT", `/OutBound/stowage/move/${voyageNum}`, { dateModified, containerVanNum: first.containerVanNum, row: 1, column: 2 }))
      .toEqual({ status: 409, body: stale });
    const notOn = `Van ${second.containerVanNum} is not on this stowage plan; place it first.`;
    expect(await call("PUT", `/OutBound/stowage/move/${voyageNum}`, { dateModified: current, containerVanNum: second.containerVanNum, row: 1, column: 2 }))
      .toEqual({ status: 400, body: { message: notOn, errors: { "": [], containerVanNum: [notOn] } } });

    expect(await placementsNow()).toEqual([[first.containerVanNum, "A0102"]]);
    expect(await planStamp()).toBe(current);
  });

  it("refuses malformed input with a message per field", async () => {
    const { voyageNum, cargo, dateModified } = await startedVoyage("ST-INPUT", 1);
    const bad = await place(voyageNum, { dateModified: "yesterday", containerVanNum: "", row: "one", column: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      dateModified: ["dateModified must be the ISO timestamp you loaded"],
      containerVanNum: ["containerVanNum is required"],
      row: ["row must be a number"],
      column: ["column starts at 1"],
    });
    const huge = await place(voyageNum, { dateModified, containerVanNum: cargo[0].containerVanNum, row: 61, column: 1.5 });
    expect([huge.status, huge.body.errors.row, huge.body.errors.column]).toEqual([400, ["row can be at most 60"], ["column must be a whole number"]]);
    const noPlacement = await call("PUT", `/OutBound/stowage/remove/${voyageNum}`, { dateModified, placementId: 2147483647 });
    expect([noPlacement.status, noPlacement.body.message]).toEqual([400, "Placement 2147483647 is not on this stowage plan."]);
    expect((await plan(voyageNum)).body.data.plan.dateModified).toBe(dateModified);
  });

  it("refuses to place before the plan is started", async () => {
    const voyageNum = await newVoyage(lw, "ST-NOPLAN");
    const [van] = await cargoWithWaybills(lw, voyageNum, 1);
    await tallyOnto(lw, voyageNum, [van]);
    expect(await place(voyageNum, { dateModified: new Date().toISOString(), containerVanNum: van.containerVanNum, row: 1, column: 1 }))
      .toEqual({ status: 409, body: { message: `The stowage plan of voyage ${voyageNum} is not started yet.`, errors: { "": [] } } });
  });
});

describe("cargo locations", () => {
  it("records a counted van and a waybill's cargo at locations in words; a located van is moved into a slot, not placed again", async () => {
    const { voyageNum, cargo, dateModified } = await startedVoyage("ST-LOCATE", 2);
    const [onDeck, other] = cargo;
    const located = await call("PUT", `/OutBound/stowage/location/${voyageNum}`, { dateModified, containerVanNum: onDeck.containerVanNum, cargoLocation: "On deck, aft of hatch 2" });
    expect([located.status, located.body.message]).toEqual([200, "Cargo location recorded successfully"]);
    expect(where(located.body.data)).toEqual([`${onDeck.containerVanNum}@On deck, aft of hatch 2`]);
    expect(located.body.data.placements[0]).toMatchObject({ row: null, column: null, position: "", wayBillRef: onDeck.wayBillRef });

    const loose = await call("PUT", `/OutBound/stowage/location/${voyageNum}`, {
      dateModified: located.body.data.plan.dateModified, wayBillRef: other.wayBillRef.toLowerCase(), cargoLocation: "Hold 2, port side",
    });
    expect(loose.status, JSON.stringify(loose.body)).toBe(200);
    expect(where(loose.body.data)).toEqual([`${onDeck.containerVanNum}@On deck, aft of hatch 2`, `${other.wayBillRef}@Hold 2, port side`]);

    const again = await place(voyageNum, { dateModified: loose.body.data.plan.dateModified, containerVanNum: onDeck.containerVanNum, row: 1, column: 1 });
    expect([again.status, again.body.message]).toEqual([409, `Van ${onDeck.containerVanNum} is already placed at On deck, aft of hatch 2; move it instead.`]);
    const moved = await call("PUT", `/OutBound/stowage/move/${voyageNum}`, { dateModified: loose.body.data.plan.dateModified, containerVanNum: onDeck.containerVanNum, row: 1, column: 1 });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(where(moved.body.data)).toEqual([`${onDeck.containerVanNum}@A0102`, `${other.wayBillRef}@Hold 2, port side`]);

    const nothing = await call("PUT", `/OutBound/stowage/location/${voyageNum}`, { dateModified: moved.body.data.plan.dateModified, cargoLocation: "Hold 1" });
    expect([nothing.status, nothing.body.message]).toEqual([400, "Name the van, or the waybill whose cargo is at this location."]);
    const foreign = await call("PUT", `/OutBound/stowage/location/${voyageNum}`, { dateModified: moved.body.data.plan.dateModified, wayBillRef: "WB-MNL-1999-000001", cargoLocation: "Hold 1" });
    expect([foreign.status, foreign.body.message]).toEqual([400, `Waybill WB-MNL-1999-000001 is not a waybill of voyage ${voyageNum}.`]);
  });
});

describe("branch scope", () => {
  it("answers another branch's voyage exactly as one that does not exist, and changes nothing for it", async () => {
    const { voyageNum, cargo, dateModified } = await startedVoyage("ST-SCOPE", 1);
    const missing = await call("GET", "/OutBound/stowage/get/VOY-MNL-1999-999999", undefined, cebuClerk);
    expect(missing).toEqual({ status: 404, body: { message: "Voyage VOY-MNL-1999-999999 was not found.", errors: { "": [] } } });
    const foreign = await call("GET", `/OutBound/stowage/get/${voyageNum}`, undefined, cebuClerk);
    expect(foreign).toEqual({ status: 404, body: { message: `Voyage ${voyageNum} was not found.`, errors: { "": [] } } });
    const body = { dateModified, containerVanNum: cargo[0].containerVanNum, row: 1, column: 1 };
    for (const [method, path, payload] of [
      ["PUT", `/OutBound/stowage/place/${voyageNum}`, body],
      ["PUT", `/OutBound/stowage/move/${voyageNum}`, body],
      ["PUT", `/OutBound/stowage/location/${voyageNum}`, { dateModified, containerVanNum: cargo[0].containerVanNum, cargoLocation: "Hold 1" }],
      ["POST", `/OutBound/stowage/start/${voyageNum}`, {}],
      ["GET", `/OutBound/stowage/print/${voyageNum}`, undefined],
    ] as const) {
      expect(await call(method, path, payload, cebuClerk), `${method} ${path}`).toEqual(foreign);
    }
    // The voyage calls at Cebu, so Cebu's staff find it on the voyage list for its reports, marked as not theirs to stow.
    const listed = (await call("POST", "/OutBound/voyages/load", { search: voyageNum }, cebuClerk)).body.data;
    expect(listed.map((v: any) => [v.voyageNum, v.atOrigin])).toEqual([[voyageNum, false]]);
    expect((await plan(voyageNum)).body.data).toMatchObject({ placements: [], plan: { dateModified } });
  });
});

describe("the stowage on the outbound voyage list", () => {
  it("says how many vans are counted and placed, and whether the plan is started", async () => {
    const { voyageNum, cargo, dateModified } = await startedVoyage("ST-LIST", 3);
    await place(voyageNum, { dateModified, containerVanNum: cargo[2].containerVanNum, row: 1, column: 2 });
    const listed = await call("POST", "/OutBound/voyages/load", { search: voyageNum });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((v: any) => [v.voyageNum, v.voyageRef, v.vesselName, v.counted, v.placed, v.planStarted, v.state, v.atOrigin])).toEqual([
      [voyageNum, "ST-LIST", "MV Lady of Manila", 3, 1, true, "Tallying", true],
    ]);
    const unstarted = await newVoyage(lw, "ST-NONE");
    expect((await call("POST", "/OutBound/voyages/load", { search: unstarted })).body.data.map((v: any) => [v.counted, v.placed, v.planStarted]))
      .toEqual([[0, 0, false]]);
  });
});

describe("the printed stowage plan", () => {
  it("draws each van in its slot and lists the cargo locations; a clerk who is not DAT prints a copy", async () => {
    const { voyageNum, cargo, dateModified } = await startedVoyage("ST-PRINT", 3);
    let stamp = dateModified;
    for (const [van, row, column] of [[cargo[0], 1, 1], [cargo[1], 2, 3]] as const) {
      stamp = (await place(voyageNum, { dateModified: stamp, containerVanNum: van.containerVanNum, row, column })).body.data.plan.dateModified;
    }
    await call("PUT", `/OutBound/stowage/location/${voyageNum}`, { dateModified: stamp, containerVanNum: cargo[2].containerVanNum, cargoLocation: "Lashed on deck, starboard" });

    // A DAT clerk prints the original; the yard clerk a copy.
    const [yard] = await handle.db.select({ roleId: users.roleId }).from(users).where(eq(users.userId, "bk-yard"));
    await handle.db.update(roles).set({ isDat: true }).where(eq(roles.id, yard.roleId!));
    const original = await w.call("yard", "GET", `/OutBound/stowage/print/${voyageNum}`);
    await handle.db.update(roles).set({ isDat: false }).where(eq(roles.id, yard.roleId!));
    expect(original.status).toBe(200);
    expect(original.headers.get("content-type")).toBe("application/pdf");
    expect(original.headers.get("content-disposition")).toContain(`Stowage_${voyageNum}.pdf`);
    const bytes = new Uint8Array(await original.arrayBuffer());
    const pdf = await renderPdf(bytes);
    expect(pdf.pageCount).toBe(1);
    expect(pdf.pages[0].width).toBeGreaterThan(pdf.pages[0].height);
    const text = normaliseOcr(pdf.pages[0].text ?? "").replace(/ /g, "");
    for (const expected of [
      "stowageplan", `voyage:${voyageNum.toLowerCase()}(st-print)`, "vessel:mvladyofmanila", "plan:holda", "2of7slotsholdavan.",
      `1${cargo[2].containerVanNum.toLowerCase()}${cargo[2].wayBillRef.toLowerCase()}lashedondeck,starboard`,
    ]) expect(text).toContain(expected);
    // Each slot's box, read alone: its position, and the van placed in it or nothing more.
    const layout = gridLayout({ rows: 2, columns: 4 });
    const slotText = async (position: string) => {
      const box = slotBox(layout, BAY.find((b) => b.position === position)!);
      return normaliseOcr(await readRegion(bytes, 1, box)).replace(/ /g, "");
    };
    expect(await slotText("A0102")).toBe(`a0102${cargo[0].containerVanNum.toLowerCase()}`);
    expect(await slotText("A0304")).toBe(`a0304${cargo[1].containerVanNum.toLowerCase()}`);
    expect(await slotText("A0104")).toBe("a0104");
    expect(await watermarkText(bytes, 1)).not.toContain("copy");

    const copy = await w.call("yard", "GET", `/OutBound/stowage/print/${voyageNum}`);
    expect(await watermarkText(new Uint8Array(await copy.arrayBuffer()), 1)).toBe("copy");
  }, 60_000);
});
