import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NUL_MESSAGE } from "../../api/http/input-guard.ts";
import { issueToken } from "../../api/modules/auth/tokens.ts";
import { CAPABILITY_IDS, MENU_IDS } from "../../api/modules/roles/schemas.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog, users, workSchedules } from "../../db/schema/index.ts";
import { createUser, ensureBranch, expectErrorBody, type Grant, makeTestApp, TEST_SECRET, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";

/**
 * Every operation of the app's own OpenAPI document is called with malformed input: NUL characters, wrong
 * types, numbers out of range, oversized and empty values, broken JSON. Whatever comes in, the answer is never
 * a 5xx, and every refusal carries the usual error body. Operations added later are covered without touching
 * this file.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  minItems?: number;
  default?: unknown;
};
type Parameter = { name: string; in: "path" | "query"; required: boolean; schema: JsonSchema };
type Operation = { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> }; "x-permission": string };

const NUL = "\u0000";
const HUGE_TEXT = "x".repeat(100 * 1024);
/** Numbers JSON can carry but no column holds: written into the JSON text as they are. */
const RAW_NUMBERS = ["99999999999999999999999", "1e309", "-1e309", "-1", "1.5", "2147483648", "-2147483649"];

/** A small deterministic generator, so a failure found once is found again on every run. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = s;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const typesOf = (s: JsonSchema): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

/**
 * The branch of a union a valid value most likely takes: a number where numbers are accepted (decimal and
 * whole-number fields take a number or its text), else the first that is neither null nor an empty constant.
 */
function concrete(s: JsonSchema): JsonSchema {
  const branches = s.anyOf ?? s.oneOf;
  if (branches?.length) {
    const numeric = branches.find((b) => typesOf(b).some((t) => t === "number" || t === "integer"));
    const plain = branches.find((b) => !typesOf(b).includes("null") && b.const !== "");
    return concrete(numeric ?? plain ?? branches[0]);
  }
  if (s.allOf?.length) return concrete(s.allOf[0]);
  return s;
}

/** A plausible valid value for a schema, so each variant changes one thing and the rest gets past validation. */
function sample(schema: JsonSchema, depth = 0): unknown {
  const s = concrete(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined && depth > 0) return s.default;
  const types = typesOf(s);
  const type = types.find((t) => t === "number" || t === "integer") ?? types.find((t) => t !== "null") ??
    (s.properties ? "object" : s.items ? "array" : "string");
  switch (type) {
    case "integer":
    case "number": {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
      return Math.max(min, Math.min(s.maximum ?? 1, 1));
    }
    case "boolean":
      return true;
    case "array":
      return depth > 3 || !s.items ? [] : Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => sample(s.items!, depth + 1));
    case "object":
      return Object.fromEntries(Object.entries(s.properties ?? {}).filter(() => depth <= 3)
        .map(([k, v]) => [k, /email/i.test(k) && typesOf(concrete(v)).includes("string") ? "fuzz@example.test" : sample(v, depth + 1)]));
    default:
      return sampleText(s);
  }
}

function sampleText(s: JsonSchema): string {
  const p = s.pattern ?? "";
  if (s.format === "date-time") return "2026-03-02T08:00:00.000Z";
  if (s.format === "date" || p.includes("\\d{4}-\\d{2}-\\d{2}")) return "2026-03-02";
  if (s.format === "email") return "fuzz@example.test";
  if (p.includes(":[0-5]\\d")) return "08:00";
  if (p && /^\^?\\d/.test(p)) return "1";
  return "FZ1";
}

interface Slot {
  /** Where the value sits: "path.id", "query.take", "body.lines.0.rate". */
  name: string;
  kind: "string" | "number" | "boolean" | "other";
}

function slotKind(schema: JsonSchema, value: unknown): Slot["kind"] {
  const types = typesOf(concrete(schema));
  if (types.includes("integer") || types.includes("number") || typeof value === "number") return "number";
  if (types.includes("boolean") || typeof value === "boolean") return "boolean";
  if (types.includes("string") || typeof value === "string") return "string";
  return "other";
}

