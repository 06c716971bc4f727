import type { BaseSettings } from "../../../http/config.ts";
import type { BaseAnswer, BaseDirectory } from "../../../shared/base-directory.ts";

/**
 * The connector to BASE, the company's accounting system: the HTTP contract written down in this module's
 * README, and nothing else. It sends a posting under its idempotency key, looks a document up by Lading's
 * reference, lists a day's documents for the reconciliation, and answers master data's questions about BASE's
 * ids. It never decides what a result means for the posting: it says what happened, the relay decides.
 */

/** BASE's answer body as kept on the posting: its id of the document, the customer it booked it to, its message. */
export interface BaseReply {
  documentId?: string;
  custDetails?: unknown;
  message?: string;
  Message?: string;
  code?: string;
  errors?: unknown;
  [key: string]: unknown;
}

/** A document as BASE lists it. */
export interface BaseDocument {
  documentId: string;
  idempotencyKey: string;
  docType: string;
  reference: string;
  documentDate?: string;
  gross?: string;
  custDetails?: unknown;
  message?: string;
}

/** What became of one send. */
export type SendOutcome =
  /** Stored now, or stored before under this key with the same content (BASE replays its first answer). */
  | { kind: "accepted"; documentId: string; reply: BaseReply; replayed: boolean }
  /** A document with this reference is in BASE already (sent before, keyed differently or typed in by hand). */
  | { kind: "exists"; reply: BaseReply }
  /** This key was used before with other content: never sent again under it. */
  | { kind: "keyReused"; reply: BaseReply; error: string }
  /** BASE refused the data (a validation 4xx): it stays refused until the data is put right. */
  | { kind: "invalid"; status: number; reply: BaseReply; error: string }
  /** BASE refused the call for now, before storing anything (a bad key, too many calls, an unknown path). */
  | { kind: "refused"; status: number; reply: BaseReply | null; error: string }
  /** The call never reached BASE (connection refused, no such host): nothing was stored. */
  | { kind: "unreachable"; error: string }
  /** The call may have been stored (a timeout, a dropped connection, a 5xx): look it up before sending again. */
  | { kind: "uncertain"; status: number | null; reply: BaseReply | null; error: string };

export type LookupOutcome = { kind: "found"; documents: BaseDocument[] } | { kind: "failed"; error: string };

export interface OutgoingPosting {
  idempotencyKey: string;
  payload: Record<string, unknown>;
  payloadHash: string;
}

export interface BaseConnector {
  /** Where it posts, without the key: for the log and the screens. */
  readonly address: string;
  send(posting: OutgoingPosting): Promise<SendOutcome>;
  /** The documents BASE holds under Lading's reference (an invoice or receipt number). */
  lookup(reference: string): Promise<LookupOutcome>;
  /** Every document BASE holds for a business day, for the daily reconciliation. */
  documentsOf(date: string): Promise<LookupOutcome>;
  directory: BaseDirectory;
}

/** Messages of a fetch that never reached the server: nothing can have been stored. */
const NOT_REACHED = /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|connection refused|connectionrefused|dns error|failed to lookup address|name or service not known/i;

/** Every message and code in an error and the causes it wraps. */
function errorText(err: unknown): string {
  const parts: string[] = [];
  for (let current = err, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    if (current instanceof Error) parts.push(current.name, current.message);
    else parts.push(String(current));
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") parts.push(code);
  }
  return parts.filter(Boolean).join(": ");
}

const ERROR_MAX = 500;
const bounded = (text: string) => (text.length > ERROR_MAX ? text.slice(0, ERROR_MAX - 1) + "…" : text);

async function readReply(response: Response): Promise<BaseReply | null> {
  const text = await response.text();
  if (!text) return null;
  try {
    const parsed = JSON.parse(text);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? parsed as BaseReply : { message: String(parsed) };
  } catch {
    return { message: bounded(text) };
  }
}

/** BASE's own words about a refusal: message or Message (001 §7), else the status. */
export function replyMessage(reply: BaseReply | null, status: number): string {
  const said = reply?.message ?? reply?.Message;
  return typeof said === "string" && said.trim() !== "" ? bounded(said) : `BASE answered ${status}`;
}

