import { describe, expect, it } from "vitest";
import { ApiError } from "../../web/src/lib/api.ts";
import { ENTRY_ID_PATTERN } from "../../api/modules/outbound/tally-sheets/rules.ts";
import { tallyEntryBody } from "../../api/modules/outbound/tally-sheets/schemas.ts";
import {
  dropEntry, keepView, keptView, newEntryId, putEntry, type QueuedEntry, queuedEntries, sendOne, syncEntries,
} from "../../web/src/lib/tally-offline.ts";

/**
 * The tally screen's queue (web/src/lib/tally-offline.ts), without a browser: here there is no
 * IndexedDB, so it keeps its entries in memory as a browser that refuses IndexedDB would, with the same rules. An
 * answered entry leaves the queue, a refused one stays as a conflict with the server's reason, and no answer at
 * all leaves it (and those after it) waiting for the next try.
 */

const line = (entryId: string) => ({ data: { entryId } as never });
let clock = 0;

function entry(userId: string, voyageNum: string, van: string): QueuedEntry {
  const body = tallyEntryBody.parse({ entryId: newEntryId(), containerType: "MT", containerVanNum: van, timeTallied: "2026-11-28T01:00:00.000Z" });
  return { entryId: body.entryId, userId, voyageNum, tallySheetNum: "TS-MNL-2026-000001", body, state: "waiting", reason: "", queuedAt: new Date(++clock).toISOString() };
}

describe("an entry's name", () => {
  it("is 128 random bits the server's contract accepts, never the same twice", () => {
    const ids = new Set(Array.from({ length: 200 }, newEntryId));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(ENTRY_ID_PATTERN);
    expect([...ids][0]).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe("what one send means for the queue", () => {
  const one = entry("clerk", "VOY-1", "LDGU2010014");
  it("takes an answered entry off, new line or the one it made before", async () => {
    expect(await sendOne(one, async () => line(one.entryId))).toEqual({ landed: { entryId: one.entryId } });
  });
  it("makes a refusal a conflict with the server's own words", async () => {
    const refused = new ApiError("Conflict", 409, { message: "Van LDGU2010014 is already counted on tally sheet TS-MNL-2026-000001." });
    expect(await sendOne(one, () => Promise.reject(refused))).toEqual({ conflict: "Van LDGU2010014 is already counted on tally sheet TS-MNL-2026-000001." });
    const malformed = new ApiError("Bad", 400, { message: "Please correct the invalid fields." });
    expect(await sendOne(one, () => Promise.reject(malformed))).toEqual({ conflict: "Please correct the invalid fields." });
  });
  it("leaves it waiting when nothing answered, the server could not take it now, or the session ended", async () => {
    for (const status of [0, 401, 429, 500, 503]) {
      expect(await sendOne(one, () => Promise.reject(new ApiError("x", status, null)))).toEqual({ offline: true });
    }
    expect(await sendOne(one, () => Promise.reject(new TypeError("Failed to fetch")))).toEqual({ offline: true });
  });
});

describe("sending what waits", () => {
  it("sends oldest first, keeps a refused entry as a conflict, and stops at the first that gets no answer", async () => {
    const [a, b, c, d] = ["LDGU2010020", "LDGU2010035", "LDGU2010040", "LDGU2010056"].map((van) => entry("clerk", "VOY-2", van));
    // Put in out of order: the queue still sends by the time each was counted.
    for (const e of [c, a, d, b]) await putEntry(e);
    // Another user's entry on the same voyage is not this session's to send.
    const theirs = entry("other", "VOY-2", "LDGU2010061");
    await putEntry(theirs);
    const sent: string[] = [];
    const result = await syncEntries("clerk", "VOY-2", async (e) => {
      sent.push(e.body.containerVanNum);
      if (e.entryId === b.entryId) throw new ApiError("Conflict", 409, { message: "Tally sheet TS-MNL-2026-000001 was made final." });
      if (e.entryId === c.entryId) throw new ApiError("The server cannot be reached.", 0, null);
      return line(e.entryId);
    });
    expect(result).toEqual({ landed: 1, conflicts: 1, offline: true });
    expect(sent).toEqual(["LDGU2010020", "LDGU2010035", "LDGU2010040"]);
    const left = await queuedEntries("clerk", "VOY-2");
    expect(left.map((e) => [e.body.containerVanNum, e.state, e.reason])).toEqual([
      ["LDGU2010035", "conflict", "Tally sheet TS-MNL-2026-000001 was made final."],
      ["LDGU2010040", "waiting", ""],
      ["LDGU2010056", "waiting", ""],
    ]);

    // The connection returns: the two still waiting go, the conflict stays until its user decides.
    const again = await syncEntries("clerk", "VOY-2", async (e) => line(e.entryId));
    expect(again).toEqual({ landed: 2, conflicts: 0, offline: false });
    expect((await queuedEntries("clerk", "VOY-2")).map((e) => e.state)).toEqual(["conflict"]);
    await dropEntry(b.entryId);
    expect(await queuedEntries("clerk", "VOY-2")).toEqual([]);
    expect((await queuedEntries("other", "VOY-2")).map((e) => e.entryId)).toEqual([theirs.entryId]);
  });

  it("runs one send at a time: two calls at once send each entry once", async () => {
    for (const van of ["LDRU2020016", "LDRU2020021"]) await putEntry(entry("clerk", "VOY-3", van));
    const sent: string[] = [];
    const send = async (e: QueuedEntry) => {
      sent.push(e.entryId);
      await new Promise((r) => setTimeout(r, 5));
      return line(e.entryId);
    };
    const [first, second] = await Promise.all([syncEntries("clerk", "VOY-3", send), syncEntries("clerk", "VOY-3", send)]);
    expect(first.landed + second.landed).toBe(2);
    expect(new Set(sent).size).toBe(sent.length);
  });
});

describe("the sheet kept for offline use", () => {
  it("is kept per user and voyage", async () => {
    const view = { readAt: "2026-11-28T01:00:00.000Z" } as never;
    await keepView("clerk", "voy-4", view);
    expect(await keptView("CLERK", "VOY-4")).toBe(view);
    expect(await keptView("other", "VOY-4")).toBeNull();
  });
});
