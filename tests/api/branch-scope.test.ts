import { asc, count, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manilaToday } from "../../api/shared/dates.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import {
  bookingBatches,
  bookingCharges,
  bookings,
  emailOutbox,
  salesQuotationDocuments,
  salesQuotations,
  salesQuotationTerms,
  statusHistory,
} from "../../db/schema/index.ts";
import { createUser, type Grant, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { type BookingWorld, PTP_BOOKING, seedBookingWorld } from "../support/bookings.ts";
import { PORT_LANE } from "../support/sq-pricing.ts";
import { openTestDatabase } from "../support/test-db.ts";

/**
 * Branch scope: a Cebu user works on Cebu's quotations and bookings only. Manila's answer 404 with exactly the
 * answer a reference that does not exist gets, to every read, printout, change and status move, and change
 * nothing; lists, searches and reports leave them out. The Manila user and a user whose role sees every branch
 * see them. The booking world of tests/support/bookings.ts is Manila's: its people work at MNL, its voyage leaves
 * from MNL and its quotation (FA Approved) is of MNL.
 */

let handle: DatabaseHandle;
let t: TestApp;
let w: BookingWorld;
/** A Manila draft with one lane and its terms, and a Manila quotation waiting for the sales manager. */
let draft: { id: number; sqRefNum: string; sqdocNum: string; termId: number };
let waiting: { id: number; sqRefNum: string };
/** The FA-approved quotation of the world. */
let approved: { id: number; sqRefNum: string };
/** A Manila batch with one Draft booking. */
let batch: { bookingBatchRef: string; bookingRef: string };

const json = (res: Response) => res.json() as Promise<any>;
const SALES: Grant[] = ["SALESQUOTATION", "SQ_AE", "SQ_SM", "SQ_AUD", "SQ_FA", "SQ_SBM", "SQ_APPROVED_VIEWER", "SQ_AGING_REPORT"];
const call = (who: string, method: string, path: string, body?: unknown) => w.call(who, method, path, body);

/** A reference of the same series and length that no record has: the next numbers are still unused. */
const unused = (ref: string) => ref.slice(0, -6) + String(Number(ref.slice(-6)) + 900).padStart(6, "0");
const notFound = (message: string) => ({ message, errors: { "": [] } });

/** Everything the Cebu user's refused calls could have touched. */
async function snapshot() {
  const db = handle.db;
  const [history] = await db.select({ n: count() }).from(statusHistory);
  return {
    quotations: await db.select().from(salesQuotations).orderBy(asc(salesQuotations.id)),
    lanes: await db.select().from(salesQuotationDocuments).orderBy(asc(salesQuotationDocuments.id)),
    terms: await db.select().from(salesQuotationTerms).orderBy(asc(salesQuotationTerms.id)),
    batches: await db.select().from(bookingBatches).orderBy(asc(bookingBatches.id)),
    bookings: await db.select().from(bookings).orderBy(asc(bookings.id)),
    charges: await db.select().from(bookingCharges).orderBy(asc(bookingCharges.id)),
    history: history.n,
  };
}

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  w = await seedBookingWorld(handle.db, t, { sm: ["SALESQUOTATION", "SQ_SM", "SQ_AGING_REPORT"] });
  // Cebu's people hold every sales and booking grant, so nothing but the branch keeps Manila's records from them.
  for (const [who, grants, branches] of [
    ["cebu", [...SALES, "VOYAGE"], ["CEB"]],
    ["head", [...SALES, "VOYAGE", "ALL_BRANCHES"], ["CEB"]],
    ["nobranch", [...SALES, "VOYAGE"], []],
  ] as [string, Grant[], string[]][]) {
    await createUser(handle.db, { userId: `bs-${who}`, password: "bs-password-123", menus: grants, branches });
    w.tokens[who] = await signIn(t, `bs-${who}`, "bs-password-123");
  }

  const [sq] = await handle.db.select().from(salesQuotations).where(eq(salesQuotations.sqRefNum, w.sqRefNum));
  approved = { id: sq.id, sqRefNum: sq.sqRefNum };

  const made = await json(await call("ae", "POST", "/SalesQuotations", { customerCode: "PHT", cargoTypeCode: "BKDRY" }));
  const lanes = await json(await call("ae", "POST", "/SalesQuotationDocuments/MultipleInsertDocsWAreas", { sqRefNum: made.data.sqRefNum, documents: [PORT_LANE] }));
  const terms = await json(await call("ae", "POST", "/SalesQuotations/CreateSQWTerms", { sqRefNum: made.data.sqRefNum, requested: [] }));
  draft = { id: made.data.id, sqRefNum: made.data.sqRefNum, sqdocNum: lanes.data[0].sqdocNum, termId: terms.data[0].id };

  const second = await json(await call("ae", "POST", "/SalesQuotations", { customerCode: "PHT", cargoTypeCode: "BKDRY" }));
  await call("ae", "POST", "/SalesQuotationDocuments/MultipleInsertDocsWAreas", { sqRefNum: second.data.sqRefNum, documents: [PORT_LANE] });
  expect((await call("ae", "PUT", `/SalesQuotations/updateSqStatusWthSBMV2/${second.data.id}`, { action: "submit", remarks: "" })).status).toBe(200);
  waiting = { id: second.data.id, sqRefNum: second.data.sqRefNum };

  const opened = await call("staff", "POST", "/Bookings/batch", { voyageNum: w.voyageNum, customerCode: "PHT", bookings: [PTP_BOOKING] });
  expect(opened.status).toBe(201);
  const data = (await json(opened)).data;
  batch = { bookingBatchRef: data.bookingBatchRef, bookingRef: data.bookings[0].bookingRef };
});

