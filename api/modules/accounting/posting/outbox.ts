import { and, eq } from "drizzle-orm";
import type { Tx } from "../../../../db/client.ts";
import { postings } from "../../../../db/schema/index.ts";
import { AppError } from "../../../shared/errors.ts";
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

/** The hash a payload is written and sent with: BASE refuses a key it saw with another hash, and so does the relay. */
export const payloadHashOf = (payload: unknown): Promise<string> => sha256Hex(canonicalJson(payload));

/**
 * What BASE receives: the document's own fields (lines, parties) with what every posting says about itself, so
 * BASE can book it without asking back: its key, type, revision, reference, branch, voyage, date and totals.
 */
function payloadOf(request: PostingRequest, idempotencyKey: string): Record<string, unknown> {
  return {
    ...request.payload,
    idempotencyKey,
    docType: request.docType,
    revision: request.revision,
    ...(request.reversesKey ? { reversesKey: request.reversesKey } : {}),
    reference: request.reference,
    branchCode: request.branchCode,
    voyageNum: request.voyageNum ?? null,
    documentDate: request.documentDate,
    totals: request.totals,
  };
}

/**
 * Writes a document's posting in the caller's transaction (the outbox): it is sent to BASE only if the document
 * itself was committed, and never lost if the process stops after the commit. It starts PENDING; the relay holds
 * it (HELD, visible) while no BASE is configured, as the e-mail outbox does. Answers the row's key.
 *
 * A key is written once. Writing it again with the same content changes nothing (a retried request); with other
 * content it is refused: what was, or may have been, sent under a key never changes. A document posts again only
 * at its next revision, once the revision before it is reversed; a reversal names a posting that exists.
 */
export async function enqueuePosting(tx: Tx, request: PostingRequest): Promise<string> {
  const idempotencyKey = idempotencyKeyOf(request);
  const payload = payloadOf(request, idempotencyKey);
  const payloadHash = await payloadHashOf(payload);
  const [existing] = await tx.select({ payloadHash: postings.payloadHash }).from(postings).where(eq(postings.idempotencyKey, idempotencyKey));
  if (existing) return sameContent(idempotencyKey, existing.payloadHash, payloadHash);
  if (request.docType === "REVERSAL") {
    const [reversed] = await tx.select({ id: postings.id }).from(postings).where(eq(postings.idempotencyKey, request.reversesKey ?? ""));
    if (!reversed) throw new AppError("CONFLICT", `There is no posting ${request.reversesKey} to reverse.`);
  } else if (request.revision > 1) {
    const before = `${request.docType}:${request.docId}:r${request.revision - 1}`;
    const [reversal] = await tx.select({ id: postings.id }).from(postings)
      .where(and(eq(postings.docType, "REVERSAL"), eq(postings.reversesKey, before)));
    if (!reversal) {
      throw new AppError("CONFLICT", `${idempotencyKey} cannot be posted before ${before} is reversed: post its REVERSAL first.`);
    }
  }
  const written = await tx.insert(postings).values({
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
    payloadHash,
    status: "PENDING",
    requestedBy: request.requestedBy,
  }).onConflictDoNothing().returning({ id: postings.id });
  if (written.length === 0) {
    // Another transaction wrote the key between the look and the insert.
    const [raced] = await tx.select({ payloadHash: postings.payloadHash }).from(postings).where(eq(postings.idempotencyKey, idempotencyKey));
    return sameContent(idempotencyKey, raced?.payloadHash ?? "", payloadHash);
  }
  return idempotencyKey;
}

function sameContent(key: string, written: string, asked: string): string {
  if (written === asked) return key;
  throw new AppError(
    "CONFLICT",
    `${key} was written with other content; what is posted under a key never changes. Post a REVERSAL and the document at its next revision.`,
  );
}
