import { navigate } from "wouter/use-browser-location";
import { resetLeaveGuard } from "./leave-guard.ts";
import { notify } from "./notify.ts";
import { sessionAtom, store } from "./session.ts";

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

let signingOut = false;

function forceSignOut(): void {
  // Several calls can fail together when a session ends; one notice and one redirect are enough.
  if (signingOut || !store.get(sessionAtom) || store.get(sessionAtom) === "unknown") return;
  signingOut = true;
  resetLeaveGuard();
  store.set(sessionAtom, null);
  notify.info("User Changes: Please Login Again");
  const here = location.pathname + location.search;
  navigate(here === "/" ? "/signin" : `/signin?next=${encodeURIComponent(here)}`, { replace: true });
  setTimeout(() => (signingOut = false), 1000);
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

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  let body: string | undefined;
  if (options.body !== undefined) {
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
  const parsed = parseBody(await response.text());
  if (!response.ok) {
    if (response.status === 401 && options.signOutOnUnauthorized !== false) forceSignOut();
    throw new ApiError(errorMessage(response, parsed), response.status, parsed);
  }
  return parsed as T;
}

type Query = RequestOptions["query"];
type Extra = Omit<RequestOptions, "query" | "body">;

export const api = {
  get: <T>(path: string, query?: Query, extra?: Extra) => request<T>("GET", path, { query, ...extra }),
  post: <T>(path: string, body?: unknown, extra?: Extra & { query?: Query }) => request<T>("POST", path, { body, ...extra }),
  put: <T>(path: string, body?: unknown, extra?: Extra & { query?: Query }) => request<T>("PUT", path, { body, ...extra }),
  del: <T>(path: string, body?: unknown, extra?: Extra & { query?: Query }) => request<T>("DELETE", path, { body, ...extra }),
};