afterAll(() => handle?.close());

// ---------------------------------------------------------------------------------------------------------

describe("another branch's quotation", () => {
  it("answers the Cebu user 404, exactly as a reference that does not exist, to read and print", async () => {
    const asked = (ref: string) => [
      ["GET", `/SalesQuotations/read/${ref}`],
      ["GET", `/SalesQuotations/printout/${ref}`],
      ["POST", "/SalesQuotations/getPresData", { sqRefNum: ref }],
      ["POST", "/SalesQuotations/getListSQCharges", { sqRefNum: ref }],
    ] as const;
    for (const ref of [approved.sqRefNum, draft.sqRefNum, unused(draft.sqRefNum)]) {
      for (const [method, path, body] of asked(ref)) {
        const res = await call("cebu", method, path, body);
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(await json(res), `${method} ${path}`).toEqual(notFound(`Sales quotation ${ref} was not found.`));
      }
      // Several at once name the missing ones as this route always has, in lower case.
      const group = await call("cebu", "POST", "/SalesQuotations/readGroupSQ", { sqRefNums: [ref] });
      expect(group.status).toBe(404);
      expect(await json(group)).toEqual(notFound(`Sales quotation ${ref.toLowerCase()} was not found.`));
    }
  });

  it("answers 404 to every change and status move of it and its lanes and terms, and changes nothing", async () => {
    const before = await snapshot();
    const refused = [
      ["PUT", `/SalesQuotations/updateSqStatusWthSBMV2/${waiting.id}`, { action: "smApprove", remarks: "" }, "The quotation was not found."],
      ["PUT", `/SalesQuotations/updateSqStatusWthSBMV2/${draft.id}`, { action: "submit", remarks: "" }, "The quotation was not found."],
      ["POST", "/SalesQuotations/deactivateSQ", { sqRefNum: approved.sqRefNum, remarks: "" }, `Sales quotation ${approved.sqRefNum} was not found.`],
      ["POST", "/SalesQuotations/SQAmended", { sqRefNum: approved.sqRefNum, remarks: "" }, `Sales quotation ${approved.sqRefNum} was not found.`],
      ["PUT", "/SalesQuotations/addToArchive", { sqRefNum: approved.sqRefNum, remarks: "" }, `Sales quotation ${approved.sqRefNum} was not found.`],
      ["POST", "/SalesQuotationDocuments/MultipleInsertDocsWAreas", { sqRefNum: draft.sqRefNum, documents: [{ ...PORT_LANE, teu: 3 }] }, `Sales quotation ${draft.sqRefNum} was not found.`],
      ["PUT", `/SalesQuotationDocuments/UpdateManyDocsWAreas/${draft.sqdocNum}`, { ...PORT_LANE, teu: 3 }, `Quotation document ${draft.sqdocNum} was not found.`],
      ["GET", `/SalesQuotationDocuments/${draft.sqdocNum}`, undefined, `Quotation document ${draft.sqdocNum} was not found.`],
      ["POST", "/SalesQuotations/CreateSQWTerms", { sqRefNum: draft.sqRefNum, requested: [] }, `Sales quotation ${draft.sqRefNum} was not found.`],
      ["PUT", `/SalesQuotations/UpdateSqWTerms/${draft.termId}`, { requestedValue: "9" }, "The quotation term was not found."],
      ["DELETE", "/SalesQuotations/deleteSqWTerms", { ids: [draft.termId] }, `Quotation term ${draft.termId} was not found.`],
      ["GET", `/SalesQuotations/getSqWTerms/${draft.id}`, undefined, "The quotation was not found."],
      ["POST", "/SalesQuotations/proceedtoSQMemoV1", { sqRefNums: [approved.sqRefNum], subject: "In force", body: "" }, `Sales quotation ${approved.sqRefNum.toLowerCase()} was not found.`],
    ] as const;
    for (const [method, path, body, message] of refused) {
      const res = await call("cebu", method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await json(res), `${method} ${path}`).toEqual(notFound(message));
    }
    // The lane delete is checked last of all: it names the lane by id.
    const [lane] = before.lanes.filter((l) => l.sqdocNum === draft.sqdocNum);
    const gone = await call("cebu", "DELETE", `/SalesQuotationDocuments/deleteDocsWArea/${lane.id}`);
    expect(gone.status).toBe(404);
    expect(await json(gone)).toEqual(notFound("The quotation document was not found."));
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a Cebu user a quotation drafted for Manila, and Manila's AE a Cebu quotation", async () => {
    const before = await snapshot();
    const res = await call("cebu", "POST", "/SalesQuotations", { customerCode: "PHT", cargoTypeCode: "BKDRY", branchCode: "MNL" });
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({ message: "Branch MNL is not one of your branches.", errors: { "": [], branchCode: ["Branch MNL is not one of your branches"] } });
    expect(await snapshot()).toEqual(before);

    const cebuDraft = await call("cebu", "POST", "/SalesQuotations", { customerCode: "PHT", cargoTypeCode: "BKDRY" });
    expect(cebuDraft.status).toBe(201);
    const { sqRefNum, branchCode } = (await json(cebuDraft)).data;
    expect(branchCode).toBe("CEB");
    expect((await call("cebu", "GET", `/SalesQuotations/read/${sqRefNum}`)).status).toBe(200);
    const manila = await call("ae", "GET", `/SalesQuotations/read/${sqRefNum}`);
    expect(manila.status).toBe(404);
    expect(await json(manila)).toEqual(notFound(`Sales quotation ${sqRefNum} was not found.`));
    await handle.db.delete(salesQuotations).where(eq(salesQuotations.sqRefNum, sqRefNum));
  });

  it("leaves Manila's quotations out of the Cebu user's lists, searches and reports", async () => {
    const refs = async (who: string, method: string, path: string, body?: unknown) => {
      const res = await call(who, method, path, body);
      expect(res.status, `${who} ${path}`).toBe(200);
      return ((await json(res)).data as { sqRefNum: string }[]).map((q) => q.sqRefNum);
    };
    // The quotations are dated by Manila's calendar, which is a day ahead of UTC from 16:00 UTC.
    const today = manilaToday();
    for (const who of ["cebu", "nobranch"]) {
      expect(await refs(who, "GET", "/SalesQuotations/loadSM?skip=0&take=50")).toEqual([]);
      expect(await refs(who, "GET", "/SalesQuotations/loadSBM?skip=0&take=50")).toEqual([]);
      expect(await refs(who, "GET", "/SalesQuotations/searchCustSQViewer?customerCode=PHT")).toEqual([]);
      expect(await refs(who, "POST", "/SalesQuotations/sqReportsBooking", { customerCode: "PHT" })).toEqual([]);
      expect(await refs(who, "POST", "/SalesQuotations/getListSQforMemo", {})).toEqual([]);
      expect(await refs(who, "POST", "/SalesQuotations/agingReportAeV1", {})).toEqual([]);
      const summary = await json(await call(who, "POST", "/SalesQuotations/searchAeV1", { dateFrom: "2020-01-01", dateTo: "2099-12-31" }));
      expect(summary.totals.total).toBe(0);
    }
    // Manila's own sales manager and the all-branch role see them.
    for (const who of ["sm", "head"]) {
      expect(await refs(who, "GET", "/SalesQuotations/loadSM?skip=0&take=50")).toEqual([waiting.sqRefNum]);
      expect(await refs(who, "POST", "/SalesQuotations/agingReportAeV1", { asOf: today })).toEqual([waiting.sqRefNum]);
    }
    expect(await refs("head", "GET", "/SalesQuotations/searchCustSQViewer?customerCode=PHT")).toEqual([approved.sqRefNum]);
    expect(await refs("head", "POST", "/SalesQuotations/getListSQforMemo", {})).toEqual([approved.sqRefNum]);
    const summary = await json(await call("head", "POST", "/SalesQuotations/searchAeV1", { dateFrom: "2020-01-01", dateTo: "2099-12-31" }));
    expect(summary.totals.total).toBe(3);
  });

  it("is read and printed by Manila's user and by the all-branch role", async () => {
    for (const who of ["ae", "head"]) {
      const read = await call(who, "GET", `/SalesQuotations/read/${approved.sqRefNum}`);
      expect(read.status, who).toBe(200);
      expect((await json(read)).data.sqRefNum).toBe(approved.sqRefNum);
      const pdf = await call(who, "GET", `/SalesQuotations/printout/${approved.sqRefNum}`);
      expect(pdf.status, who).toBe(200);
      expect(pdf.headers.get("content-type")).toBe("application/pdf");
    }
  });
});