/** Every value of a sample body, as a path of keys and indexes. */
function bodySlots(schema: JsonSchema, value: unknown, at: (string | number)[] = []): { at: (string | number)[]; kind: Slot["kind"]; value?: unknown }[] {
  const s = concrete(schema);
  if (Array.isArray(value)) {
    const inner = value.length ? bodySlots(s.items ?? {}, value[0], [...at, 0]) : [];
    return [{ at, kind: "other" }, ...inner];
  }
  if (value && typeof value === "object") {
    const inner = Object.entries(value).flatMap(([k, v]) => bodySlots(s.properties?.[k] ?? {}, v, [...at, k]));
    return at.length ? [{ at, kind: "other" }, ...inner] : inner;
  }
  return [{ at, kind: slotKind(schema, value), value }];
}

function setAt(root: unknown, at: (string | number)[], value: unknown): unknown {
  if (!at.length) return value;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[at[at.length - 1]] = value;
  return copy;
}

/** A placeholder that stands for a raw JSON number (1e309 is Infinity once parsed; 23 digits lose precision). */
const rawNumber = (text: string) => `@@RAW:${text}@@`;
const toJson = (value: unknown) => JSON.stringify(value).replace(/"@@RAW:([^@]+)@@"/g, "$1");

interface Request {
  label: string;
  method: string;
  path: string;
  query: string;
  /** JSON text (or deliberately broken text); undefined sends no body. */
  body?: string;
  contentType?: string;
  token?: "user" | "none" | "huge";
}

/** Dates and times that look right and are not: a calendar day that does not exist, years no column holds. */
const BAD_DATES: [string, string][] = [
  ["impossible date", "2026-02-30"], ["month 13", "2026-13-01"], ["year 0", "0000-01-01"], ["year 275760", "275760-09-13"],
  ["hour 25", "2026-03-02T25:00:00Z"], ["time 24:60", "24:60"],
];
const looksLikeDate = (value: unknown) => typeof value === "string" && /^\d{4}-\d{2}-\d{2}|^\d{2}:\d{2}$/.test(value);

const badValues = (kind: Slot["kind"], value?: unknown): [string, unknown][] => {
  if (looksLikeDate(value)) return [...BAD_DATES, ...badValues(kind)];
  const common: [string, unknown][] = [["null", null], ["object", { a: 1 }], ["array", [1, 2]], ["huge text", HUGE_TEXT], ["empty text", ""]];
  switch (kind) {
    case "string":
      return [["NUL", `a${NUL}b`], ["only NUL", NUL], ["number", 12345], ["boolean", false], ...common];
    case "number":
      return [...RAW_NUMBERS.map((n): [string, unknown] => [`number ${n}`, rawNumber(n)]), ["text", "abc"], ["NUL", NUL], ["false", false], ["numeric text", "7"], ...common];
    case "boolean":
      return [["text", "true"], ["number", 1], ["NUL", NUL], ...common];
    default:
      return [["NUL", NUL], ["number", rawNumber("1e309")], ["boolean", true], ...common];
  }
};

const badParamTexts = (kind: Slot["kind"], value?: unknown): [string, string][] => {
  if (looksLikeDate(value)) return [...BAD_DATES, ...badParamTexts(kind)];
  const common: [string, string][] = [["NUL", `a${NUL}b`], ["only NUL", NUL], ["huge text", HUGE_TEXT.slice(0, 30 * 1024)], ["empty", ""], ["object text", "[object Object]"]];
  return kind === "number"
    ? [...RAW_NUMBERS.map((n): [string, string] => [`number ${n}`, n]), ["NaN", "NaN"], ["Infinity", "Infinity"], ["hex", "0x10"], ["text", "abc"], ["space", " "], ...common]
    : [["number", "99999999999999999999999"], ["percent", "%"], ["unicode", "ñ—😀"], ["LIKE wildcards", "%_\\"], ...common];
};

