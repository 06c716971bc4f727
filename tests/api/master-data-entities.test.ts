import { getTableColumns } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { containerCheckDigit } from "../../api/shared/container-numbers.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { ENTITY_SERVICES } from "../../api/modules/master-data/entities.ts";
import { type EntityContract, entityPath, type FieldMeta } from "../../api/shared/fields.ts";
import { ENTITY_CONTRACTS, type EntityName } from "../../api/modules/master-data/schemas.ts";
import { createUser, expectErrorBody, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";

/**
 * The shared calls of every master-data entity, tested from the entity's own description: what one entity
 * declares (fields, unique key, paths, searchable columns) drives what is sent and what is expected back.
 * A new entity is covered by adding its contract; nothing here names an entity except the fixture order.
 */

let handle: DatabaseHandle;
let t: TestApp;
let token: string;

const json = (res: Response) => res.json() as Promise<any>;
const names = Object.keys(ENTITY_CONTRACTS) as EntityName[];

/** Every resource some field points at, in the order their fixtures are created. */
const resourceOf = (source: string) => names.find((n) => ENTITY_CONTRACTS[n].resource === source)!;

/** Entities ordered so that everything a record points at exists before it. */
function dependencyOrder(): EntityName[] {
  const done: EntityName[] = [];
  const visit = (name: EntityName) => {
    if (done.includes(name)) return;
    for (const f of ENTITY_CONTRACTS[name].fields) {
      if (f.source && resourceOf(f.source) !== name) visit(resourceOf(f.source));
    }
    done.push(name);
  };
  names.forEach(visit);
  return done;
}

/** Codes of a few records per referenced resource, made before the tests run. */
const fixtureCodes: Partial<Record<string, string[]>> = {};
const FIXTURES = 6;

const shortName = (name: string) => name.replace(/[a-z]/g, "").toUpperCase() + name.slice(0, 2).toUpperCase();

/** A valid value of a field for the n-th sample record; n makes unique keys differ. */
function sampleValue(entity: EntityName, field: FieldMeta, n: number): unknown {
  // A TIN is written with its branch code; a sample charge is VAT-able (flags are true), so it is VATable.
  if (field.name === "tin") return `123-456-789-${String(n).padStart(5, "0")}`;
  if (entity === "charges" && field.name === "taxClass") return "VATABLE";
  switch (field.kind) {
    case "code":
      // A van number must pass the ISO 6346 check: owner LADU, serial n, and its check digit.
      if (entity === "containerVans") {
        const first = `LADU${String(n).padStart(6, "0")}`;
        return `${first}${containerCheckDigit(first)}`;
      }
      return `${shortName(entity)}${n}`.slice(0, field.max ?? 20);
    case "text":
      return `Sample ${field.label} ${n}`.slice(0, field.max ?? 120);
    case "email":
      return `sample${n}@example.test`;
    case "ref":
      // Keys made only of references (the charge-service matrix) differ by which records they point at.
      return fixtureCodes[field.source!]?.[n % FIXTURES];
    case "refs":
      return [fixtureCodes[field.source!]?.[n % FIXTURES]];
    case "flag":
      return true;
    case "money":
      return `${1000 + n}.50`;
    case "decimal":
      return `${n}.25`;
    case "int":
      return n % 7;
    case "date":
      return `2026-03-${String(10 + n).padStart(2, "0")}`;
    case "time":
      return "08:30";
    case "choice":
      return field.options![n % field.options!.length].value;
  }
}

const sample = (entity: EntityName, n: number) =>
  Object.fromEntries(ENTITY_CONTRACTS[entity].fields.map((f) => [f.name, sampleValue(entity, f, n)]));

/** A value each field kind must refuse. */
const BAD_VALUE: Record<FieldMeta["kind"], unknown> = {
  code: "has spaces & signs!",
  text: "x".repeat(400),
  email: "not-an-email",
  ref: "NO-SUCH-CODE",
  refs: ["NO-SUCH-CODE"],
  flag: "yes",
  money: "-5",
  decimal: "abc",
  int: 1.5,
  date: "2026-02-30",
  time: "25:99",
  choice: "NOT-AN-OPTION",
};

function path(contract: EntityContract, call: Parameters<typeof entityPath>[1], row?: Record<string, unknown>) {
  if (!row) return `/api${entityPath(contract, call)}`;
  const key = contract.paths[call].includes("{code}") ? String(row.code) : Number(row.id);
  return `/api${entityPath(contract, call, key)}`;
}

async function create(name: EntityName, body: Record<string, unknown>) {
  const res = await t.call("POST", path(ENTITY_CONTRACTS[name], "create"), { token, body });
  if (res.status !== 201) throw new Error(`${name} create: ${res.status} ${await res.text()}`);
  return (await json(res)).data;
}

async function count(name: EntityName): Promise<number> {
  const res = await t.call("GET", `${path(ENTITY_CONTRACTS[name], "load")}?take=1`, { token });
  return (await json(res)).total;
}

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  // Routes are kept from the Voyage screens: the clerk holds that menu too.
  await createUser(handle.db, { userId: "mdentity", password: "md-entity-pass-1", menus: ["MASTERDATA", "VOYAGE"] });
  token = await signIn(t, "mdentity", "md-entity-pass-1");
  const needed = new Set(names.flatMap((n) => ENTITY_CONTRACTS[n].fields.map((f) => f.source).filter(Boolean)));
  for (const name of dependencyOrder()) {
    const contract = ENTITY_CONTRACTS[name];
    if (!needed.has(contract.resource)) continue;
    const codes: string[] = [];
    for (let i = 0; i < FIXTURES; i++) codes.push((await create(name, sample(name, 50 + i))).code);
    fixtureCodes[contract.resource] = codes;
  }
});
afterAll(() => handle?.close());

