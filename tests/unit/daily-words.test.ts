import { describe, expect, it } from "vitest";
import { emptyNoticeText } from "../../web/src/lib/data/empty-notice.ts";
import { bookingModesLabel, chargeCategoryLabel, rateUnitLabel, trackingLabel } from "../../web/src/lib/labels.ts";
import { markdownText, parseInline } from "../../web/src/lib/markdown.ts";
import { CARGO_STAGES } from "../../api/modules/bookings/rules.ts";
import { chargeContract } from "../../api/modules/master-data/schemas.ts";

describe("the empty-list warning", () => {
  const empty = { data: [], message: "No SQ Found!" };

  it("is raised only by a list that asked for it", () => {
    expect(emptyNoticeText(undefined, true, empty)).toBeNull();
    expect(emptyNoticeText("always", false, empty)).toBe("No SQ Found!");
    expect(emptyNoticeText("searched", false, empty)).toBeNull();
    expect(emptyNoticeText("searched", true, empty)).toBe("No SQ Found!");
  });

  it("says nothing for rows, and the spec's words when the server gave none", () => {
    expect(emptyNoticeText("always", true, { data: [1] })).toBeNull();
    expect(emptyNoticeText("always", true, { data: [] })).toBe("No more data to load");
  });
});

describe("words, not codes", () => {
  it("names units, categories and modes as the spec does", () => {
    expect(rateUnitLabel("perTeu")).toBe("Per TEU");
    expect(rateUnitLabel("perTon")).toBe("Per TON");
    expect(chargeCategoryLabel("STRIPPING_STUFFING")).toBe("Stripping and stuffing");
    expect(bookingModesLabel("PTP", "P")).toBe("Pier to pier · Prepaid");
    expect(bookingModesLabel("DTD", "AD")).toBe("Door to door · Account Destination");
  });

  it("shows a code it does not know as it came, and nothing for none", () => {
    expect(rateUnitLabel("perCbm")).toBe("perCbm");
    expect(chargeCategoryLabel(null)).toBe("");
    expect(chargeCategoryLabel("toString")).toBe("toString");
  });

  it("gives the charge form and list the category's words through the contract", () => {
    const category = chargeContract.fields.find((f) => f.name === "category")!;
    expect(category.options?.find((o) => o.value === "STRIPPING_STUFFING")?.label).toBe("Stripping and stuffing");
  });

  it("tells a customer every tracking stage in words of their own, each different", () => {
    const words = [...["Booked", "Confirmed", "ATW Issued"], ...CARGO_STAGES].map(trackingLabel);
    for (const [n, name] of [...["Booked", "Confirmed", "ATW Issued"], ...CARGO_STAGES].entries()) expect(words[n]).not.toBe(name);
    expect(new Set(words).size).toBe(words.length);
    expect(trackingLabel("At Vessel Loaded")).toBe("Loaded on the vessel");
  });
});

describe("release notes in Markdown", () => {
  it("reads bold, emphasis, code and links, and shows no mark", () => {
    const line = "**Bookings**: run `lading schedule`, see *the* [guide](https://example.test/a) or [page](/whats_new)";
    expect(parseInline(line)).toEqual([
      { kind: "strong", children: [{ kind: "text", text: "Bookings" }] },
      { kind: "text", text: ": run " },
      { kind: "code", text: "lading schedule" },
      { kind: "text", text: ", see " },
      { kind: "em", children: [{ kind: "text", text: "the" }] },
      { kind: "text", text: " " },
      { kind: "link", href: "https://example.test/a", children: [{ kind: "text", text: "guide" }] },
      { kind: "text", text: " or " },
      { kind: "link", href: "/whats_new", children: [{ kind: "text", text: "page" }] },
    ]);
    expect(markdownText(line)).toBe("Bookings: run lading schedule, see the guide or page");
  });

  it("drops a heading's or bullet's marks and keeps marks inside code as typed", () => {
    expect(markdownText("## Ports")).toBe("Ports");
    expect(markdownText("- Ports")).toBe("Ports");
    expect(parseInline("`**not bold**`")).toEqual([{ kind: "code", text: "**not bold**" }]);
  });

  it("leaves an unmatched mark, a snake_case word and an arithmetic star as written", () => {
    expect(markdownText("3 * 4 and 5 ** 2")).toBe("3 * 4 and 5 ** 2");
    expect(markdownText("set LADING_JOBS=off and DATA_DIR")).toBe("set LADING_JOBS=off and DATA_DIR");
    expect(markdownText("an `open code mark")).toBe("an `open code mark");
  });

  it("turns a link to a script address into its words only", () => {
    expect(parseInline("[click](javascript:alert(1))")).toEqual([{ kind: "text", text: "click" }, { kind: "text", text: ")" }]);
    expect(parseInline("[x](//evil.test)")).toEqual([{ kind: "text", text: "x" }]);
  });
});