/** Every malformed request of one operation. */
function variants(method: string, path: string, op: Operation): Request[] {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === "path");
  const queryParams = params.filter((p) => p.in === "query");
  const bodySchema = op.requestBody?.content["application/json"]?.schema;
  const pathValues: Record<string, string> = Object.fromEntries(pathParams.map((p) => [p.name, String(sample(p.schema))]));
  const queryValues: Record<string, string> = Object.fromEntries(
    queryParams.filter((p) => p.required).map((p) => [p.name, String(sample(p.schema))]),
  );
  const body = bodySchema ? sample(bodySchema) : undefined;
  const build = (label: string, o: { path?: Record<string, string>; query?: Record<string, string | string[]>; body?: string | null; contentType?: string; token?: Request["token"] } = {}): Request => {
    const values = o.path ?? pathValues;
    const concretePath = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name]));
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(o.query ?? queryValues)) for (const one of [v].flat()) search.append(k, one);
    const query = search.toString();
    const text = o.body === null ? undefined : o.body ?? (body === undefined ? undefined : toJson(body));
    return { label, method, path: concretePath, query: query ? `?${query}` : "", body: text, contentType: o.contentType, token: o.token ?? "user" };
  };

  const out: Request[] = [];
  for (const p of pathParams) {
    for (const [label, value] of badParamTexts(slotKind(p.schema, sample(p.schema)), sample(p.schema))) {
      if (value === "") continue; // an empty path segment is another address, not a value
      out.push(build(`path.${p.name} ${label}`, { path: { ...pathValues, [p.name]: value } }));
    }
  }
  for (const p of queryParams) {
    for (const [label, value] of badParamTexts(slotKind(p.schema, sample(p.schema)), sample(p.schema))) {
      out.push(build(`query.${p.name} ${label}`, { query: { ...queryValues, [p.name]: value } }));
    }
    out.push(build(`query.${p.name} repeated`, { query: { ...queryValues, [p.name]: ["1", "2"] } }));
  }
  out.push(build("query unknown NUL", { query: { ...queryValues, [`k${NUL}`]: NUL } }));
  if (bodySchema) {
    for (const slot of bodySlots(bodySchema, body)) {
      const name = ["body", ...slot.at].join(".");
      for (const [label, value] of badValues(slot.kind, slot.value)) out.push(build(`${name} ${label}`, { body: toJson(setAt(body, slot.at, value)) }));
    }
    out.push(
      build("body absent", { body: null, contentType: "application/json" }),
      build("body empty", { body: "" }),
      build("body null", { body: "null" }),
      build("body array", { body: "[{}]" }),
      build("body text", { body: '"text"' }),
      build("body number", { body: "1e309" }),
      build("body empty object", { body: "{}" }),
      build("body truncated", { body: "{\"a\":" }),
      build("body raw NUL", { body: toJson(body).replace(/^(.)/, `$1${NUL}`) }),
      build("body escaped NUL key", { body: `{"\\u0000":1${toJson(body).length > 2 ? "," + toJson(body).slice(1) : "}"}` }),
      build("body __proto__", { body: `{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}${toJson(body).length > 2 ? "," + toJson(body).slice(1) : "}"}` }),
      build("body deep nesting", { body: "[".repeat(5000) + "]".repeat(5000) }),
      build("body form", { body: "a=1", contentType: "application/x-www-form-urlencoded" }),
    );
  } else if (method !== "get") {
    out.push(build("unexpected body with NUL", { body: `{"a":"\\u0000"}` }));
  }
  return out;
}

const GRANTS: Grant[] = [...MENU_IDS, ...CAPABILITY_IDS];
/** Operations whose answer is a stream that stays open: their status is all there is to check. */
const isStream = (res: Response) => res.headers.get("content-type")?.startsWith("text/event-stream");
/** At most this many malformed requests per operation, picked deterministically, so the file stays quick. */
const PER_OPERATION = 40;

