import { z } from "zod";
import { SESSION_COOKIE } from "../modules/auth/index.ts";
import { WHOLE_NUMBERS } from "../shared/contracts.ts";
import { CAPABILITIES, MENU_LABELS, type MenuId } from "../shared/permissions.ts";
import type { AppConfig } from "./config.ts";
import type { RouteDef } from "./route.ts";

type Spec = RouteDef["spec"];

function jsonSchema(schema: z.ZodType, io: "input" | "output") {
  return z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    override: (ctx) => {
      const bounds = WHOLE_NUMBERS.get(ctx.zodSchema as unknown as z.ZodType);
      if (!bounds) return;
      for (const key of Object.keys(ctx.jsonSchema)) delete (ctx.jsonSchema as Record<string, unknown>)[key];
      Object.assign(ctx.jsonSchema, { type: "integer", ...bounds });
    },
  });
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

/** What each tag of the route declarations covers; a tag missing here fails the OpenAPI test. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  "System": "Liveness, the server's version and this description of the API.",
  "Sign-in": "Signing in and out, the session probe. A session is a bearer token or the session cookie.",
  "Users": "User accounts, their branches and CYs, passwords, set-up and reset links.",
  "Roles": "Roles and the menus and capabilities each grants.",
  "Email": "The outbox of email the system sends.",
  "Notifications": "Notifications, their live stream and Web Push subscriptions.",
  "What's new": "The release notes.",
  "Home": "What waits for the signed-in user in their branches, each with its count and the list it is on.",
  "Audit": "The audit log.",
  "Master data": "Reference tables, rates, charges, policies, customers, vessels, equipment and the calendar.",
  "Reference lists": "The fixed lists the screens choose from.",
  "Sales quotations": "Quotations, their lanes, approval chain, printouts and reports.",
  "Voyages": "Voyage schedules, soundings and vessel history.",
  "Vessel updates": "Vessel arrival and departure updates of a voyage.",
  "Bookings": "Bookings and batches, the customer booking link, tracking and printouts.",
  "Outbound": "After the withdrawal: cargo transfer slips, with the waybill and loading to come.",
  "CRO Accounting": "Cargo-release accounting: the voyages to bill, the waybill invoices, and their postings to BASE.",
  "SI archive": "Posted sales invoices and their waybills, by year, month, vessel and voyage (read-only).",
  "Inbound": "At the destination: storage, demurrage and detention past the free days, with the unload list, release and van-in to come.",
  "Collections": "Collections at DAT: receipts settling invoices less the tax the payer withholds, and the Form 2307 each customer owes.",
  "PdcClearing": "Post-dated cheques by due date: deposited, cleared on a banking day, bounced or replaced.",
  "BaseManualSI": "Manual sales invoices on the serials of the branch's Authority-to-Print booklets, and the booklet register.",
  "Hustling": "Vans hauled at a branch for a voyage, from a yard to another vessel or to a port, and their cargo transfer (hustling) slip.",
  "Reports": "The booking reports: revenue per voyage, lane and customer with its workbook, and the document tree of a booking.",
  "Customer requests": "Requests for a new customer or a change to one, their approval into the customer master, and the company-name search.",
  "Waivers": "Waivers of a waybill's charges with their supporting files, endorsed and approved into adjustments beside the charge lines.",
  "Booking changes": "Revisions of a booking past Confirmed, endorsed and approved, then applied to the booking and its waybill, re-priced.",
  "Charge overrides": "A new value for a waybill's charge line with the reason, approved into an adjustment beside the line.",
};

const words = (text: string) => text.replace(/'/g, "").split(/[^A-Za-z0-9]+/).filter(Boolean);
const upper = (word: string) => word[0].toUpperCase() + word.slice(1);

/**
 * The operationId a route gets unless it names one: its tag, then its method and path words, path parameters
 * as By<Name>: "masterData_getCustomersRatesBasisByCustomer". Made from the declaration only, so it stays the
 * same from run to run and a generated client's method names do not move.
 */
