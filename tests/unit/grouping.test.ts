import { describe, expect, it } from "vitest";
import { groupBy } from "../../api/shared/grouping.ts";

describe("groupBy", () => {
  it("keeps each group's rows and the groups in the order they first appear", () => {
    const lines = [
      { bookingRef: "BK-2", code: "001" },
      { bookingRef: "BK-1", code: "004" },
      { bookingRef: "BK-2", code: "005" },
      { bookingRef: "BK-1", code: "016" },
      { bookingRef: "BK-3", code: "020" },
    ];
    const groups = groupBy(lines, (l) => l.bookingRef);
    expect([...groups.keys()]).toEqual(["BK-2", "BK-1", "BK-3"]);
    expect(groups.get("BK-2")!.map((l) => l.code)).toEqual(["001", "005"]);
    expect(groups.get("BK-1")!.map((l) => l.code)).toEqual(["004", "016"]);
    expect(groups.get("BK-3")!.map((l) => l.code)).toEqual(["020"]);
  });

  it("answers no groups for no rows, and groups any iterable by a computed key", () => {
    expect(groupBy([], (x: number) => x).size).toBe(0);
    const parity = groupBy(new Set([1, 2, 3, 4, 5]).values(), (n) => n % 2 === 0 ? "even" : "odd");
    expect(Object.fromEntries(parity)).toEqual({ odd: [1, 3, 5], even: [2, 4] });
  });

  it("keeps a group of 20,000 rows whole, row for row", () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => ({ key: i % 2, i }));
    const groups = groupBy(rows, (r) => r.key);
    expect(groups.get(0)!.length).toBe(10_000);
    expect(groups.get(1)!.at(-1)).toEqual({ key: 1, i: 19_999 });
  });
});