let handle: DatabaseHandle;
let t: TestApp;
let userKey: number;
let token = { sv: -1, value: "" };

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  // The code every sample sends for a branch exists, so more requests get past the first lookup.
  await ensureBranch(handle.db, "FZ1");
  userKey = (await createUser(handle.db, { userId: "fuzzer", password: "fuzzer-password-1", menus: GRANTS })).id;
});
afterAll(() => handle?.close());

/**
 * The user's token. A call may sign the user out, change their password or deactivate them; the database is
 * looked at again (and the user made whole) only when an answer was 401, so most requests cost no extra query.
 */
async function userToken(recheck = false) {
  if (!recheck && token.value) return token.value;
  const [row] = await handle.db.select({ sv: users.sessionVersion, isActive: users.isActive }).from(users).where(eq(users.id, userKey));
  if (!row.isActive) await handle.db.update(users).set({ isActive: true }).where(eq(users.id, userKey));
  if (row.sv !== token.sv) token = { sv: row.sv, value: await issueToken(TEST_SECRET, { sub: String(userKey), sv: row.sv }, 3600) };
  return token.value;
}

async function send(r: Request, recheck = false): Promise<{ status: number; problem?: string }> {
  const headers: Record<string, string> = {};
  if (r.token === "user") headers.authorization = `Bearer ${await userToken(recheck)}`;
  if (r.token === "huge") headers.authorization = `Bearer ${"A".repeat(100 * 1024)}`;
  if (r.body !== undefined || r.contentType) headers["content-type"] = r.contentType ?? "application/json";
  // The path and query are sent as typed (a NUL percent-encoded), as a client would put them on the wire.
  const url = `http://localhost/api${r.path}${r.query}`.replace(/\u0000/g, "%00");
  const res = await t.app.request(url, { method: r.method.toUpperCase(), headers, body: r.body });
  if (isStream(res)) {
    await res.body?.cancel();
    return { status: res.status };
  }
  const text = await res.text();
  // Signed out by an earlier call: sent again with a fresh token, so the request is judged as the user's.
  if (res.status === 401 && r.token === "user" && !recheck) return send(r, true);
  if (res.status < 400) return { status: res.status };
  let message: unknown;
  try {
    message = (JSON.parse(text) as { message?: unknown }).message;
  } catch {
    return { status: res.status, problem: `not a JSON error body: ${JSON.stringify(text.slice(0, 80))}` };
  }
  if (typeof message !== "string" || !message) return { status: res.status, problem: "error body without a message" };
  return { status: res.status };
}

describe("malformed input on every operation", () => {
  it("answers no 5xx and an error body with every refusal", async () => {
    const res = await t.call("GET", "/api/openapi.json");
    expect(res.status).toBe(200);
    const doc = await res.json() as { paths: Record<string, Record<string, Operation>> };
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ method, path: path.replace(/^\/api/, ""), op }))
    );
    // The document lists the routes the issue found answering 500, public ones among them.
    const walked = new Set(operations.map((o) => `${o.method} ${o.path}`));
    expect(["post /users/authenticate", "post /users/requestPasswordReset", "get /Bookings/shipmentTracking/{bookingRef}",
      "get /VesselUpdates/getVesselHeaderDetails/{id}", "post /Calendar/workSchedules"].filter((o) => !walked.has(o))).toEqual([]);

    const random = prng(19);
    const failures: string[] = [];
    let sent = 0;
    const started = Date.now();
    for (const { method, path, op } of operations) {
      if (path === "/openapi.json" || path === "/docs") continue;
      const all = variants(method, path, op);
      // Keep the NUL variants of every field (the issue's first case), then a fixed random pick of the rest.
      const nul = all.filter((v) => / NUL$| NUL /.test(v.label));
      const rest = all.filter((v) => !nul.includes(v));
      const picked = [...nul];
      while (picked.length < PER_OPERATION && rest.length) picked.push(rest.splice(Math.floor(random() * rest.length), 1)[0]);
      if (op["x-permission"] !== "public" && random() < 0.1) {
        picked.push({ ...picked[0], label: `${picked[0]?.label} anonymous`, token: "none" }, { ...picked[0], label: `${picked[0]?.label} huge bearer`, token: "huge" });
      }
      for (const request of picked) {
        sent++;
        const answer = await send(request);
        if (answer.status >= 500 || answer.problem) {
          failures.push(`${method.toUpperCase()} ${path} [${request.label}]: ${answer.status} ${answer.problem ?? ""}`.trim());
        }
      }
    }
    // Refusals the contracts missed and the database made (still a 400, see renderError): worth a contract each.
    const byDatabase = t.logs.filter((line) => line.level === "warn" && "sqlstate" in line);
    console.log(`fuzz: ${sent} malformed requests to ${operations.length} operations in ${Math.round((Date.now() - started) / 1000)} s; ` +
      `${byDatabase.length} refused by the database rather than a contract${byDatabase.length ? `: ${byDatabase.map((l) => String(l.error).split("\n")[0]).join(" | ")}` : ""}`);
    expect({ failed: failures.length, first: failures.slice(0, 40) }).toEqual({ failed: 0, first: [] });
  }, 300_000);
});