export function operationIdOf(spec: Pick<Spec, "tag" | "method" | "path" | "operationId">): string {
  if (spec.operationId) return spec.operationId;
  const tag = words(spec.tag).map((w, i) => (i === 0 ? w.toLowerCase() : upper(w.toLowerCase()))).join("");
  const path = spec.path.split("/").filter(Boolean)
    .map((segment) => segment.startsWith("{") ? "By" + upper(segment.slice(1, -1)) : words(segment).map(upper).join(""))
    .join("");
  return `${tag}_${spec.method}${path}`;
}

const ERROR_SCHEMA = { $ref: "#/components/schemas/Error" };
const errorAnswer = (description: string) => ({ description, content: { "application/json": { schema: ERROR_SCHEMA } } });

/** The error answers several operations share, by status. */
const ERROR_RESPONSES = {
  BadRequest: errorAnswer("The request was refused as invalid; `errors` names each field and what is wrong with it."),
  Unauthorized: errorAnswer("No session, or the session has ended: sign in again."),
  NotFound: errorAnswer("No record matches the path (or the caller may not see it)."),
  Conflict: errorAnswer("The change conflicts with the record as stored: changed since it was read, a code already taken, or a status that no longer allows it."),
  Gone: errorAnswer("The link was used or has expired."),
  PayloadTooLarge: errorAnswer("The request body is larger than the server accepts."),
  UnsupportedMediaType: errorAnswer("The request body is not JSON."),
  TooManyRequests: errorAnswer("Too many attempts: wait and try again."),
  Unexpected: errorAnswer("An unexpected server error (500), or a service the request needs is unavailable (503)."),
} as const;
const ref = (name: keyof typeof ERROR_RESPONSES) => ({ $ref: `#/components/responses/${name}` });

/** A POST whose last word says it reads (POST /Customers/load, /CompanyPolicies/getByList) writes nothing. */
const READING_WORD = /^(load|get|search|read|list|compute|validate|download|generate|aging)/i;

function isWrite(spec: Spec): boolean {
  if (spec.method === "put" || spec.method === "delete") return true;
  if (spec.method !== "post") return false;
  const last = spec.path.split("/").filter((s) => s && !s.startsWith("{")).at(-1) ?? "";
  return !READING_WORD.test(last);
}

function refusal(permission: Spec["permission"]): string {
  if (permission === "authenticated") return "The signed-in user may not do this to this record.";
  if (permission in MENU_LABELS) return `The caller's role does not have access to ${MENU_LABELS[permission as MenuId]}.`;
  const label = CAPABILITIES.find((c) => c.id === permission)?.label ?? permission;
  return `The caller's role does not have the ${label} permission.`;
}

/**
 * The error answers of one operation, from its declaration: 400 when it takes input (and on every guarded
 * route, whose guard refuses a malformed session header), 401 and 403 when it is guarded, 404 when a path
 * names a record, 409 on a guarded write, 413 and 415 when it takes a JSON body, and what `errors` adds.
 */
function errorResponses(spec: Spec): Record<string, unknown> {
  const guarded = spec.permission !== "public";
  const hasInput = Boolean(spec.params || spec.query || spec.body || spec.upload);
  const namesRecord = /\{\w+\}/.test(spec.path) || /\{\w+\}/.test(spec.aliasOf?.path ?? "");
  const extra = new Set(spec.errors ?? []);
  const out: Record<string, unknown> = {};
  if (hasInput || guarded) out["400"] = ref("BadRequest");
  if (guarded) {
    out["401"] = ref("Unauthorized");
    out["403"] = errorAnswer(refusal(spec.permission));
  }
  if (namesRecord) out["404"] = ref("NotFound");
  if (extra.has(409) || (guarded && isWrite(spec))) out["409"] = ref("Conflict");
  if (extra.has(410)) out["410"] = ref("Gone");
  if (spec.body) {
    out["413"] = ref("PayloadTooLarge");
    out["415"] = ref("UnsupportedMediaType");
  }
  if (spec.upload) {
    out["413"] = errorAnswer(`The file is larger than the call takes (${Math.round(spec.upload.maxBytes / 1024 / 1024)} MB).`);
    out["415"] = errorAnswer("The body is not multipart/form-data, or the file is not of a type the call takes.");
  }
  if (extra.has(429)) out["429"] = ref("TooManyRequests");
  out.default = ref("Unexpected");
  return out;
}

