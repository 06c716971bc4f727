import type { MiddlewareHandler } from "hono";
import { AppError } from "../shared/errors.ts";

/**
 * Input no route accepts, refused once for every route before any route sees it.
 *
 * A NUL character (U+0000) is valid in a URL (%00) and in JSON ("\u0000"), but PostgreSQL text cannot hold it:
 * without this check it reached the database and came back as a 500. No field of the spec carries one, so it is
 * refused wherever it appears: the path, the query, any key or value of a JSON body. A `__proto__` key is
 * refused too: no contract has such a field, and code that copies a body into an object must never meet one.
 */

export const NUL_MESSAGE = "The request contains a NUL character (U+0000), which no field accepts.";
export const PROTO_KEY_MESSAGE = "The request body contains a __proto__ key, which no field accepts.";

const NUL = "\u0000";
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const JSON_MEDIA = /^application\/([\w.-]+\+)?json$/i;

function refuse(message: string, field: string, detail: string): never {
  throw new AppError("VALIDATION", message, { [field]: [detail] });
}

/** Where in a parsed JSON value the first NUL or __proto__ key sits ("lines.0.name"), walked without recursion. */
function findBadKey(root: unknown): { at: string; proto: boolean } | null {
  const stack: { value: unknown; at: string[] }[] = [{ value: root, at: [] }];
  while (stack.length) {
    const { value, at } = stack.pop()!;
    if (typeof value === "string") {
      if (value.includes(NUL)) return { at: at.join("."), proto: false };
    } else if (value && typeof value === "object") {
      for (const key of Object.keys(value)) {
        const path = [...at, key.replaceAll(NUL, "")];
        if (key.includes(NUL)) return { at: path.join("."), proto: false };
        if (key === "__proto__") return { at: path.join("."), proto: true };
        stack.push({ value: (value as Record<string, unknown>)[key], at: path });
      }
    }
  }
  return null;
}

export const inputGuard: MiddlewareHandler = async (c, next) => {
  const url = new URL(c.req.url);
  // The raw path still carries its percent escapes; a decoded NUL could only have come from %00.
  if (/%00/.test(url.pathname) || url.pathname.includes(NUL)) {
    refuse(NUL_MESSAGE, "path", "The address may not contain a NUL character");
  }
  for (const [key, value] of url.searchParams) {
    if (key.includes(NUL) || value.includes(NUL)) {
      const field = key.replaceAll(NUL, "") || "query";
      refuse(NUL_MESSAGE, field, `${field} may not contain a NUL character`);
    }
  }
  const type = (c.req.header("content-type") ?? "").split(";")[0].trim();
  if (BODY_METHODS.has(c.req.method) && JSON_MEDIA.test(type)) {
    // Read once here; Hono keeps the text, and the route's validator parses it from there.
    const text = await c.req.text();
    if (text.includes(NUL)) refuse(NUL_MESSAGE, "body", "The body may not contain a NUL character");
    if (text.includes("\\u0000") || text.includes("__proto__")) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Malformed JSON is the validator's to refuse, with its own message.
      }
      const bad = findBadKey(parsed);
      if (bad) {
        const field = bad.at || "body";
        if (bad.proto) refuse(PROTO_KEY_MESSAGE, field, `${field} is not a field of any record`);
        refuse(NUL_MESSAGE, field, `${field} may not contain a NUL character`);
      }
    }
  }
  await next();
};
