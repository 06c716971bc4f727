import type { Context, Hono, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { zValidator } from "@hono/zod-validator";
import type { z } from "zod";
import { AppError } from "../shared/errors.ts";
import { validationError } from "./errors.ts";
import { authorize } from "./guard.ts";
import { type Caller, type Deps, honoPath, type RouteDef, type UploadedFile, type UploadSpec } from "./route.ts";

const JSON_MEDIA = /^application\/([\w.-]+\+)?json$/i;

function validate(target: "param" | "query" | "json", schema: z.ZodType): MiddlewareHandler {
  const part = target === "json" ? "body" : target === "param" ? "path" : "query";
  // deno-lint-ignore no-explicit-any
  return zValidator(target, schema as any, (result) => {
    if (!result.success) throw validationError(result.error as z.ZodError, part);
  }) as unknown as MiddlewareHandler;
}

/** A route with a body accepts JSON only: anything else is refused before it is read. */
const requireJson: MiddlewareHandler = async (c, next) => {
  const type = (c.req.header("content-type") ?? "").split(";")[0].trim();
  if (!JSON_MEDIA.test(type)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the request body as JSON (Content-Type: application/json).");
  }
  await next();
};

const MULTIPART = /^multipart\/form-data$/i;
/** Room for the multipart envelope around the file (boundaries, part headers, a file name). */
const ENVELOPE_BYTES = 64 * 1024;

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

export function uploadTooLarge(spec: UploadSpec): AppError {
  const message = `The file is larger than ${megabytes(spec.maxBytes)}; attach a smaller one.`;
  return new AppError("PAYLOAD_TOO_LARGE", message, { [spec.field]: [message] });
}

/**
 * Reads the one file of an upload route: multipart/form-data only (415 otherwise), the body no larger than the file
 * may be with its envelope and the file no larger than `maxBytes` (413), exactly one file in the field (400).
 */
function readUpload(spec: UploadSpec): MiddlewareHandler {
  const limit = bodyLimit({ maxSize: spec.maxBytes + ENVELOPE_BYTES, onError: () => { throw uploadTooLarge(spec); } });
  return async (c, next) => {
    const type = (c.req.header("content-type") ?? "").split(";")[0].trim();
    if (!MULTIPART.test(type)) {
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", `Send the file as multipart/form-data, in the field ${spec.field}.`);
    }
    await limit(c, async () => {
      let form: FormData;
      try {
        form = await c.req.raw.formData();
      } catch {
        const message = "The upload could not be read: send one file as multipart/form-data.";
        throw new AppError("VALIDATION", message, { [spec.field]: [message] });
      }
      const files = form.getAll(spec.field).filter((v): v is File => typeof v !== "string");
      if (files.length !== 1) {
        const message = files.length === 0 ? `Attach a file in the field ${spec.field}.` : "Attach one file at a time.";
        throw new AppError("VALIDATION", message, { [spec.field]: [message] });
      }
      const [file] = files;
      if (file.size > spec.maxBytes) throw uploadTooLarge(spec);
      const upload: UploadedFile = { name: file.name, declaredType: file.type, bytes: new Uint8Array(await file.arrayBuffer()) };
      c.set("upload", upload);
      await next();
    });
  };
}

export function mountRoutes(app: Hono, routes: readonly RouteDef[], deps: Deps): void {
  for (const { spec, handler } of routes) {
    const chain: MiddlewareHandler[] = [];
    chain.push(async (c, next) => {
      c.set("caller", await authorize(c, deps, spec.permission));
      await next();
    });
    if (spec.params) chain.push(validate("param", spec.params));
    if (spec.query) chain.push(validate("query", spec.query));
    if (spec.body) chain.push(requireJson, validate("json", spec.body));
    if (spec.upload) chain.push(readUpload(spec.upload));
    const final = async (c: Context) => {
      const valid = (target: string) => (c.req.valid as (t: string) => unknown).call(c.req, target);
      const result = await handler({
        c,
        params: spec.params ? valid("param") : undefined,
        query: spec.query ? valid("query") : undefined,
        body: spec.body ? valid("json") : undefined,
        file: spec.upload ? c.get("upload") as UploadedFile : undefined,
        caller: c.get("caller") as Caller,
        deps,
      });
      if (result instanceof Response) return result;
      return c.json(result as object, spec.status ?? 200);
    };
    app.on(spec.method.toUpperCase(), [honoPath(spec.path)], ...chain, final);
  }
}