describe("another branch's booking and batch", () => {
  it("answers the Cebu user 404, exactly as a reference that does not exist, to read and print", async () => {
    for (const ref of [batch.bookingRef, unused(batch.bookingRef)]) {
      for (const path of [`/Bookings/get/${ref}`, `/Bookings/bookingSlip/${ref}`, `/Bookings/atw/${ref}`]) {
        const res = await call("cebu", "GET", path);
        expect(res.status, path).toBe(404);
        expect(await json(res), path).toEqual(notFound(`Booking ${ref} was not found.`));
      }
    }
    for (const ref of [batch.bookingBatchRef, unused(batch.bookingBatchRef)]) {
      const res = await call("cebu", "GET", `/Bookings/batch/${ref}`);
      expect(res.status).toBe(404);
      expect(await json(res)).toEqual(notFound(`Booking batch ${ref} was not found.`));
    }
  });

  it("answers 404 to every change and status move, and changes nothing", async () => {
    const before = await snapshot();
    const { bookingRef, bookingBatchRef } = batch;
    const refused = [
      ["PUT", `/Bookings/update/${bookingRef}`, { ...PTP_BOOKING, quantityTeu: 2 }, `Booking ${bookingRef} was not found.`],
      ["PUT", "/Bookings/multipleUpdate", [{ bookingRef, updateBooking: { ...PTP_BOOKING, quantityTeu: 2 } }], `Booking ${bookingRef} was not found.`],
      ["DELETE", `/Bookings/delete/${bookingRef}`, undefined, `Booking ${bookingRef} was not found.`],
      ["POST", "/Bookings/confirm", { bookingRefs: [bookingRef] }, `Booking ${bookingRef.toLowerCase()} was not found.`],
      ["POST", "/Bookings/expire", { bookingRefs: [bookingRef] }, `Booking ${bookingRef.toLowerCase()} was not found.`],
      ["POST", "/Bookings/issueATW", { bookingRefs: [bookingRef], truckingCode: "TRK1" }, `Booking ${bookingRef.toLowerCase()} was not found.`],
      ["POST", "/Bookings/clone", { bookingRefs: [bookingRef] }, `Booking ${bookingRef.toLowerCase()} was not found.`],
      ["POST", "/Bookings/create", { ...PTP_BOOKING, bookingBatchRef }, `Booking batch ${bookingBatchRef} was not found.`],
      ["POST", "/Bookings/confirmBatch", { bookingBatchRef }, `Booking batch ${bookingBatchRef} was not found.`],
      ["POST", "/Bookings/cloneBatch", { bookingBatchRef }, `Booking batch ${bookingBatchRef} was not found.`],
      ["POST", "/Bookings/sendLink", { bookingBatchRef, email: "shipper@example.test" }, `Booking batch ${bookingBatchRef} was not found.`],
    ] as const;
    for (const [method, path, body, message] of refused) {
      const res = await call("cebu", method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await json(res), `${method} ${path}`).toEqual(notFound(message));
    }
    // The overdue sweep a Cebu user starts reaches Cebu's bookings only (none are overdue here anyway).
    const sweep = await json(await call("cebu", "POST", "/Bookings/expireBooking", { dryRun: true }));
    expect(sweep.data).toEqual({ expired: [], dryRun: true });
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a Cebu user a batch on a Manila voyage, and its lanes and prices, and writes nothing", async () => {
    const before = await snapshot();
    const text = `Voyage ${w.voyageNum} leaves from branch MNL, which is not one of your branches.`;
    const refused = [
      ["/Bookings/batch", { voyageNum: w.voyageNum, customerCode: "PHT", bookings: [PTP_BOOKING] }],
      ["/Bookings/lanes", { voyageNum: w.voyageNum, customerCode: "PHT" }],
      ["/Bookings/price", { ...PTP_BOOKING, voyageNum: w.voyageNum, customerCode: "PHT" }],
    ] as const;
    for (const [path, body] of refused) {
      const res = await call("cebu", "POST", path, body);
      expect(res.status, path).toBe(400);
      expect(await json(res), path).toEqual({ message: text, errors: { "": [], voyageNum: [text] } });
    }
    expect(await snapshot()).toEqual(before);
    // The all-branch role opens one there.
    expect((await call("head", "POST", "/Bookings/lanes", { voyageNum: w.voyageNum, customerCode: "PHT" })).status).toBe(200);
  });

  it("leaves Manila's bookings and batches out of the Cebu user's lists", async () => {
    const listed = async (who: string, path: string, body: unknown) => {
      const res = await call(who, "POST", path, body);
      expect(res.status, `${who} ${path}`).toBe(200);
      return (await json(res)).data as { bookingRef?: string; bookingBatchRef: string }[];
    };
    for (const who of ["cebu", "nobranch"]) {
      expect(await listed(who, "/Bookings/load", { skip: 0, take: 50 })).toEqual([]);
      expect(await listed(who, "/Bookings/batches/load", { voyageNum: w.voyageNum, skip: 0, take: 50 })).toEqual([]);
    }
    for (const who of ["staff", "head"]) {
      expect((await listed(who, "/Bookings/load", { skip: 0, take: 50 })).map((b) => b.bookingRef)).toEqual([batch.bookingRef]);
      expect((await listed(who, "/Bookings/batches/load", { voyageNum: w.voyageNum, skip: 0, take: 50 })).map((b) => b.bookingBatchRef))
        .toEqual([batch.bookingBatchRef]);
      const read = await call(who, "GET", `/Bookings/get/${batch.bookingRef}`);
      expect(read.status, who).toBe(200);
    }
  });
});

