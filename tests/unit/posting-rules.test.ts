import { describe, expect, it } from "vitest";
import {
  backoffSeconds,
  compareWithBase,
  groupOf,
  jitterOf,
  MAX_POSTING_ATTEMPTS,
  reconcile,
  type ReconciledPosting,
} from "../../api/modules/accounting/posting/rules.ts";

/** The posting outbox's back-off and the daily reconciliation (domain notes §10), on the notes' vectors. */

describe("the back-off between attempts", () => {
  it("with the jitter at 1 waits 30, 60, 120, 240, 480, 960, 1920 and 3600 s: 8 attempts, 7,410 s in all", () => {
    const delays = Array.from({ length: MAX_POSTING_ATTEMPTS }, (_, i) => backoffSeconds(i + 1));
    expect(delays).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600]);
    expect(delays.reduce((a, b) => a + b, 0)).toBe(7410);
    expect(MAX_POSTING_ATTEMPTS).toBe(8);
  });

  it("never waits more than an hour, however many attempts", () => {
    expect(backoffSeconds(12)).toBe(3600);
  });

  it("spreads each wait by a factor from 0.8 to 1.2", () => {
    expect([jitterOf(0), jitterOf(0.5)]).toEqual([0.8, 1]);
    expect(jitterOf(0.999999)).toBeLessThan(1.2);
    expect(backoffSeconds(1, jitterOf(0))).toBe(24);
    expect(backoffSeconds(8, jitterOf(0.999999))).toBeCloseTo(4320, 0);
  });
});

describe("the daily reconciliation", () => {
  const day = "2025-04-24";
  const totals = (gross: string) => ({ gross, vat: "0.00", ewt: "0.00", wvat: "0.00", cash: "0.00" });
  // The vector of domain notes §10: one voyage's documents of 2025-04-24.
  const postings: (ReconciledPosting & { key: string })[] = [
    { key: "INVOICE:1:r1", documentDate: day, voyageNum: "VOY-1", status: "CONFIRMED", totals: totals("46820.75") },
    { key: "INVOICE:2:r1", documentDate: day, voyageNum: "VOY-1", status: "CONFIRMED", totals: totals("10000.00") },
    { key: "COLLECTION_RECEIPT:1:r1", documentDate: day, voyageNum: "VOY-1", status: "UNCERTAIN", totals: totals("45983.06") },
    { key: "INVOICE:3:r1", documentDate: day, voyageNum: "VOY-1", status: "FAILED_PERMANENT", totals: totals("112000.00") },
  ];

  it("shows posted 2 / 56,820.75, pending 1 / 45,983.06 and failed 1 / 112,000.00", () => {
    const [row, ...others] = reconcile(postings);
    expect(others).toEqual([]);
    expect([row.documentDate, row.voyageNum]).toEqual([day, "VOY-1"]);
    expect([row.posted.count, row.posted.totals.gross]).toEqual([2, "56820.75"]);
    expect([row.pending.count, row.pending.totals.gross]).toEqual([1, "45983.06"]);
    expect([row.failed.count, row.failed.totals.gross]).toEqual([1, "112000.00"]);
  });

  it("counts held, pending, sending and retrying rows as pending", () => {
    expect(["HELD", "PENDING", "SENDING", "FAILED_RETRYABLE", "UNCERTAIN", "CONFIRMED", "FAILED_PERMANENT"].map(groupOf))
      .toEqual(["pending", "pending", "pending", "pending", "pending", "posted", "failed"]);
  });

  it("keeps days and voyages apart, and adds every total (a reversal's are negative)", () => {
    const rows = reconcile([
      { documentDate: "2025-04-25", voyageNum: "VOY-2", status: "CONFIRMED", totals: { gross: "112000.00", vat: "12000.00", ewt: "2000.00", wvat: "0.00", cash: "110000.00" } },
      { documentDate: "2025-04-25", voyageNum: "VOY-2", status: "CONFIRMED", totals: { gross: "-10000.00", vat: "-1071.43", ewt: "0.00", wvat: "0.00", cash: "0.00" } },
      { documentDate: "2025-04-24", voyageNum: null, status: "PENDING", totals: totals("500.00") },
      { documentDate: "2025-04-24", voyageNum: "VOY-1", status: "PENDING", totals: totals("300.00") },
    ]);
    expect(rows.map((r) => [r.documentDate, r.voyageNum])).toEqual([["2025-04-24", "VOY-1"], ["2025-04-24", null], ["2025-04-25", "VOY-2"]]);
    expect(rows[2].posted).toEqual({ count: 2, totals: { gross: "102000.00", vat: "10928.57", ewt: "2000.00", wvat: "0.00", cash: "110000.00" } });
  });

  it("lists the documents found on one side only: an uncertain receipt BASE holds, an invoice BASE lost", () => {
    const lading = postings.map((p) => ({ idempotencyKey: p.key, reference: p.key, docType: p.key.split(":")[0], status: p.status, gross: p.totals.gross }));
    const base = [
      { idempotencyKey: "INVOICE:1:r1", reference: "INVOICE:1:r1", docType: "INVOICE", gross: "46820.75" },
      { idempotencyKey: "COLLECTION_RECEIPT:1:r1", reference: "COLLECTION_RECEIPT:1:r1", docType: "COLLECTION_RECEIPT", gross: "45983.06" },
    ];
    const compared = compareWithBase(lading, base);
    expect(compared.onlyInLading.map((p) => p.idempotencyKey)).toEqual(["INVOICE:2:r1"]);
    expect(compared.onlyInBase.map((b) => b.idempotencyKey)).toEqual(["COLLECTION_RECEIPT:1:r1"]);
    expect(compared.amountsDiffer).toEqual([]);
    expect(compared.totals).toEqual({ lading: "56820.75", base: "92803.81" });
    const wrong = compareWithBase(lading, [{ ...base[0], gross: "46820.70" }]);
    expect(wrong.amountsDiffer).toEqual([{ idempotencyKey: "INVOICE:1:r1", reference: "INVOICE:1:r1", lading: "46820.75", base: "46820.70" }]);
  });
});