export function createBaseConnector(settings: BaseSettings, fetcher: typeof fetch = fetch): BaseConnector {
  const headers = { authorization: `Bearer ${settings.apiKey}`, accept: "application/json" };

  /** One call: its answer, or the error it ended in and whether it can have reached BASE. */
  async function call(path: string, init: RequestInit = {}): Promise<{ response: Response } | { error: string; reached: boolean }> {
    try {
      const response = await fetcher(`${settings.url}${path}`, {
        ...init,
        headers: { ...headers, ...(init.headers as Record<string, string> | undefined) },
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      return { response };
    } catch (err) {
      const text = errorText(err);
      const timedOut = /TimeoutError|AbortError|timed out/i.test(text);
      return { error: bounded(timedOut ? `BASE did not answer within ${settings.timeoutMs} ms` : text), reached: timedOut || !NOT_REACHED.test(text) };
    }
  }

  async function send(posting: OutgoingPosting): Promise<SendOutcome> {
    const sent = await call("/documents", {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": posting.idempotencyKey, "x-payload-sha256": posting.payloadHash },
      body: JSON.stringify(posting.payload),
    });
    if ("error" in sent) return sent.reached ? { kind: "uncertain", status: null, reply: null, error: sent.error } : { kind: "unreachable", error: sent.error };
    const { response } = sent;
    let reply: BaseReply | null;
    try {
      reply = await readReply(response);
    } catch (err) {
      // The answer was cut off while it was read: BASE may well have stored the document.
      return { kind: "uncertain", status: response.status, reply: null, error: bounded(errorText(err)) };
    }
    const status = response.status;
    if (status === 200 || status === 201) {
      const documentId = typeof reply?.documentId === "string" ? reply.documentId : "";
      if (!documentId) return { kind: "uncertain", status, reply, error: "BASE answered without the document's id" };
      return { kind: "accepted", documentId, reply: reply ?? {}, replayed: status === 200 };
    }
    if (status === 409 && reply?.code === "ALREADY_EXISTS") return { kind: "exists", reply };
    if (status === 409 && reply?.code === "IDEMPOTENCY_KEY_REUSED") return { kind: "keyReused", reply, error: replyMessage(reply, status) };
    if (status === 400 || status === 422) return { kind: "invalid", status, reply: reply ?? {}, error: replyMessage(reply, status) };
    if (status >= 500) return { kind: "uncertain", status, reply, error: replyMessage(reply, status) };
    return { kind: "refused", status, reply, error: replyMessage(reply, status) };
  }

  async function list(query: string): Promise<LookupOutcome> {
    const answered = await call(`/documents?${query}`);
    if ("error" in answered) return { kind: "failed", error: answered.error };
    const { response } = answered;
    let reply: BaseReply | null = null;
    try {
      reply = await readReply(response);
    } catch (err) {
      return { kind: "failed", error: bounded(errorText(err)) };
    }
    if (response.status !== 200 || !Array.isArray(reply?.data)) return { kind: "failed", error: replyMessage(reply, response.status) };
    return { kind: "found", documents: reply.data as BaseDocument[] };
  }

  /** One of BASE's lookups of its own ids: found, unknown (404), or not to be had now. */
  async function lookupOne<T>(path: string, pick: (reply: BaseReply) => T | null): Promise<BaseAnswer<T>> {
    const answered = await call(path);
    if ("error" in answered) return { kind: "unreachable", reason: answered.error };
    const { response } = answered;
    let reply: BaseReply | null;
    try {
      reply = await readReply(response);
    } catch (err) {
      return { kind: "unreachable", reason: bounded(errorText(err)) };
    }
    if (response.status === 404) return { kind: "unknown" };
    const value = response.status === 200 && reply ? pick(reply) : null;
    return value === null ? { kind: "unreachable", reason: replyMessage(reply, response.status) } : { kind: "found", value };
  }

  const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);
  const path = (value: string) => encodeURIComponent(value);

  return {
    address: settings.url,
    send,
    lookup: (reference) => list(`reference=${encodeURIComponent(reference)}`),
    documentsOf: (date) => list(`date=${encodeURIComponent(date)}`),
    directory: {
      branchId: (branchCode) => lookupOne(`/branches/${path(branchCode)}`, (r) => text(r.branchId)),
      itemCode: (chargeCode, branchCode) =>
        lookupOne(`/items?chargeCode=${path(chargeCode)}&branchCode=${path(branchCode)}`, (r) => {
          const itemCode = text(r.itemCode);
          return itemCode ? { itemCode, description: text(r.description) ?? "" } : null;
        }),
      profitCenter: (vesselCode) => lookupOne(`/profitCenters/${path(vesselCode)}`, (r) => text(r.profitCenter)),
    },
  };
}

const connectors = new WeakMap<BaseSettings, BaseConnector>();

/** The connector of these settings, made once; null when no BASE is configured. */
export function connectorFor(settings: BaseSettings | null): BaseConnector | null {
  if (!settings) return null;
  let connector = connectors.get(settings);
  if (!connector) {
    connector = createBaseConnector(settings);
    connectors.set(settings, connector);
  }
  return connector;
}
