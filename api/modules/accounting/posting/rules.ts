import { formatCentavos, toCentavos } from "../../../shared/money.ts";

/**
 * The posting outbox to BASE (domain notes §10): its delivery states, the back-off between attempts and the
 * daily reconciliation. Pure.
 */

/**
 * A posting's delivery state. Like the e-mail outbox's, a queue the relay works, not a business workflow:
 * HELD while no BASE is configured; PENDING until first sent; SENDING while a relay holds it (its lease in
 * nextAttemptAt); CONFIRMED once BASE holds it; FAILED_RETRYABLE when BASE could not be reached or refused it
 * for the moment; UNCERTAIN when it may have arrived (a timeout, a dropped answer, a 5xx); FAILED_PERMANENT
 * after the last attempt or a refusal of its data, on the exceptions list until someone sends it again.
 */
export const POSTING_STATUSES = ["HELD", "PENDING", "SENDING", "CONFIRMED", "FAILED_RETRYABLE", "UNCERTAIN", "FAILED_PERMANENT"] as const;
export type PostingStatus = (typeof POSTING_STATUSES)[number];

/** States a relay picks a row up from once its next attempt is due. */
export const WAITING_STATUSES = ["HELD", "PENDING", "FAILED_RETRYABLE", "UNCERTAIN"] as const satisfies readonly PostingStatus[];

/** States someone may send again by hand (with the same key). */
export const RETRYABLE_BY_HAND = ["HELD", "FAILED_RETRYABLE", "UNCERTAIN", "FAILED_PERMANENT"] as const satisfies readonly PostingStatus[];

/** Attempts before a posting is FAILED_PERMANENT and on the exceptions list. */
export const MAX_POSTING_ATTEMPTS = 8;
const FIRST_DELAY_SECONDS = 30;
const LONGEST_DELAY_SECONDS = 3600;
/** The spread of the jitter: a delay is multiplied by a factor from 0.8 to 1.2, so failed rows do not all come back at once. */
export const JITTER = { min: 0.8, max: 1.2 } as const;

/** The wait after the `attempt`-th failed attempt: min(30 s × 2^(attempt−1), 3600 s) × jitter. */
export function backoffSeconds(attempt: number, jitter = 1): number {
  const base = Math.min(FIRST_DELAY_SECONDS * 2 ** (Math.max(attempt, 1) - 1), LONGEST_DELAY_SECONDS);
  return base * jitter;
}

/** A jitter factor from a uniform random number in [0, 1). */
export const jitterOf = (random: number): number => JITTER.min + (JITTER.max - JITTER.min) * random;

/** How long one claim by a relay holds a row in SENDING; a relay that stopped leaves it, and the row is then UNCERTAIN. */
export const SENDING_LEASE_SECONDS = 120;

// ---------------------------------------------------------------------------------------------------------
// Daily reconciliation (domain notes §10)

export interface PostingTotals {
  gross: string;
  vat: string;
  ewt: string;
  wvat: string;
  cash: string;
}

export const ZERO_TOTALS: PostingTotals = { gross: "0.00", vat: "0.00", ewt: "0.00", wvat: "0.00", cash: "0.00" };

/** The three columns of the report: in BASE, still on its way, and given up until someone acts. */
export const RECONCILIATION_GROUPS = {
  posted: ["CONFIRMED"],
  pending: ["HELD", "PENDING", "SENDING", "FAILED_RETRYABLE", "UNCERTAIN"],
  failed: ["FAILED_PERMANENT"],
} as const satisfies Record<string, readonly PostingStatus[]>;
export type ReconciliationGroup = keyof typeof RECONCILIATION_GROUPS;

export function groupOf(status: string): ReconciliationGroup {
  for (const [group, statuses] of Object.entries(RECONCILIATION_GROUPS) as [ReconciliationGroup, readonly string[]][]) {
    if (statuses.includes(status)) return group;
  }
  return "pending";
}

export interface CountAndTotals {
  count: number;
  totals: PostingTotals;
}

export interface ReconciliationRow {
  documentDate: string;
  voyageNum: string | null;
  posted: CountAndTotals;
  pending: CountAndTotals;
  failed: CountAndTotals;
}

export interface ReconciledPosting {
  documentDate: string;
  voyageNum: string | null;
  status: string;
  totals: PostingTotals;
}

function add(a: PostingTotals, b: PostingTotals): PostingTotals {
  const sum = (k: keyof PostingTotals) => formatCentavos(toCentavos(a[k]) + toCentavos(b[k]));
  return { gross: sum("gross"), vat: sum("vat"), ewt: sum("ewt"), wvat: sum("wvat"), cash: sum("cash") };
}

const empty = (): CountAndTotals => ({ count: 0, totals: { ...ZERO_TOTALS } });

/**
 * Counts and totals (gross, VAT, EWT, WVAT, cash) of posted, pending and failed documents per day and voyage,
 * days in order and voyages by number within a day (documents of no voyage last).
 */
export function reconcile(postings: readonly ReconciledPosting[]): ReconciliationRow[] {
  const rows = new Map<string, ReconciliationRow>();
  for (const p of postings) {
    const key = `${p.documentDate} ${p.voyageNum ?? ""}`;
    let row = rows.get(key);
    if (!row) {
      row = { documentDate: p.documentDate, voyageNum: p.voyageNum, posted: empty(), pending: empty(), failed: empty() };
      rows.set(key, row);
    }
    const cell = row[groupOf(p.status)];
    cell.count += 1;
    cell.totals = add(cell.totals, p.totals);
  }
  return [...rows.values()].sort((a, b) =>
    a.documentDate.localeCompare(b.documentDate) || (a.voyageNum ?? "\uffff").localeCompare(b.voyageNum ?? "\uffff")
  );
}

export interface LadingSide {
  idempotencyKey: string;
  reference: string;
  docType: string;
  status: string;
  gross: string;
}

export interface BaseSide {
  idempotencyKey: string;
  reference: string;
  docType: string;
  gross: string;
}

export interface Comparison {
  /** Lading counts it posted (CONFIRMED) and BASE does not hold it. */
  onlyInLading: LadingSide[];
  /** BASE holds it and Lading does not count it posted (a send whose answer was lost, not yet looked up). */
  onlyInBase: BaseSide[];
  /** On both sides with a different gross amount. */
  amountsDiffer: { idempotencyKey: string; reference: string; lading: string; base: string }[];
  totals: { lading: string; base: string };
}

/** Lading's posted documents of a day against what BASE holds for that day, matched by idempotency key. */
export function compareWithBase(lading: readonly LadingSide[], base: readonly BaseSide[]): Comparison {
  const posted = lading.filter((p) => p.status === "CONFIRMED");
  const inBase = new Map(base.map((b) => [b.idempotencyKey, b]));
  const inLading = new Map(posted.map((p) => [p.idempotencyKey, p]));
  const sum = (amounts: string[]) => formatCentavos(amounts.reduce((t, a) => t + toCentavos(a), 0n));
  return {
    onlyInLading: posted.filter((p) => !inBase.has(p.idempotencyKey)),
    onlyInBase: base.filter((b) => !inLading.has(b.idempotencyKey)),
    amountsDiffer: posted.flatMap((p) => {
      const b = inBase.get(p.idempotencyKey);
      return b && toCentavos(b.gross) !== toCentavos(p.gross) ? [{ idempotencyKey: p.idempotencyKey, reference: p.reference, lading: p.gross, base: b.gross }] : [];
    }),
    totals: { lading: sum(posted.map((p) => p.gross)), base: sum(base.map((b) => b.gross)) },
  };
}
