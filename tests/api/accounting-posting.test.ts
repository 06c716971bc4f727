import { spawn } from "node:child_process";
import path from "node:path";
import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configureBase, createBaseConnector, enqueuePosting, relayPostings } from "../../api/modules/accounting/index.ts";
import type { BaseConnector } from "../../api/modules/accounting/posting/connector.ts";
import { postingRelayJob } from "../../api/modules/accounting/posting/jobs.ts";
import type { BaseSettings } from "../../api/http/config.ts";
import { manilaToday } from "../../api/shared/dates.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog, branches, chargeItemCodes, postings, vessels } from "../../db/schema/index.ts";
import { type AccountingWorld, seedAccountingWorld } from "../support/accounting-world.ts";
import { makeTestApp, type TestApp } from "../support/app.ts";
import { type BaseServer, startBaseServer } from "../support/base-server.ts";
import { backend, openTestDatabase } from "../support/test-db.ts";
import { REPO_ROOT } from "../support/repo.ts";

/**
 * Posting to BASE (issue 23 item 5; domain notes §10) against a real HTTP server speaking the contract of
 * api/modules/accounting/README.md: every invoice and its cancellation reach BASE exactly once, whatever BASE
 * does (down for a while, an answer lost, a 5xx after storing, a refusal), a relay that dies mid-send included.
 */

let handle: DatabaseHandle;
/** The app without a BASE (postings wait HELD) and the one whose settings name the test BASE. */
let plain: TestApp;
let withBase: TestApp;
let base: BaseServer;
let settings: BaseSettings;
let connector: BaseConnector;
let w: AccountingWorld;
const json = (res: Response) => res.json() as Promise<any>;

/** The relay's clock, moved on by hand: an attempt is due when its back-off has run out on this clock. */
let clock = Date.now();
const at = () => new Date(clock);
const later = (seconds: number) => (clock += seconds * 1000);
/** A jitter of exactly 1: the back-off's delays are 30, 60, 120 ... s. */
const random = () => 0.5;
const relay = (o: Parameters<typeof relayPostings>[1] = { connector: null }) => relayPostings(handle.db, { now: at, random, ...o });

const callAs = (app: TestApp) => (who: string, method: string, path: string, body?: unknown) => app.call(method, `/api${path}`, { token: w.tokens[who], body });

/** A voyage with its origin CRO accounting at Manila and invoices of the given amounts, issued; answers them. */
async function invoicedVoyage(ref: string, amounts: string[]) {
  const voyageNum = await w.voyage(ref);
  const cro = (await json(await callAs(plain)("cashier", "POST", "/CROAccounting", { voyageNum, branchCode: "MNL", side: "Origin" }))).data;
  for (const amount of amounts) await w.waybill([{ chargeCode: "001", chargeValue: amount, availableTo: "P" }], { voyageNum });
  const generated = await json(await callAs(plain)("cashier", "POST", `/CROAccounting/generateWaybillInvoice/${cro.id}`, {}));
  expect(generated.data.length, JSON.stringify(generated)).toBe(amounts.length);
  const keys = generated.data.map((i: any) => `INVOICE:${i.id}:r1`) as string[];
  // The relay's clock is never behind the moment the postings were written.
  clock = Math.max(clock, Date.now()) + 1000;
  return { voyageNum, cro, invoices: generated.data as any[], keys };
}

const postingOf = async (key: string) => (await handle.db.select().from(postings).where(eq(postings.idempotencyKey, key)))[0];
const statesOf = async (keys: string[]) => Promise.all(keys.map(async (k) => (await postingOf(k)).status));

beforeAll(async () => {
  handle = await openTestDatabase();
  base = await startBaseServer();
  settings = { url: base.url, apiKey: base.apiKey, timeoutMs: 3000 };
  connector = createBaseConnector(settings);
  plain = makeTestApp(handle.db);
  withBase = makeTestApp(handle.db, { base: settings });
  w = await seedAccountingWorld(handle.db, plain);
}, 120_000);
afterAll(async () => {
  await base?.stop();
  await handle?.close();
});

