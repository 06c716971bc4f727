import { createConfig, lintFromString } from "@redocly/openapi-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes } from "../../api/app.ts";
import { buildOpenApi } from "../../api/http/openapi.ts";
import { route } from "../../api/http/route.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { makeTestApp, testConfig, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";

interface Operation {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string }[];
  requestBody?: unknown;
  responses: Record<string, { $ref?: string; description?: string; content?: { "application/json"?: { schema?: { $ref?: string } } } }>;
  "x-permission": string;
}
interface Document {
  servers: { url: string }[];
  info: { license?: { name: string }; contact?: { email: string } };
  tags: { name: string; description?: string }[];
  components: { schemas: Record<string, unknown>; responses: Record<string, Operation["responses"][string]>; securitySchemes: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
}

let handle: DatabaseHandle;
let t: TestApp;
let served: string;
let doc: Document;

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  const res = await t.call("GET", "/api/openapi.json");
  expect(res.status).toBe(200);
  served = await res.text();
  doc = JSON.parse(served);
});
afterAll(() => handle?.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, path, op })));

/** A response as documented, following a $ref into components.responses. */
function response(op: Operation, status: string) {
  const r = op.responses[status];
  return r?.$ref ? doc.components.responses[r.$ref.split("/").at(-1)!] : r;
}
const errorSchemaOf = (op: Operation, status: string) => response(op, status)?.content?.["application/json"]?.schema?.$ref;