describe("the cases of issue 19", () => {
  const auditRows = async () => (await handle.db.select({ id: auditLog.id }).from(auditLog)).length;

  it("refuses a NUL in the sign-in user id with 400 naming the field, and records no attempt", async () => {
    const before = await auditRows();
    for (const body of [`{"userId":"admin\\u0000","password":"whatever-1"}`, `{"userId":"admin${NUL}","password":"whatever-1"}`]) {
      const res = await t.app.request("/api/users/authenticate", { method: "POST", headers: { "content-type": "application/json" }, body });
      expect(res.status).toBe(400);
      const error = await expectErrorBody(res);
      expect(error.message).toBe(NUL_MESSAGE);
      expect(Object.keys(error.errors).filter((k) => k)).toEqual([body.includes("\\u0000") ? "userId" : "body"]);
    }
    expect(await auditRows()).toBe(before);
  });

  it("refuses a NUL in the public password reset, tracking and link routes and in any query", async () => {
    const reset = await t.call("POST", "/api/users/requestPasswordReset", { body: { userId: `a${NUL}` } });
    expect(reset.status).toBe(400);
    expect((await expectErrorBody(reset)).errors.userId).toEqual(["userId may not contain a NUL character"]);
    const tracking = await t.call("GET", "/api/Bookings/shipmentTracking/BK%00");
    expect(tracking.status).toBe(400);
    expect((await expectErrorBody(tracking)).errors.path).toEqual(["The address may not contain a NUL character"]);
    const query = await t.call("GET", "/api/Branches/load?search=a%00b", { token: await userToken() });
    expect(query.status).toBe(400);
    expect((await expectErrorBody(query)).errors.search).toEqual(["search may not contain a NUL character"]);
  });

  it("answers a vessel update id of 23 digits with 404 and an integer id beyond the column with 400", async () => {
    const vu = await t.call("GET", "/api/VesselUpdates/getVesselHeaderDetails/99999999999999999999999", { token: await userToken() });
    expect(vu.status).toBe(404);
    expect((await expectErrorBody(vu)).message).toBe("Vessel update 99999999999999999999999 was not found.");
    for (const id of ["99999999999999999999999", "2147483648"]) {
      const branch = await t.call("GET", `/api/Branches/get/${id}`, { token: await userToken() });
      expect(branch.status).toBe(400);
      expect((await expectErrorBody(branch)).errors.id).toEqual(["id can be at most 2147483647"]);
    }
    const deleted = await t.call("DELETE", "/api/Roles/delete", { token: await userToken(), body: [2147483648] });
    expect(deleted.status).toBe(400);
    await expectErrorBody(deleted);
  });

  it("answers a 100 KB bearer token with 401 and the error body", async () => {
    const res = await t.call("GET", "/api/Branches/load", { headers: { authorization: `Bearer ${"A".repeat(100 * 1024)}` } });
    expect(res.status).toBe(401);
    expect((await expectErrorBody(res)).message).toBe("Your session has ended. Please sign in again.");
  });

  it("answers unknown addresses and refused bodies with the error body", async () => {
    const unknown = await t.call("GET", "/api/NoSuchThing");
    expect(unknown.status).toBe(404);
    expect((await expectErrorBody(unknown)).message).toBe("There is no API route GET /api/NoSuchThing.");
    const outside = await t.call("GET", "/no-such-page");
    expect(outside.status).toBe(404);
    expect((await expectErrorBody(outside)).message).toBe("Not found.");
    // Broken percent escapes in the address and the query are read as the characters they are.
    for (const path of ["/api/Branches/get/%E0%A4%A", "/api/Branches/load?search=%E0%A4%A&take=%ZZ", "/api/%ZZ"]) {
      const res = await t.call("GET", path, { token: await userToken() });
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
      await expectErrorBody(res);
    }
    const proto = await t.call("POST", "/api/users/authenticate", { body: `{"userId":"a","password":"b","__proto__":{"x":1}}` });
    expect(proto.status).toBe(400);
    expect((await expectErrorBody(proto)).errors.__proto__).toEqual(["__proto__ is not a field of any record"]);
  });

  it("refuses a work schedule whose dayOfWeek is null, empty or false, and stores nothing", async () => {
    await ensureBranch(handle.db, "WSB");
    const token = await userToken();
    const stored = () => handle.db.select().from(workSchedules).where(eq(workSchedules.branchCode, "WSB"));
    const schedule = { branchCode: "WSB", isWorkingDay: true, startTime: "08:00", endTime: "17:00" };
    for (const [dayOfWeek, message] of [
      [null, "Day of week (0 Sunday to 6 Saturday) must be a whole number"],
      ["", "Day of week (0 Sunday to 6 Saturday) is required"],
      [false, "Day of week (0 Sunday to 6 Saturday) must be a whole number"],
      [true, "Day of week (0 Sunday to 6 Saturday) must be a whole number"],
      [[3], "Day of week (0 Sunday to 6 Saturday) must be a whole number"],
      ["0x3", "Day of week (0 Sunday to 6 Saturday) must be a whole number"],
    ] as const) {
      const res = await t.call("POST", "/api/Calendar/workSchedules", { token, body: { ...schedule, dayOfWeek } });
      expect(res.status, JSON.stringify(dayOfWeek)).toBe(400);
      expect((await expectErrorBody(res)).errors.dayOfWeek, JSON.stringify(dayOfWeek)).toEqual([message]);
    }
    const absent = await t.call("POST", "/api/Calendar/workSchedules", { token, body: schedule });
    expect(absent.status).toBe(400);
    expect((await expectErrorBody(absent)).errors.dayOfWeek).toEqual(["Day of week (0 Sunday to 6 Saturday) is required"]);
    expect(await stored()).toEqual([]);

    // The form sends what was typed, as text; a number stays accepted, as does 0 (Sunday) itself.
    const typed = await t.call("POST", "/api/Calendar/workSchedules", { token, body: { ...schedule, dayOfWeek: "3" } });
    expect(typed.status).toBe(201);
    const sunday = await t.call("POST", "/api/Calendar/workSchedules", { token, body: { ...schedule, dayOfWeek: 0 } });
    expect(sunday.status).toBe(201);
    expect((await stored()).map((r) => r.dayOfWeek).sort()).toEqual([0, 3]);
  });

  it("still lets an optional whole number be left out, and refuses null for it", async () => {
    const token = await userToken();
    const vessel = { name: "MV Fuzz", vesselType: "Container" };
    const absent = await t.call("POST", "/api/Vessels", { token, body: { ...vessel, code: "FZV1" } });
    expect(absent.status).toBe(201);
    expect((await absent.json() as { data: { capacityTeu: number } }).data.capacityTeu).toBe(0);
    const nulled = await t.call("POST", "/api/Vessels", { token, body: { ...vessel, code: "FZV2", capacityTeu: null } });
    expect(nulled.status).toBe(400);
    expect((await expectErrorBody(nulled)).errors.capacityTeu).toEqual(["Capacity (TEU) must be a whole number"]);
  });
});
