import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ListResult } from "../../api/shared/contracts.ts";
import { againRead, firstRead, moreRead, useGrowingList } from "../../web/src/lib/data/growing-list.ts";
import { SEARCH_DELAY_MS, useDebounced, useRecord } from "../../web/src/lib/data/load.ts";
import { pageAfterEmptyAnswer, pageForSize, type PageQuery, usePagedList } from "../../web/src/lib/data/paged-list.ts";
import { PAGES, pathTo, vesselStowagePath } from "../../web/src/lib/paths.ts";
import { renderHook, settle } from "./render-hook.ts";

/** A promise the test settles by hand, to answer reads in any order. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const advance = (ms: number) => act(async () => {
  vi.advanceTimersByTime(ms);
});

afterEach(() => {
  vi.useRealTimers();
});

describe("useDebounced", () => {
  it("answers a value only once it has stood unchanged for the whole delay", async () => {
    vi.useFakeTimers();
    const hook = await renderHook(({ value }: { value: string }) => useDebounced(value, 300), { value: "a" });
    expect(hook.result.current).toBe("a");
    await hook.rerender({ value: "ab" });
    await advance(200);
    expect(hook.result.current).toBe("a");
    // Typing again starts the wait over.
    await hook.rerender({ value: "abc" });
    await advance(299);
    expect(hook.result.current).toBe("a");
    await advance(1);
    expect(hook.result.current).toBe("abc");
    await hook.unmount();
  });
});

describe("usePagedList", () => {
  const rows = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ id: from + i }));

  /** A list of `total` rows; every read is recorded. */
  function server(total: number) {
    const reads: PageQuery<string>[] = [];
    const load = vi.fn(async (query: PageQuery<string>): Promise<ListResult<{ id: number }>> => {
      reads.push(query);
      return { data: rows(query.skip, Math.max(0, Math.min(query.take, total - query.skip))), total };
    });
    return { reads, load };
  }

  it("reads the first page, then a trimmed search once typing pauses, back on the first page", async () => {
    vi.useFakeTimers();
    const { reads, load } = server(95);
    const hook = await renderHook(() => usePagedList({ load, initialFilter: "All" }), undefined);
    await settle();
    expect(reads).toEqual([{ skip: 0, take: 20, search: undefined, filter: "All" }]);
    expect(hook.result.current.rows.map((r) => r.id)).toEqual(rows(0, 20).map((r) => r.id));
    expect(hook.result.current.total).toBe(95);

    await act(async () => hook.result.current.setPage(2));
    await settle();
    expect(reads.at(-1)).toEqual({ skip: 40, take: 20, search: undefined, filter: "All" });

    await act(async () => hook.result.current.setSearchText("  mnl"));
    await act(async () => hook.result.current.setSearchText("  mnl "));
    await advance(SEARCH_DELAY_MS - 1);
    expect(reads).toHaveLength(2);
    await advance(1);
    await settle();
    expect(reads).toHaveLength(3);
    expect(reads[2]).toEqual({ skip: 0, take: 20, search: "mnl", filter: "All" });
    expect(hook.result.current.page).toBe(0);
    expect(hook.result.current.search).toBe("mnl");
    await hook.unmount();
  });

  it("steps back to the last page when a later page comes back empty", async () => {
    const { reads, load } = server(25);
    const hook = await renderHook(() => usePagedList({ load, initialFilter: "All" }), undefined);
    await settle();
    await act(async () => hook.result.current.setPage(3));
    await settle();
    // Page 3 (rows 60 on) is empty while 25 rows exist: the list reads page 1, the last with rows.
    expect(reads.map((r) => r.skip)).toEqual([0, 60, 20]);
    expect(hook.result.current.page).toBe(1);
    expect(hook.result.current.rows.map((r) => r.id)).toEqual([20, 21, 22, 23, 24]);
    await hook.unmount();
  });

  it("a new filter reads again from the first page, even when it equals the last one", async () => {
    const { reads, load } = server(95);
    const hook = await renderHook(() => usePagedList({ load, initialFilter: "All" }), undefined);
    await settle();
    await act(async () => hook.result.current.setPage(1));
    await settle();
    await act(async () => hook.result.current.setFilter("IsActive"));
    await settle();
    await act(async () => hook.result.current.setFilter("IsActive"));
    await settle();
    expect(reads.map((r) => [r.skip, r.filter])).toEqual([[0, "All"], [20, "All"], [0, "IsActive"], [0, "IsActive"]]);
    await hook.unmount();
  });

  it("keeps the first row shown on screen when the page size changes", () => {
    expect(pageForSize(3, 20, 50)).toBe(1);
    expect(pageForSize(3, 20, 10)).toBe(6);
    expect(pageForSize(0, 20, 50)).toBe(0);
  });

  it("names the last page with rows only for an empty answer past the first page", () => {
    expect(pageAfterEmptyAnswer(3, 20, { data: [], total: 25 })).toBe(1);
    expect(pageAfterEmptyAnswer(3, 20, { data: [], total: 40 })).toBe(1);
    expect(pageAfterEmptyAnswer(3, 20, { data: [], total: 41 })).toBe(2);
    expect(pageAfterEmptyAnswer(0, 20, { data: [], total: 25 })).toBeNull();
    expect(pageAfterEmptyAnswer(3, 20, { data: [], total: 0 })).toBeNull();
    expect(pageAfterEmptyAnswer(3, 20, { data: [1], total: 61 })).toBeNull();
  });
});