describe("the OpenAPI document", () => {
  it("passes Redocly's recommended rules with no error; the only warnings are public calls that take nothing", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source: served, absoluteRef: "/api/openapi.json", config });
    const errors = problems.filter((p) => p.severity === "error").map((p) => `${p.ruleId} ${p.message} ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
    const warnings = problems.filter((p) => p.severity === "warn");
    console.info(`OpenAPI lint (recommended): ${errors.length} errors, ${warnings.length} warnings, ${operations().length} operations`);
    // An operation with neither input nor a guard has no 4xx to document (GET /api/health); any other warning fails.
    const inputless = new Set(operations().filter(({ op }) => op["x-permission"] === "public" && !op.parameters?.length && !op.requestBody)
      .map(({ path, name }) => `#/paths/${path.replace(/~/g, "~0").replace(/\//g, "~1")}/${name.split(" ")[0].toLowerCase()}/responses`));
    const unexpected = warnings.filter((w) => !(w.ruleId === "operation-4xx-response" && inputless.has(w.location[0]?.pointer ?? "")));
    expect(unexpected.map((w) => `${w.ruleId} ${w.message} ${w.location[0]?.pointer}`)).toEqual([]);
  });

  it("gives every operation a unique operationId, the same on every build", () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.every((id) => typeof id === "string" && /^[A-Za-z0-9_]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const again = buildOpenApi(apiRoutes({ config: testConfig() }), testConfig());
    const byName = (paths: Record<string, Record<string, unknown>>) =>
      Object.fromEntries(Object.entries(paths).flatMap(([path, m]) => Object.entries(m).map(([method, op]) => [`${method} ${path}`, (op as Operation).operationId])));
    expect(byName(again.paths)).toEqual(byName(doc.paths));
    expect(doc.paths["/api/Routes"].post.operationId).toBe("masterData_postRoutes");
    expect(doc.paths["/api/Routes/create"].post.operationId).toBe("masterData_postRoutesCreate");
    expect(doc.paths["/api/users/{id}"].get.operationId).toBe("users_getUsersById");
    expect(doc.paths["/api/WhatsNew/load"].get.operationId).toBe("whatsNew_getWhatsNewLoad");
  });

  it("refuses to build the app when two routes would share an operationId, naming both", () => {
    const clash = [
      route({ method: "get", path: "/things/a-b", permission: "public", tag: "T", summary: "one" }, () => ({})),
      route({ method: "get", path: "/things/aB", permission: "public", tag: "T", summary: "two" }, () => ({})),
    ];
    const message = 'GET /things/a-b and GET /things/aB would share the operationId "t_getThingsAB": give one of them its own operationId.';
    expect(() => apiRoutes({ config: testConfig() }, [{ name: "clash", routes: clash, jobs: [] }])).toThrow(message);
    expect(() => buildOpenApi(clash, testConfig())).toThrow(message);
    clash[1].spec.operationId = "t_getThingsAb2";
    expect(Object.keys(buildOpenApi(clash, testConfig()).paths)).toEqual(["/api/things/a-b", "/api/things/aB"]);
  });

  it("documents 400, 401 and 403 with the error body on every guarded operation, and security [] on public ones", () => {
    expect(doc.components.schemas.Error).toEqual({
      type: "object",
      description: expect.any(String),
      required: ["message", "errors"],
      properties: {
        message: { type: "string" },
        errors: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
      },
    });
    const guarded = operations().filter(({ op }) => op["x-permission"] !== "public");
    expect(guarded.length).toBeGreaterThan(300);
    for (const { name, op } of guarded) {
      for (const status of ["400", "401", "403"]) expect(errorSchemaOf(op, status), `${name} ${status}`).toBe("#/components/schemas/Error");
      expect(op.security, name).toEqual([{ bearer: [] }, { cookie: [] }]);
    }
    for (const { name, op } of operations().filter(({ op }) => op["x-permission"] === "public")) {
      expect(op.security, name).toEqual([]);
      expect(op.responses["401"], name).toBeUndefined();
    }
    expect(doc.components.securitySchemes).toEqual({
      bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: expect.any(String) },
      cookie: { type: "apiKey", in: "cookie", name: "lading_session", description: expect.any(String) },
    });
  });

  it("documents 404 where the path names a record, 409 on writes, 429 where attempts are limited", () => {
    for (const { name, path, op } of operations()) {
      if (path.includes("{")) expect(errorSchemaOf(op, "404"), name).toBe("#/components/schemas/Error");
    }
    expect(errorSchemaOf(doc.paths["/api/Customers/customerChargesV1"].get, "404")).toBe("#/components/schemas/Error");
    expect(errorSchemaOf(doc.paths["/api/ports/update/{id}"].put, "409")).toBe("#/components/schemas/Error");
    expect(doc.paths["/api/Customers/load"].post.responses["409"]).toBeUndefined();
    expect(errorSchemaOf(doc.paths["/api/users/authenticate"].post, "429")).toBe("#/components/schemas/Error");
    expect(errorSchemaOf(doc.paths["/api/Bookings/link/{token}"].get, "410")).toBe("#/components/schemas/Error");
    expect(response(doc.paths["/api/ports/update/{id}"].put, "403")?.description).toBe("The caller's role does not have access to Master Data.");
  });

  it("declares each path once, names its server, licence and contact, and describes every tag", () => {
    expect(Object.keys(doc.paths).filter((p) => p.startsWith("/api/Customers/ratesBasis"))).toEqual(["/api/Customers/ratesBasis/{customer}"]);
    expect(Object.keys(doc.paths["/api/Customers/ratesBasis/{customer}"]).sort()).toEqual(["get", "put"]);
    const shapes = Object.keys(doc.paths).map((p) => p.toLowerCase().replace(/\{\w+\}/g, "{}"));
    expect(shapes.length).toBe(new Set(shapes).size);
    expect(doc.servers).toEqual([{ url: "/", description: "This Lading server" }]);
    expect(doc.info.license?.name).toBe("Proprietary");
    expect(doc.info.contact?.email).toBe(testConfig().supportEmail);
    const used = [...new Set(operations().map(({ op }) => (op as unknown as { tags: string[] }).tags[0]))].sort();
    expect(doc.tags.map((tag) => tag.name)).toEqual(used);
    for (const tag of doc.tags) expect(tag.description, tag.name).toMatch(/\.$/);
  });

  it("names the public address as the server when one is set", () => {
    const built = buildOpenApi(apiRoutes({ config: testConfig() }), testConfig({ publicUrl: "https://lading.example.ph/" }));
    expect(built.servers).toEqual([{ url: "https://lading.example.ph", description: "This Lading server" }]);
  });

  it("documents an alias as its own operation that says which route it spells", () => {
    const alias = doc.paths["/api/CompanyPolicies/getByList"].get as Operation & { description: string; deprecated: boolean };
    expect(alias.deprecated).toBe(false);
    expect(alias.description).toBe(
      "Another spelling of POST /api/CompanyPolicies/getByList, answered by the same handler; what that route takes in its path or body comes here in the query string.",
    );
    expect(alias.parameters?.map((p) => `${p.in} ${p.name}`)).toEqual(["query codes", "query date"]);
    const charges = doc.paths["/api/Customers/customerChargesV1"].get;
    expect(charges.parameters?.map((p) => `${p.in} ${p.name}`)).toEqual(["query code"]);
  });
});