describe("without a BASE", () => {
  it("holds the postings where the cashier sees them, and sends nothing", async () => {
    const { voyageNum, keys } = await invoicedVoyage("V-HELD", ["1120.00"]);
    const page = async () => json(await callAs(plain)("cashier", "GET", `/CROAccounting/Posting/voyage/${voyageNum}`));
    expect((await page()).data.map((p: any) => [p.idempotencyKey, p.status])).toEqual([[keys[0], "PENDING"]]);
    const done = await relay();
    expect(done.held).toBeGreaterThanOrEqual(1);
    const shown = await page();
    expect(shown.baseConfigured).toBe(false);
    expect(shown.data.map((p: any) => [p.idempotencyKey, p.status, p.totals.gross])).toEqual([[keys[0], "HELD", "1120.00"]]);
    expect(base.sends()).not.toContain(keys[0]);
    // Another branch's cashier sees none of them; a voyage that does not exist is a 404.
    expect((await json(await plain.call("GET", `/api/CROAccounting/Posting/voyage/NO-SUCH`, { token: w.tokens.cashier }))).message).toBe("Voyage NO-SUCH was not found.");
  });
});

describe("post CRO", () => {
  it("posts the record and sends its invoices now, answering BASE's custDetails and message", async () => {
    const { voyageNum, cro, invoices: issued, keys } = await invoicedVoyage("V-POSTCRO", ["112000.00"]);
    const res = await callAs(withBase)("cashier", "PUT", `/CROAccounting/postCRO/${cro.id}`);
    const body = await json(res);
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.message).toBe("CRO accounting posted successfully. 1 of 1 posted to BASE.");
    expect(body.data.status).toBe("Posted");
    expect(body.custDetails).toEqual([{ customerCode: "PHT", name: "Pacific Harbor Trading Corp." }]);
    const [posted] = body.postings;
    expect(posted).toMatchObject({
      idempotencyKey: keys[0], status: "CONFIRMED", externalRef: base.documents().find((d) => d.idempotencyKey === keys[0])!.documentId,
      custDetails: { customerCode: "PHT", name: "Pacific Harbor Trading Corp." }, message: `Document ${issued[0].invoiceNo} posted as ${posted.externalRef}`,
      attempts: 1, lastError: null,
    });
    // BASE received what the invoice says, under its key.
    const [doc] = base.documents().filter((d) => d.idempotencyKey === keys[0]);
    expect(doc.payload).toMatchObject({
      idempotencyKey: keys[0], docType: "INVOICE", revision: 1, reference: issued[0].invoiceNo, branchCode: "MNL", voyageNum, documentDate: manilaToday(),
      totals: { gross: "112000.00", vat: "12000.00", ewt: "0.00", wvat: "0.00", cash: "0.00" },
      amounts: { vatableSales: "100000.00", vatAmount: "12000.00", total: "112000.00" },
    });
    // Posting to BASE again asks nothing of BASE: the document is there.
    const again = await json(await callAs(withBase)("cashier", "POST", `/CROAccounting/postCROToBase/${cro.id}`));
    expect(again.message).toBe("1 of 1 posted to BASE.");
    expect(base.sends().filter((k) => k === keys[0]).length).toBe(1);
    const page = await json(await callAs(withBase)("cashier", "GET", `/CROAccounting/Posting/voyage/${voyageNum}`));
    expect([page.baseConfigured, page.data.map((p: any) => [p.status, p.custDetails.name])]).toEqual([true, [["CONFIRMED", "Pacific Harbor Trading Corp."]]]);
  });

  it("clicked 20 times at once writes one outbox row and one BASE document", async () => {
    const { invoices: issued, cro, keys } = await invoicedVoyage("V-20CLICKS", ["5600.00"]);
    const answers = await Promise.all(Array.from({ length: 20 }, () => callAs(withBase)("cashier", "PUT", `/CROAccounting/postCRO/${cro.id}`)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const rows = await handle.db.select().from(postings).where(and(eq(postings.docType, "INVOICE"), eq(postings.docId, issued[0].id)));
    expect(rows.map((r) => [r.idempotencyKey, r.status])).toEqual([[keys[0], "CONFIRMED"]]);
    expect(base.countOf(keys[0])).toBe(1);
    expect(base.sends().filter((k) => k === keys[0]).length).toBe(1);
  });
});

describe("a BASE that misbehaves", () => {
  it("down for a stretch, then up: every document is posted exactly once", async () => {
    const { keys } = await invoicedVoyage("V-DOWN", ["100.00", "200.00", "300.00"]);
    await base.down();
    let down = true;
    try {
      const first = await relay({ connector, ids: await idsOf(keys) });
      expect(first.counts).toEqual({ confirmed: 0, retrying: 3, uncertain: 0, failed: 0 });
      expect(await statesOf(keys)).toEqual(["FAILED_RETRYABLE", "FAILED_RETRYABLE", "FAILED_RETRYABLE"]);
      const row = await postingOf(keys[0]);
      expect(row.lastError).toMatch(/^BASE could not be reached: /);
      // Nothing is due before its back-off of 30 s runs out.
      expect(row.nextAttemptAt.getTime()).toBe(clock + 30_000);
      later(10);
      expect((await relay({ connector, ids: await idsOf(keys) })).rows).toEqual([]);
      later(25);
      expect((await relay({ connector, ids: await idsOf(keys) })).counts.retrying).toBe(3);
      expect((await postingOf(keys[0])).nextAttemptAt.getTime()).toBe(clock + 60_000);
      await base.up();
      down = false;
      later(61);
      const back = await relay({ connector, ids: await idsOf(keys) });
      expect(back.counts).toEqual({ confirmed: 3, retrying: 0, uncertain: 0, failed: 0 });
      for (const key of keys) {
        expect(base.countOf(key)).toBe(1);
        expect((await postingOf(key)).attempts).toBe(3);
      }
    } finally {
      if (down) await base.up();
    }
  });

  it("an answer lost after BASE stored the document: looked up, confirmed, sent once", async () => {
    const { keys, invoices: issued } = await invoicedVoyage("V-DROP", ["450.00"]);
    base.setMode("dropAnswer", { times: 1 });
    const first = await relay({ connector, ids: await idsOf(keys) });
    expect(first.counts.uncertain).toBe(1);
    expect(base.countOf(keys[0])).toBe(1);
    const uncertain = await postingOf(keys[0]);
    expect([uncertain.status, uncertain.lastError?.startsWith("BASE's answer is not known")]).toEqual(["UNCERTAIN", true]);
    later(31);
    await relay({ connector, ids: await idsOf(keys) });
    const confirmed = await postingOf(keys[0]);
    expect([confirmed.status, confirmed.externalRef]).toEqual(["CONFIRMED", base.documents().find((d) => d.idempotencyKey === keys[0])!.documentId]);
    // Asked by its invoice number, never sent a second time.
    expect(base.lookups()).toContain(issued[0].invoiceNo);
    expect(base.sends().filter((k) => k === keys[0]).length).toBe(1);
    expect(base.countOf(keys[0])).toBe(1);
  });

  it("a 5xx after storing: uncertain, then found by the lookup", async () => {
    const { keys } = await invoicedVoyage("V-5XX", ["650.00"]);
    base.setMode("fail5xxAfterStore", { times: 1 });
    await relay({ connector, ids: await idsOf(keys) });
    expect((await postingOf(keys[0])).status).toBe("UNCERTAIN");
    later(31);
    await relay({ connector, ids: await idsOf(keys) });
    expect((await postingOf(keys[0])).status).toBe("CONFIRMED");
    expect(base.countOf(keys[0])).toBe(1);
    expect(base.sends().filter((k) => k === keys[0]).length).toBe(1);
  });

  it("a refusal of the data is given up at once and listed as an exception; sent again by hand it goes under the same key", async () => {
    const { keys, invoices: issued } = await invoicedVoyage("V-4XX", ["750.00"]);
    base.setMode("refuse4xx", { times: 1 });
    await relay({ connector, ids: await idsOf(keys) });
    const refused = await postingOf(keys[0]);
    expect([refused.status, refused.lastError]).toEqual(["FAILED_PERMANENT", `BASE refused the document: The customer of ${issued[0].invoiceNo} is not in BASE.`]);
    const exceptions = await json(await callAs(withBase)("cashier", "GET", "/CROAccounting/Posting/exceptions"));
    expect(exceptions.data.map((p: any) => p.idempotencyKey)).toContain(keys[0]);
    const retried = await callAs(withBase)("cashier", "PUT", `/CROAccounting/Posting/retry/${refused.id}`);
    const body = await json(retried);
    expect([retried.status, body.data.status, body.data.idempotencyKey, body.message]).toEqual([200, "CONFIRMED", keys[0], "1 of 1 posted to BASE."]);
    expect(base.sends().filter((k) => k === keys[0])).toEqual([keys[0], keys[0]]);
    expect(base.countOf(keys[0])).toBe(1);
    const [audit] = await handle.db.select().from(auditLog).where(and(eq(auditLog.action, "POSTING_RETRIED"), eq(auditLog.target, `posting:${keys[0]}`)));
    expect((audit.detail as any).before).toEqual({ status: "FAILED_PERMANENT", attempts: 1 });
    const again = await callAs(withBase)("cashier", "PUT", `/CROAccounting/Posting/retry/${refused.id}`);
    expect([again.status, (await json(again)).message]).toEqual([409, `Posting ${keys[0]} is CONFIRMED; only a held, failed or uncertain posting is sent again.`]);
  });

  it("gives up after 8 attempts 30, 60 ... 1,920 s apart, and puts the posting on the exceptions list", async () => {
    const { keys } = await invoicedVoyage("V-GIVEUP", ["850.00"]);
    await base.down();
    try {
        const waits: number[] = [];
        for (let attempt = 1; attempt <= 8; attempt++) {
          await relay({ connector, ids: await idsOf(keys) });
          const row = await postingOf(keys[0]);
          expect(row.attempts).toBe(attempt);
          if (attempt < 8) waits.push((row.nextAttemptAt.getTime() - clock) / 1000);
          later(3601);
        }
        expect(waits).toEqual([30, 60, 120, 240, 480, 960, 1920]);
        const given = await postingOf(keys[0]);
        expect(given.status).toBe("FAILED_PERMANENT");
        expect(given.lastError).toMatch(/\(given up after 8 attempts\)$/);
    } finally {
      await base.up();
    }
  });

  it("counts BASE's 'already exists' as posted and takes BASE's id from the lookup", async () => {
    const { keys, invoices: issued } = await invoicedVoyage("V-EXISTS", ["950.00"]);
    const typed = base.storeByHand({ docType: "INVOICE", reference: issued[0].invoiceNo, revision: 1, gross: "950.00", documentDate: manilaToday(), branchCode: "MNL" });
    await relay({ connector, ids: await idsOf(keys) });
    const row = await postingOf(keys[0]);
    expect([row.status, row.externalRef]).toEqual(["CONFIRMED", typed.documentId]);
    expect(base.countOf(keys[0])).toBe(0);
  });
});

describe("a relay stopped after BASE accepted a document and before Lading recorded it", () => {
  it("leaves the row SENDING; started again after its lease, it finds the document in BASE and sends nothing twice", async () => {
    const { keys } = await invoicedVoyage("V-STOP", ["1050.00"]);
    // The process dies right after BASE stored the document: nothing of the answer is written.
    const dying: BaseConnector = {
      ...connector,
      send: async (posting) => {
        await connector.send(posting);
        throw new Error("the relay's process stopped");
      },
    };
    await expect(relay({ connector: dying, ids: await idsOf(keys) })).rejects.toThrow("the relay's process stopped");
    expect((await postingOf(keys[0])).status).toBe("SENDING");
    expect(base.countOf(keys[0])).toBe(1);
    // Another relay meanwhile leaves it alone: its claim holds for 120 s.
    later(60);
    expect((await relay({ connector, ids: await idsOf(keys) })).rows).toEqual([]);
    later(61);
    const restarted = await relay({ connector, ids: await idsOf(keys) });
    expect(restarted.released).toBe(1);
    expect((await postingOf(keys[0])).status).toBe("CONFIRMED");
    expect(base.countOf(keys[0])).toBe(1);
    expect(base.sends().filter((k) => k === keys[0]).length).toBe(1);
  });

  it.skipIf(backend !== "postgres")("the same with a real `lading post` process killed while BASE holds its answer", async () => {
    const { keys, voyageNum } = await invoicedVoyage("V-KILL", ["1150.00"]);
    base.setMode("holdAnswer", { onlyKey: keys[0] });
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${handle.location}`;
    const child = spawn(path.join(REPO_ROOT, "node_modules/.bin/deno"), ["run", "-A", "cli/main.ts", "post", "--voyage", voyageNum], {
      cwd: REPO_ROOT, env: { ...process.env, DATABASE_URL: url.toString(), BASE_URL: base.url, BASE_API_KEY: base.apiKey }, stdio: "ignore",
    });
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    await base.stored(keys[0]);
    child.kill("SIGKILL");
    await exited;
    base.setMode("normal");
    base.releaseHeld();
    expect((await postingOf(keys[0])).status).toBe("SENDING");
    clock = Math.max(clock, Date.now()) + 121_000;
    await relay({ connector, ids: await idsOf(keys) });
    expect((await postingOf(keys[0])).status).toBe("CONFIRMED");
    expect(base.countOf(keys[0])).toBe(1);
    expect(base.sends().filter((k) => k === keys[0]).length).toBe(1);
  }, 120_000);
});

describe("what BASE received never changes", () => {
  it("refuses another payload under a confirmed key, and a new revision before the reversal; a reversal then the next revision go", async () => {
    const { keys, invoices: issued } = await invoicedVoyage("V-REVISE", ["2240.00"]);
    await relay({ connector, ids: await idsOf(keys) });
    const confirmed = await postingOf(keys[0]);
    expect(confirmed.status).toBe("CONFIRMED");
    // The database refuses to change what was sent, or anything of a confirmed posting.
    await expect(handle.db.update(postings).set({ payload: { changed: true } }).where(eq(postings.id, confirmed.id))).rejects.toThrow();
    await expect(handle.db.update(postings).set({ status: "PENDING" }).where(eq(postings.id, confirmed.id))).rejects.toThrow();
    await expect(handle.db.delete(postings).where(eq(postings.id, confirmed.id))).rejects.toThrow();
    const request = {
      docType: "INVOICE" as const, docId: issued[0].id, reference: issued[0].invoiceNo, branchCode: "MNL", voyageNum: issued[0].voyageNum, documentDate: manilaToday(),
      totals: { gross: "2000.00", vat: "214.29", ewt: "0.00", wvat: "0.00", cash: "0.00" }, payload: { corrected: true }, requestedBy: "test",
    };
    await expect(handle.db.transaction((tx) => enqueuePosting(tx, { ...request, revision: 1 }))).rejects.toThrow(
      `${keys[0]} was written with other content; what is posted under a key never changes. Post a REVERSAL and the document at its next revision.`,
    );
    await expect(handle.db.transaction((tx) => enqueuePosting(tx, { ...request, revision: 2 }))).rejects.toThrow(
      `INVOICE:${issued[0].id}:r2 cannot be posted before ${keys[0]} is reversed: post its REVERSAL first.`,
    );
    // Cancelled, the invoice's posting is reversed; the corrected document then goes at revision 2.
    const cancel = await callAs(plain)("cashier", "PUT", `/CROAccounting/invoice/cancel/${issued[0].invoiceNo}`, { dateModified: issued[0].dateModified, reason: "Rate corrected" });
    expect(cancel.status).toBe(200);
    const revised = await handle.db.transaction((tx) => enqueuePosting(tx, { ...request, revision: 2 }));
    expect(revised).toBe(`INVOICE:${issued[0].id}:r2`);
    later(1);
    await relay({ connector, voyageNum: issued[0].voyageNum });
    expect(await statesOf([keys[0], `REVERSAL:${keys[0]}`, revised])).toEqual(["CONFIRMED", "CONFIRMED", "CONFIRMED"]);
    const theirs = base.documents().filter((d) => d.reference === issued[0].invoiceNo).map((d) => [d.idempotencyKey, d.gross]);
    expect(theirs).toEqual([[keys[0], "2240.00"], [`REVERSAL:${keys[0]}`, "-2240.00"], [revised, "2000.00"]]);
  });

  it("sends a reversal only after the document it reverses is in BASE", async () => {
    const { keys, invoices: issued } = await invoicedVoyage("V-ORDER", ["3360.00"]);
    await handle.db.update(postings).set({ status: "HELD" }).where(eq(postings.idempotencyKey, keys[0]));
    const cancel = await callAs(plain)("cashier", "PUT", `/CROAccounting/invoice/cancel/${issued[0].invoiceNo}`, { dateModified: issued[0].dateModified, reason: "Duplicate" });
    expect(cancel.status).toBe(200);
    base.setMode("refuse4xx", { times: 1, onlyKey: keys[0] });
    later(1);
    await relay({ connector, voyageNum: issued[0].voyageNum });
    expect(await statesOf([keys[0], `REVERSAL:${keys[0]}`])).toEqual(["FAILED_PERMANENT", "PENDING"]);
    expect(base.sends()).not.toContain(`REVERSAL:${keys[0]}`);
  });
});

describe("the daily reconciliation", () => {
  it("shows posted 2 / 56,820.75, pending 1 / 45,983.06 and failed 1 / 112,000.00, and the receipt BASE holds that Lading does not count posted", async () => {
    const { voyageNum, invoices: issued, keys } = await invoicedVoyage("V-RECON", ["46820.75", "10000.00", "112000.00"]);
    // A collection receipt's posting (engineer B's part) as the outbox holds one.
    const receiptKey = await handle.db.transaction((tx) => enqueuePosting(tx, {
      docType: "COLLECTION_RECEIPT", docId: 880001, revision: 1, reference: "CR-MNL-TEST-000001", branchCode: "MNL", voyageNum, documentDate: manilaToday(),
      totals: { gross: "45983.06", vat: "0.00", ewt: "837.69", wvat: "0.00", cash: "45983.06" }, payload: { receiptNo: "CR-MNL-TEST-000001" }, requestedBy: "test",
    }));
    base.setMode("refuse4xx", { times: 1, onlyKey: keys[2] });
    later(1);
    await relay({ connector, ids: await idsOf([keys[0], keys[1], keys[2]]) });
    base.setMode("dropAnswer", { times: 1, onlyKey: receiptKey });
    await relay({ connector, ids: await idsOf([receiptKey]) });
    expect(await statesOf([...keys, receiptKey])).toEqual(["CONFIRMED", "CONFIRMED", "FAILED_PERMANENT", "UNCERTAIN"]);

    const report = await json(await callAs(withBase)("cashier", "GET", `/CROAccounting/Posting/reconciliation?voyageNum=${voyageNum}`));
    expect(report.date).toBe(manilaToday());
    expect(report.data.map((r: any) => [r.voyageNum, r.posted.count, r.posted.totals.gross, r.pending.count, r.pending.totals.gross, r.failed.count, r.failed.totals.gross]))
      .toEqual([[voyageNum, 2, "56820.75", 1, "45983.06", 1, "112000.00"]]);
    expect(report.comparison.onlyInBase.map((d: any) => d.idempotencyKey)).toEqual([receiptKey]);
    expect(report.comparison.onlyInLading).toEqual([]);
    expect(report.comparison.totals).toEqual({ lading: "56820.75", base: "102803.81" });
    expect(issued.length).toBe(3);
    // Without a BASE there is nothing to compare with, and the report says so.
    const alone = await json(await callAs(plain)("cashier", "GET", `/CROAccounting/Posting/reconciliation?voyageNum=${voyageNum}`));
    expect([alone.comparison, alone.comparisonNote]).toEqual([null, "No BASE is configured: there is nothing to compare with."]);
    const bad = await callAs(plain)("cashier", "GET", "/CROAccounting/Posting/reconciliation?date=2026-02-30");
    expect([bad.status, (await json(bad)).errors.date]).toEqual([400, ["date is not a real date"]]);
  });
});

describe("the scheduled relay", () => {
  it("posts what is due to the configured BASE", async () => {
    const { keys } = await invoicedVoyage("V-JOB", ["1230.00"]);
    configureBase(settings);
    try {
        const lines: Record<string, unknown>[] = [];
        const account = await postingRelayJob.run(handle.db, { occurrence: new Date(), runner: "test", log: (l) => lines.push(l) });
        expect(account).toMatchObject({ confirmed: expect.any(Number) });
        expect((await postingOf(keys[0])).status).toBe("CONFIRMED");
        expect(lines.some((l) => l.event === "posting.confirmed" && l.key === keys[0])).toBe(true);
    } finally {
      configureBase(null);
    }
  });
});

describe("master data's lookups in BASE", () => {
  it("answer from BASE when it is configured and keep its answer as the mirror, and from the mirror when BASE cannot be asked", async () => {
    base.directory.branches.set("MNL", "BASE-BR-001");
    base.directory.items.set("001/MNL", { itemCode: "SV-FRT-MNL", description: "Freight revenue, Manila" });
    base.directory.profitCenters.set("MVACC", "PC-STAR");
    const ask = (app: TestApp, path: string, body: unknown) => app.call("POST", `/api${path}`, { token: w.tokens.cashier, body });
    const branch = await json(await ask(withBase, "/Branches/getBranchIdFromBase", { branchCode: "mnl" }));
    expect(branch.data).toEqual({ branchCode: "MNL", branchName: "Manila", baseBranchId: "BASE-BR-001", source: "BASE" });
    expect((await handle.db.select({ id: branches.baseBranchId }).from(branches).where(eq(branches.code, "MNL")))[0].id).toBe("BASE-BR-001");
    const item = await json(await ask(withBase, "/Charges/getItemCodeFromBase", { chargeCode: "001", branchCode: "MNL" }));
    expect(item.data).toMatchObject({ itemCode: "SV-FRT-MNL", description: "Freight revenue, Manila", source: "BASE" });
    const [mirrored] = await handle.db.select().from(chargeItemCodes).where(and(eq(chargeItemCodes.chargeCode, "001"), eq(chargeItemCodes.branchCode, "MNL")));
    expect([mirrored.itemCode, mirrored.description]).toEqual(["SV-FRT-MNL", "Freight revenue, Manila"]);
    const vessel = await json(await ask(withBase, "/Vessels/getProfitCenterFromBase", { vesselCode: "MVACC" }));
    expect(vessel.data).toEqual({ vesselCode: "MVACC", vesselName: "MV Accounting Star", profitCenter: "PC-STAR", source: "BASE" });
    expect((await handle.db.select({ pc: vessels.profitCenter }).from(vessels).where(eq(vessels.code, "MVACC")))[0].pc).toBe("PC-STAR");
    // A branch BASE does not know is a 404 that says so.
    const unknown = await ask(withBase, "/Branches/getBranchIdFromBase", { branchCode: "DVO" });
    expect([unknown.status, (await json(unknown)).message]).toEqual([404, "BASE does not know branch DVO."]);
    // BASE down: the mirror answers.
    await base.down();
    try {
        const mirror = await json(await ask(withBase, "/Branches/getBranchIdFromBase", { branchCode: "MNL" }));
        expect(mirror.data).toEqual({ branchCode: "MNL", branchName: "Manila", baseBranchId: "BASE-BR-001", source: "mirror" });
        const itemMirror = await json(await ask(withBase, "/Charges/getItemCodeFromBase", { chargeCode: "001", branchCode: "MNL" }));
        expect([itemMirror.data.itemCode, itemMirror.data.source]).toEqual(["SV-FRT-MNL", "mirror"]);
    } finally {
      await base.up();
    }
    // Without a BASE configured, the mirror answers as it always has.
    expect((await json(await ask(plain, "/Vessels/getProfitCenterFromBase", { vesselCode: "MVACC" }))).data.source).toBe("mirror");
  });
});

/** The outbox ids of these keys. */
async function idsOf(keys: string[]): Promise<number[]> {
  const rows = await handle.db.select({ id: postings.id }).from(postings).where(inArray(postings.idempotencyKey, keys)).orderBy(asc(postings.id));
  return rows.map((r) => r.id);
}