function operation(spec: Spec): Record<string, unknown> {
  const aliasOf = spec.aliasOf;
  const op: Record<string, unknown> = {
    operationId: operationIdOf(spec),
    tags: [spec.tag],
    summary: spec.summary,
    "x-permission": spec.permission,
    security: spec.permission === "public" ? [] : [{ bearer: [] }, { cookie: [] }],
    parameters: [...parameters(spec.params, "path"), ...parameters(aliasOf?.query ?? spec.query, "query")],
    responses: {
      [String(spec.status ?? 200)]: {
        description: "Success",
        ...(spec.response ? { content: { "application/json": { schema: jsonSchema(spec.response, "output") } } } : {}),
      },
      ...errorResponses(spec),
    },
  };
  if (aliasOf) {
    // An alias is an operation of its own, not deprecated: the spec's clients call it by this spelling, and a
    // generated client gets a method for it that answers exactly as the main spelling's method does.
    op.description = `Another spelling of ${aliasOf.method.toUpperCase()} /api${aliasOf.path}, answered by the same handler` +
      (aliasOf.query ? "; what that route takes in its path or body comes here in the query string." : ".");
    op.deprecated = false;
  }
  if (spec.body) {
    op.requestBody = { required: true, content: { "application/json": { schema: jsonSchema(spec.body, "input") } } };
  }
  if (spec.upload) {
    const file = { type: "string", format: "binary", description: `One file, at most ${spec.upload.maxBytes} bytes` };
    op.requestBody = {
      required: true,
      content: { "multipart/form-data": { schema: { type: "object", properties: { [spec.upload.field]: file }, required: [spec.upload.field] } } },
    };
  }
  return op;
}

/** Throws, naming both routes, when two would get the same operationId; the app checks this as it is built. */
export function checkOperationIds(routes: readonly RouteDef[]): void {
  const owners = new Map<string, string>();
  for (const { spec } of routes) {
    const id = operationIdOf(spec);
    const name = `${spec.method.toUpperCase()} ${spec.path}`;
    const other = owners.get(id);
    if (other) throw new Error(`${other} and ${name} would share the operationId "${id}": give one of them its own operationId.`);
    owners.set(id, name);
  }
}

/** The OpenAPI document, made from the same zod schemas the routes validate with. */
export function buildOpenApi(routes: readonly RouteDef[], config: Pick<AppConfig, "version" | "publicUrl" | "supportEmail">) {
  checkOperationIds(routes);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { spec } of routes) (paths["/api" + spec.path] ??= {})[spec.method] = operation(spec);
  // Only the shared answers some operation uses, so the document carries no unused component.
  const used = new Set(JSON.stringify(paths).match(/#\/components\/responses\/\w+/g)?.map((r) => r.split("/").at(-1)));
  const responses = Object.fromEntries(Object.entries(ERROR_RESPONSES).filter(([name]) => used.has(name)));
  const tags = [...new Set(routes.map((r) => r.spec.tag))].sort().map((name) => ({ name, description: TAG_DESCRIPTIONS[name] }));
  return {
    openapi: "3.1.0",
    info: {
      title: "Lading API",
      version: config.version,
      description: "The back office of a sea-freight and trucking line. Errors answer { message, errors } (components.schemas.Error).",
      contact: { name: "Lading support", email: config.supportEmail },
      // The project is not published under an open licence; the SPDX form for that is a LicenseRef.
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    // Paths start with /api, so the server is the site's address: the public one when set, else this host.
    servers: [{ url: config.publicUrl ? config.publicUrl.replace(/\/+$/, "") : "/", description: "This Lading server" }],
    tags,
    components: {
      schemas: {
        Error: {
          type: "object",
          description: "The one error body. `errors` maps each field to its problems; the empty key holds the detail to show beside `message`.",
          required: ["message", "errors"],
          properties: {
            message: { type: "string" },
            errors: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
          },
        },
      },
      responses,
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "The token that POST /api/users/authenticate answers." },
        cookie: { type: "apiKey", in: "cookie", name: SESSION_COOKIE, description: "The session cookie that sign-in sets." },
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