describe("useRecord", () => {
  it("drops an answer to a key the screen has moved on from, however late it comes", async () => {
    const answers = new Map([["a", deferred<string>()], ["b", deferred<string>()]]);
    const hook = await renderHook(({ key }: { key: string }) => useRecord(key, (k) => answers.get(k)!.promise), { key: "a" });
    expect(hook.result.current.loading).toBe(true);
    await hook.rerender({ key: "b" });
    answers.get("b")!.resolve("record b");
    await settle();
    answers.get("a")!.resolve("record a");
    await settle();
    expect(hook.result.current.data).toBe("record b");
    expect(hook.result.current.loading).toBe(false);
    await hook.unmount();
  });

  it("shows nothing while another key loads when told not to keep the last answer", async () => {
    const load = vi.fn(async (key: string) => `record ${key}`);
    const slow = deferred<string>();
    const hook = await renderHook(
      ({ key, keepStale }: { key: string; keepStale: boolean }) => useRecord(key, (k) => (k === "b" ? slow.promise : load(k)), { keepStale }),
      { key: "a", keepStale: false },
    );
    await settle();
    expect(hook.result.current.data).toBe("record a");
    await hook.rerender({ key: "b", keepStale: false });
    expect(hook.result.current.data).toBeNull();
    expect(hook.result.current.loading).toBe(true);
    await hook.rerender({ key: "b", keepStale: true });
    expect(hook.result.current.data).toBe("record a");
    slow.resolve("record b");
    await settle();
    expect(hook.result.current.data).toBe("record b");
    await hook.unmount();
  });

  it("keeps a failure for the page to show, asks nothing for a null key, and reads again on reload", async () => {
    let calls = 0;
    const load = async () => {
      calls += 1;
      if (calls === 1) throw new Error("Branch MNL was not found");
      return "branch MNL";
    };
    const hook = await renderHook(({ key }: { key: string | null }) => useRecord(key, load, { quiet: () => true }), { key: null as string | null });
    await settle();
    expect(calls).toBe(0);
    expect(hook.result.current.loading).toBe(false);
    await hook.rerender({ key: "MNL" });
    await settle();
    expect((hook.result.current.error as Error).message).toBe("Branch MNL was not found");
    expect(hook.result.current.data).toBeNull();
    await act(async () => hook.result.current.reload());
    await settle();
    expect(calls).toBe(2);
    expect(hook.result.current.error).toBeNull();
    expect(hook.result.current.data).toBe("branch MNL");
    await hook.unmount();
  });
});

describe("useGrowingList", () => {
  it("grows by a page, and a reload reads from the start as far as was shown", async () => {
    const reads: [number, number][] = [];
    const load = async (skip: number, take: number): Promise<ListResult<number>> => {
      reads.push([skip, take]);
      return { data: Array.from({ length: Math.max(0, Math.min(take, 120 - skip)) }, (_, i) => skip + i), total: 120 };
    };
    const hook = await renderHook(({ key }: { key: string }) => useGrowingList(key, load, 50), { key: "V1" });
    await settle();
    await act(async () => hook.result.current.loadMore());
    await settle();
    expect(hook.result.current.rows).toHaveLength(100);
    expect(hook.result.current.rows.at(-1)).toBe(99);
    await act(async () => hook.result.current.reload());
    await settle();
    expect(reads).toEqual([[0, 50], [50, 50], [0, 100]]);
    expect(hook.result.current.rows).toHaveLength(100);
    // Another query starts over at its first page.
    await hook.rerender({ key: "V2" });
    await settle();
    expect(reads.at(-1)).toEqual([0, 50]);
    expect(hook.result.current.rows).toHaveLength(50);
    await hook.unmount();
  });

  it("plans each read: a first page, the next page, and a reload bounded by one call", () => {
    expect(firstRead(50)).toEqual({ skip: 0, take: 50, append: false });
    expect(moreRead(50, 50)).toEqual({ skip: 50, take: 50, append: true });
    expect(againRead(10, 50)).toEqual({ skip: 0, take: 50, append: false });
    expect(againRead(130, 50)).toEqual({ skip: 0, take: 130, append: false });
    expect(againRead(260, 50)).toEqual({ skip: 0, take: 200, append: false });
  });
});

describe("page addresses", () => {
  it("fills each part of a pattern, encoded", () => {
    expect(pathTo(PAGES.sqRead, { sqRefNum: "SQ 1/2" })).toBe("/sales_quotation/draft/read/SQ%201%2F2");
    expect(pathTo(PAGES.bookingBatch, { voyageNum: "V-1", bookingBatchRef: "new" })).toBe("/voyage/bookings/V-1/new");
    expect(pathTo(PAGES.soundingsOf, { year: 2026, month: 11, vesselCode: "MV 1" })).toBe("/voyage/soundings/2026/11/MV%201");
    expect(pathTo(PAGES.freightRateLane, { charge: "001", origin: "MNL" })).toBe("/master_data/freight_rate/001/MNL");
    expect(vesselStowagePath("MV 1", 7)).toBe("/master_data/vessel_stowage?vessel=MV%201&plan=7");
  });
});
