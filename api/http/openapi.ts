import { z } from "zod";
import type { RouteDef } from "./route.ts";

function jsonSchema(schema: z.ZodType, io: "input" | "output") {
  return z.toJSONSchema(schema, { io, unrepresentable: "any" });
}

function parameters(schema: z.ZodType | undefined, where: "path" | "query") {
  if (!schema || !(schema instanceof z.ZodObject)) return [];
  return Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, field]) => ({
    name,
    in: where,
    required: where === "path" || !field.safeParse(undefined).success,
    schema: jsonSchema(field, "input"),
  }));
}

const errorResponse = {
  description: "Error: { message, errors: { \"\": [detail], field: [...] } }",
  content: {
    "application/json": {
      schema: {
        type: "object",
        properties: { message: { type: "string" }, errors: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } } },
      },
    },
  },
};

/** The OpenAPI document, made from the same zod schemas the routes validate with. */
export function buildOpenApi(routes: readonly RouteDef[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { spec } of routes) {
    const path = "/api" + spec.path;
    const operation: Record<string, unknown> = {
      tags: [spec.tag],
      summary: spec.summary,
      "x-permission": spec.permission,
      security: spec.permission === "public" ? [] : [{ bearer: [] }, { cookie: [] }],
      parameters: [...parameters(spec.params, "path"), ...parameters(spec.query, "query")],
      responses: {
        [String(spec.status ?? 200)]: {
          description: "Success",
          ...(spec.response ? { content: { "application/json": { schema: jsonSchema(spec.response, "output") } } } : {}),
        },
        default: errorResponse,
      },
    };
    if (spec.body) {
      operation.requestBody = { required: true, content: { "application/json": { schema: jsonSchema(spec.body, "input") } } };
    }
    (paths[path] ??= {})[spec.method] = operation;
  }
  return {
    openapi: "3.1.0",
    info: { title: "Lading API", version },
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
        cookie: { type: "apiKey", in: "cookie", name: "lading_session" },
      },
    },
    paths,
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A self-contained, script-free page to browse the API (no CDN: the CSP and offline use forbid one). */
export function renderDocsPage(doc: ReturnType<typeof buildOpenApi>): string {
  const rows: string[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods) as [string, Record<string, unknown>][]) {
      rows.push(`<details><summary><b class="m ${method}">${method.toUpperCase()}</b> <code>${escapeHtml(path)}</code> ${escapeHtml(String(op.summary))} <i>${escapeHtml(String(op["x-permission"]))}</i></summary><pre>${escapeHtml(JSON.stringify({ parameters: op.parameters, requestBody: op.requestBody, responses: op.responses }, null, 2))}</pre></details>`);
    }
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Lading API</title>
<style>body{font:14px system-ui,sans-serif;margin:24px;max-width:1100px}details{border-bottom:1px solid #ddd;padding:6px 0}summary{cursor:pointer}
code{font-size:13px}.m{display:inline-block;width:60px}.get{color:#1c6e42}.post{color:#215db0}.put{color:#935610}.delete{color:#ac2f33}i{color:#666;float:right}pre{background:#f6f7f9;padding:8px;overflow:auto}</style>
</head><body><h1>Lading API ${escapeHtml(doc.info.version)}</h1><p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a>. The right-hand word is the permission a route requires.</p>${rows.join("\n")}</body></html>`;
}
