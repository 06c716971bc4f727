import type { Tx } from "../../../../db/client.ts";
import { postings } from "../../../../db/schema/index.ts";
import { sha256Hex } from "../../../shared/tokens.ts";

/** The documents BASE receives (domain notes §10). */
export const POSTING_DOC_TYPES = ["INVOICE", "COLLECTION_RECEIPT", "PDC_CLEARING", "MANUAL_SI", "REVERSAL"] as const;
export type PostingDocType = (typeof POSTING_DOC_TYPES)[number];

export interface PostingRequest {
  docType: PostingDocType;
  docId: number;
  revision: number;
  /** Of a REVERSAL: the key of the posting it reverses. */
  reversesKey?: string;
  /** Lading's number of the document (invoice no., receipt no.): BASE is asked by it when a send is uncertain. */
  reference: string;
  branchCode: string;
  voyageNum?: string | null;
  documentDate: string;
  totals: { gross: string; vat: string; ewt: string; wvat: string; cash: string };
  payload: Record<string, unknown>;
  requestedBy: string;
}

/** `INVOICE:1042:r1`; a reversal names what it reverses: `REVERSAL:INVOICE:1042:r1`. */
export function idempotencyKeyOf(request: Pick<PostingRequest, "docType" | "docId" | "revision" | "reversesKey">): string {
  return request.docType === "REVERSAL" ? `REVERSAL:${request.reversesKey}` : `${request.docType}:${request.docId}:r${request.revision}`;
}

/**
 * JSON with its keys in a fixed order, so the same payload always hashes the same whatever order it was built in.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * Writes a document's posting in the caller's transaction (the outbox): it is sent to BASE only if the document
 * itself was committed, and never lost if the process stops after the commit. It starts PENDING; the relay holds
 * it (HELD, visible) while no BASE is configured, as the e-mail outbox does. Answers the row's key.
 */
export async function enqueuePosting(tx: Tx, request: PostingRequest): Promise<string> {
  const idempotencyKey = idempotencyKeyOf(request);
  const payload = { ...request.payload, idempotencyKey };
  await tx.insert(postings).values({
    docType: request.docType,
    docId: request.docId,
    revision: request.revision,
    reversesKey: request.reversesKey ?? null,
    idempotencyKey,
    reference: request.reference,
    branchCode: request.branchCode,
    voyageNum: request.voyageNum ?? null,
    documentDate: request.documentDate,
    totals: request.totals,
    payload,
    payloadHash: await sha256Hex(canonicalJson(payload)),
    status: "PENDING",
    requestedBy: request.requestedBy,
  });
  return idempotencyKey;
}
