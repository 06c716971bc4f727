/**
 * The spec spells one resource several ways (/users/..., /Users/...), and the earlier server ignored case in
 * path words. Requests are mapped onto the declared spelling before routing: words match without regard to
 * case, parameter values are passed through untouched.
 */
export function createPathCanonicalizer(paths: readonly string[]) {
  const bySegmentCount = new Map<number, { segments: string[]; lower: (string | null)[]; statics: number }[]>();
  for (const p of new Set(paths)) {
    const segments = p.split("/");
    const lower = segments.map((s) => (s.startsWith(":") ? null : s.toLowerCase()));
    const entry = { segments, lower, statics: lower.filter((s) => s !== null).length };
    const list = bySegmentCount.get(segments.length) ?? [];
    list.push(entry);
    bySegmentCount.set(segments.length, list);
  }
  // Most literal words first, so /ports/getIsActive wins over /ports/get/:id style patterns.
  for (const list of bySegmentCount.values()) list.sort((a, b) => b.statics - a.statics);

  return (path: string): string => {
    const segments = path.split("/");
    const candidates = bySegmentCount.get(segments.length);
    if (!candidates) return path;
    const lowered = segments.map((s) => s.toLowerCase());
    for (const c of candidates) {
      let match = true;
      for (let i = 0; i < segments.length; i++) {
        const want = c.lower[i];
        if (want !== null && want !== lowered[i]) {
          match = false;
          break;
        }
      }
      if (match) return c.segments.map((s, i) => (c.lower[i] === null ? segments[i] : s)).join("/");
    }
    return path;
  };
}
