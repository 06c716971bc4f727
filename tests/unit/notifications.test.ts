import { describe, expect, it } from "vitest";
import { AVATAR_CODES, avatarCode, avatarColor } from "../../api/modules/notifications/schemas.ts";

describe("notification avatars (000 §2)", () => {
  it("gives each named title its code", () => {
    const expected: [string, string][] = [
      ["Booking Changes", "BC"], ["Unloading Tally Sheet", "IT"], ["Unload List", "IU"], ["Load List", "OL"],
      ["Loading Tally Sheet", "OT"], ["Sales Quotation", "SQ"], ["Vessel Updates", "VU"], ["Waiver", "WV"], ["Customer Request", "CR"],
    ];
    for (const [title, code] of expected) expect(avatarCode(title, "someone"), title).toBe(code);
    expect(Object.keys(AVATAR_CODES)).toHaveLength(expected.length);
  });

  it("matches titles in any letter case and with stray spaces", () => {
    expect(avatarCode("  sales QUOTATION ", "x")).toBe("SQ");
  });

  it("uses the sender's initial for any other title, and ? without a sender", () => {
    expect(avatarCode("Release note", "mreyes")).toBe("M");
    expect(avatarCode("Release note", "")).toBe("?");
    expect(avatarCode("Release note", null)).toBe("?");
  });

  it("derives a colour from the text: the same for the same text, different across codes", () => {
    expect(avatarColor("SQ")).toBe(avatarColor("SQ"));
    expect(avatarColor("SQ")).toMatch(/^hsl\(\d{1,3}, 55%, 42%\)$/);
    const colours = new Set(Object.values(AVATAR_CODES).map(avatarColor));
    expect(colours.size).toBeGreaterThan(6);
  });
});

describe("the Web Push key handed to the browser", () => {
  it("turns the server's URL-safe base64 key into its bytes", async () => {
    const { keyBytes } = await import("../../web/src/features/notifications/api/push.ts");
    expect([...keyBytes("AQID_-8")]).toEqual([1, 2, 3, 255, 239]);
    expect(keyBytes("B".repeat(87)).length).toBe(65);
  });
});
