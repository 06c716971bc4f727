import { PGlite } from "@electric-sql/pglite";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { GENERIC_ERROR, INPUT_REFUSED, renderError } from "../../api/http/errors.ts";
import { idParam, listQuery, wholeNumber } from "../../api/shared/contracts.ts";
import { int } from "../../api/shared/fields.ts";

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);

describe("whole numbers", () => {
  const day = int("Day", { min: 0, max: 6 }).schema;
  const teu = int("TEU", { max: 500, default: 1 }).schema;

  it("reads JSON numbers and typed digits, and nothing else, as a whole number", () => {
    expect(day.parse(0)).toBe(0);
    expect(day.parse("3")).toBe(3);
    expect(day.parse(" 6 ")).toBe(6);
    for (const value of [null, false, true, [], [3], {}, " ", "0x3", "1e0", "2.5", 2.5, Number.POSITIVE_INFINITY, Number.NaN]) {
      expect(messages(day.safeParse(value)), JSON.stringify(value)).toEqual(["Day must be a whole number"]);
    }
    expect(messages(day.safeParse(""))).toEqual(["Day is required"]);
    expect(messages(day.safeParse(undefined))).toEqual(["Day is required"]);
    expect(messages(day.safeParse(7))).toEqual(["Day can be at most 6"]);
    expect(messages(day.safeParse(-1))).toEqual(["Day must be at least 0"]);
  });

  it("gives a field with a default its default when absent or emptied, and still refuses null and false", () => {
    expect(teu.parse(undefined)).toBe(1);
    expect(teu.parse("")).toBe(1);
    expect(teu.parse(0)).toBe(0);
    expect(messages(teu.safeParse(null))).toEqual(["TEU must be a whole number"]);
    expect(messages(teu.safeParse(false))).toEqual(["TEU must be a whole number"]);
  });

  it("bounds ids to the integer column and names the one problem", () => {
    expect(idParam.parse({ id: "2147483647" })).toEqual({ id: 2147483647 });
    expect(messages(idParam.safeParse({ id: "2147483648" }))).toEqual(["id can be at most 2147483647"]);
    expect(messages(idParam.safeParse({ id: "99999999999999999999999" }))).toEqual(["id can be at most 2147483647"]);
    expect(messages(idParam.safeParse({ id: "0" }))).toEqual(["id must be positive"]);
    expect(messages(idParam.safeParse({ id: "1.5" }))).toEqual(["id must be a whole number"]);
    for (const id of ["abc", "", "Infinity", "NaN", "1e3", "0x10"]) expect(messages(idParam.safeParse({ id })), id).toEqual(["id must be a number"]);
    expect(listQuery.parse({})).toEqual({ skip: 0, take: 20 });
    expect(messages(listQuery.safeParse({ skip: "-1" }))).toEqual(["skip cannot be negative"]);
    expect(messages(wholeNumber("take", { min: 1, max: 200 }).safeParse("201"))).toEqual(["take can be at most 200"]);
  });
});

describe("a value the database refuses as data", () => {
  it("answers 400 with the error body and a warning, while other database failures stay 500", async () => {
    const db = await PGlite.create();
    const lines: Record<string, unknown>[] = [];
    const app = new Hono();
    app.get("/out-of-range", async () => Response.json(await db.query("select $1::int4 as n", ["2147483648"])));
    app.get("/bad-date", async () => Response.json(await db.query("select $1::date as d", ["0000-01-01"])));
    app.get("/broken", async () => Response.json(await db.query("select * from no_such_table")));
    app.onError((err, c) => renderError(c, err, (line) => lines.push(line)));
    try {
      for (const path of ["/out-of-range", "/bad-date"]) {
        const res = await app.request(path);
        expect(res.status, path).toBe(400);
        expect(await res.json()).toEqual({ message: INPUT_REFUSED, errors: { "": [] } });
      }
      expect(lines.map((l) => [l.level, l.sqlstate])).toEqual([["warn", "22003"], ["warn", "22008"]]);
      const broken = await app.request("/broken");
      expect(broken.status).toBe(500);
      expect((await broken.json() as { message: string }).message).toBe(GENERIC_ERROR);
    } finally {
      await db.close();
    }
  });
});