describe.each(dependencyOrder())("%s: the shared calls", (name) => {
  const contract = ENTITY_CONTRACTS[name];
  const label = contract.label;
  const service = ENTITY_SERVICES[name];
  const columns = getTableColumns(service.description.table as never) as Record<string, unknown>;
  const searchField = Object.keys(columns).find((k) => columns[k] === service.description.searchable[0])!;
  const rows: Record<string, any>[] = [];

  beforeAll(async () => {
    for (const n of [1, 2, 3]) rows.push(await create(name, sample(name, n)));
  });

  it("creates with the notice, and gets the record back", async () => {
    const body = sample(name, 4);
    const res = await t.call("POST", path(contract, "create"), { token, body });
    expect(res.status).toBe(201);
    const created = await json(res);
    expect(created.message).toBe(`${label} added successfully`);
    expect(created.data).toMatchObject({ isActive: true, userCreated: "mdentity" });
    const got = await json(await t.call("GET", path(contract, "get", created.data), { token }));
    for (const field of contract.fields) {
      if (field.kind === "money" || field.kind === "decimal") expect(Number(got.data[field.name])).toBe(Number(body[field.name]));
      else expect(got.data[field.name]).toEqual(body[field.name]);
    }
    rows.push(created.data);
  });

  it("loads a page at a time and finds a record by its searchable text", async () => {
    const first = await json(await t.call("GET", `${path(contract, "load")}?skip=0&take=2`, { token }));
    expect(first.data).toHaveLength(2);
    expect(first.total).toBeGreaterThanOrEqual(4);
    const second = await json(await t.call("GET", `${path(contract, "load")}?skip=2&take=2`, { token }));
    const firstIds = first.data.map((r: { id: number }) => r.id);
    expect(second.data.some((r: { id: number }) => firstIds.includes(r.id))).toBe(false);

    const term = String(rows[1][searchField]);
    const found = await json(await t.call("GET", `${path(contract, "load")}?search=${encodeURIComponent(term.toLowerCase())}`, { token }));
    expect(found.data.map((r: { id: number }) => r.id)).toContain(rows[1].id);
    const none = await json(await t.call("GET", `${path(contract, "load")}?search=zz-nothing-like-this`, { token }));
    expect(none).toMatchObject({ data: [], total: 0, message: "No more data to load" });
  });

  it("refuses a second record with the same key (409), changing nothing", async () => {
    const before = await count(name);
    const copy = { ...sample(name, 1) };
    const res = await t.call("POST", path(contract, "create"), { token, body: copy });
    expect(res.status).toBe(409);
    expect((await expectErrorBody(res)).message).toMatch(/already exists/);
    expect(await count(name)).toBe(before);
  });

  it("updates with the notice, and refuses a stale update (409)", async () => {
    const row = rows[0];
    const text = contract.fields.find((f) => ["text", "flag", "money"].includes(f.kind) && !(contract.uniqueBy as readonly string[]).includes(f.name))!;
    const changed = text.kind === "flag" ? false : text.kind === "money" ? "777.25" : `Changed ${text.label}`.slice(0, text.max ?? 120);
    const res = await t.call("PUT", path(contract, "update", row), { token, body: { [text.name]: changed, dateModified: row.dateModified } });
    expect(res.status).toBe(200);
    const updated = await json(res);
    expect(updated.message).toBe(`${label} updated successfully`);
    expect(updated.data[text.name]).toEqual(changed);

    const stale = await t.call("PUT", path(contract, "update", row), { token, body: { [text.name]: changed, dateModified: row.dateModified } });
    expect(stale.status).toBe(409);
    expect((await expectErrorBody(stale)).message).toMatch(/changed by someone else/);
    rows[0] = updated.data;
  });

  it.each(contract.fields.map((f) => [f.name, f] as const))("refuses a bad %s (4xx), changing nothing", async (_field, field) => {
    const before = await count(name);
    const bad = await t.call("POST", path(contract, "create"), { token, body: { ...sample(name, 9), [field.name]: BAD_VALUE[field.kind] } });
    expect(bad.status).toBe(400);
    const body = await expectErrorBody(bad);
    expect(body.message.length).toBeGreaterThan(0);
    if (field.required) {
      const { [field.name]: _left, ...rest } = sample(name, 9);
      const missing = await t.call("POST", path(contract, "create"), { token, body: rest });
      expect(missing.status).toBe(400);
    }
    const badUpdate = await t.call("PUT", path(contract, "update", rows[2]), {
      token,
      body: { [field.name]: BAD_VALUE[field.kind], dateModified: rows[2].dateModified },
    });
    expect(badUpdate.status).toBe(400);
    expect(await count(name)).toBe(before);
    const after = await json(await t.call("GET", path(contract, "get", rows[2]), { token }));
    expect(after.data.dateModified).toBe(rows[2].dateModified);
  });

  it("deactivates and activates, and the active list follows", async () => {
    const row = rows[1];
    const listActive = () => t.call("GET", path(contract, "listActive"), { token }).then(json);
    const off = await json(await t.call("PUT", `${path(contract, "activate", row)}?isActive=false`, { token }));
    expect(off.message).toBe(`${label} deactivated successfully`);
    expect((await listActive()).data.map((r: { id: number }) => r.id)).not.toContain(row.id);
    const inactive = await json(await t.call("GET", `${path(contract, "load")}?filter=IsInactive`, { token }));
    expect(inactive.data.map((r: { id: number }) => r.id)).toEqual([row.id]);
    const on = await json(await t.call("PUT", `${path(contract, "activate", row)}?isActive=true`, { token }));
    expect(on.message).toBe(`${label} activated successfully`);
    expect((await listActive()).data.map((r: { id: number }) => r.id)).toContain(row.id);
  });

  it("deletes with the notice; the record is gone", async () => {
    const row = rows[rows.length - 1];
    const del = contract.paths.delete.includes("{id}")
      ? await t.call("DELETE", path(contract, "delete", row), { token })
      : await t.call("DELETE", path(contract, "delete"), { token, body: [row.id] });
    expect(del.status).toBe(200);
    expect((await json(del)).message).toBe(`${label} deleted successfully`);
    expect((await t.call("GET", path(contract, "get", row), { token })).status).toBe(404);
  });
});