describe("a reference of another branch and one that does not exist", () => {
  it("answer byte for byte alike but for the reference itself", async () => {
    // Same series and same length: what comes back may differ only where the asked reference is echoed.
    const pairs = [
      [approved.sqRefNum, unused(approved.sqRefNum), (r: string) => `/SalesQuotations/read/${r}`],
      [approved.sqRefNum, unused(approved.sqRefNum), (r: string) => `/SalesQuotations/printout/${r}`],
      [batch.bookingRef, unused(batch.bookingRef), (r: string) => `/Bookings/get/${r}`],
      [batch.bookingRef, unused(batch.bookingRef), (r: string) => `/Bookings/bookingSlip/${r}`],
      [batch.bookingBatchRef, unused(batch.bookingBatchRef), (r: string) => `/Bookings/batch/${r}`],
    ] as const;
    for (const [real, missing, path] of pairs) {
      const [a, b] = [await call("cebu", "GET", path(real)), await call("cebu", "GET", path(missing))];
      expect(a.status).toBe(b.status);
      const headers = (res: Response) => [...res.headers.entries()].filter(([k]) => k !== "x-request-id" && k !== "date");
      expect(headers(a)).toEqual(headers(b));
      expect((await a.text()).replaceAll(real, "REF")).toBe((await b.text()).replaceAll(missing, "REF"));
    }
  });
});

describe("public pages", () => {
  it("still answer by the link's token and the tracking reference, with nobody signed in", async () => {
    const tracked = await t.call("GET", `/api/Bookings/shipmentTracking/${batch.bookingRef}`);
    expect(tracked.status).toBe(200);
    expect((await json(tracked)).data.bookingRef).toBe(batch.bookingRef);

    const sent = await call("staff", "POST", "/Bookings/sendLink", { bookingBatchRef: batch.bookingBatchRef, email: "shipper@example.test" });
    expect(sent.status).toBe(200);
    const [mail] = await handle.db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(1);
    const token = /\/booking\/link\/t\/([A-Za-z0-9_-]+)/.exec(mail.textBody)![1];
    const opened = await t.call("GET", `/api/Bookings/link/${token}`);
    expect(opened.status).toBe(200);
    expect((await json(opened)).data.bookingBatchRef).toBe(batch.bookingBatchRef);
  });
});
