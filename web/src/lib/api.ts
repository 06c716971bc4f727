export const API_BASE = "/api";

/** The error body of the API: a headline plus per-field details, the empty key holding the first detail. */
export interface ApiErrorBody {
  message?: string;
  Message?: string;
  errors?: Record<string, string[] | undefined>;
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** First message per field, for showing under form inputs. */
  get fieldErrors(): Record<string, string> {
    const errors = (this.body as ApiErrorBody | null)?.errors ?? {};
    const out: Record<string, string> = {};
    for (const [field, list] of Object.entries(errors)) {
      if (field !== "" && list?.[0]) out[field] = list[0];
    }
    return out;
  }
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  /** A file upload instead of a JSON body: sent as multipart/form-data, the browser writing its boundary. */
  form?: FormData;
  /**
   * A 401 normally means the session is over and signs the user out. Sign-in and the startup probe expect
   * 401 as an ordinary answer and turn this off.
   */
  signOutOnUnauthorized?: boolean;
}

function parseBody(text: string): unknown {
  if (text === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The spec's message rule: message, Message and status text joined by commas, then the first general detail. */
export function errorMessage(response: Pick<Response, "statusText">, body: unknown): string {
  const b = (body && typeof body === "object" ? body : {}) as ApiErrorBody;
  const parts = [b.message, b.Message, response.statusText].filter((part): part is string => typeof part === "string" && part !== "");
  let message = parts.join(", ");
  const detail = b.errors?.[""]?.[0];
  if (detail) message = message ? `${message}, ${detail}` : detail;
  return message;
}

/** The server's own headline of a failed call (without the status text), for forms that show it as written. */
export function serverMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const body = (error.body && typeof error.body === "object" ? error.body : {}) as ApiErrorBody;
    const headline = body.message ?? body.Message;
    if (typeof headline === "string" && headline !== "") return headline;
  }
  return error instanceof Error ? error.message : String(error);
}

type UnauthorizedHandler = (body: unknown) => void;

let unauthorizedHandler: UnauthorizedHandler = () => {};

/**
 * Any 401 signs the user out (000 §4, §8). The session module registers how; the handler gets the error body
 * so the notice can carry the server's reason.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  unauthorizedHandler = handler;
}

function buildUrl(path: string, query: RequestOptions["query"]): string {
  const url = API_BASE + (path.startsWith("/") ? path : `/${path}`);
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

/** Sends one call; a failed one throws ApiError (and a 401 signs the user out), a successful one is answered. */
async function send(method: string, path: string, options: RequestOptions, accept: string): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept };
  let body: string | FormData | undefined;
  if (options.form !== undefined) {
    body = options.form;
  } else if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    // The session lives in an HttpOnly cookie: same-origin credentials carry it, scripts never see it.
    response = await fetch(buildUrl(path, options.query), { method, headers, body, credentials: "same-origin" });
  } catch {
    throw new ApiError("The server cannot be reached. Check your connection and try again.", 0, null);
  }
  if (!response.ok) {
    const parsed = parseBody(await response.text());
    if (response.status === 401 && options.signOutOnUnauthorized !== false) unauthorizedHandler(parsed);
    throw new ApiError(errorMessage(response, parsed), response.status, parsed);
  }
  return response;
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(method, path, options, "application/json");
  return parseBody(await response.text()) as T;
}

/**
 * A file the server builds (a workbook): its bytes and the name the server gives it. Most are a GET with a
 * query; a few take their filter as a POSTed body.
 */
export async function requestFile(
  path: string,
  query?: RequestOptions["query"],
  post?: { method: "POST"; body: unknown },
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const response = await send(post?.method ?? "GET", path, { query, body: post?.body }, "*/*");
  const disposition = response.headers.get("content-disposition") ?? "";
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? "download";
  return { bytes: new Uint8Array(await response.arrayBuffer()), fileName };
}

type Query = RequestOptions["query"];
type Extra = Omit<RequestOptions, "query" | "body">;

export const api = {
  get: <T>(path: string, query?: Query, extra?: Extra) => request<T>("GET", path, { query, ...extra }),
  post: <T>(path: string, body?: unknown, extra?: Extra & { query?: Query }) => request<T>("POST", path, { body, ...extra }),
  put: <T>(path: string, body?: unknown, extra?: Extra & { query?: Query }) => request<T>("PUT", path, { body, ...extra }),
  del: <T>(path: string, body?: unknown, extra?: Extra & { query?: Query }) => request<T>("DELETE", path, { body, ...extra }),
  /** One file, POSTed as multipart/form-data in `field` (the routes that take a file call it "file"). */
  upload: <T>(path: string, file: File, field = "file") => {
    const form = new FormData();
    form.append(field, file);
    return request<T>("POST", path, { form });
  },
};
