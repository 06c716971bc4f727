import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { recordCargoStage } from "../../api/modules/bookings/index.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { emailOutbox, notifications } from "../../db/schema/index.ts";
import { createUser, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { type BookingWorld, DTD_BOOKING, PTP_BOOKING, seedBookingWorld } from "../support/bookings.ts";
import { openTestDatabase } from "../support/test-db.ts";

/**
 * Inbound dispatch (001 §2 /inbound/dispatchModule, §7 InBound dispatch lists; issue 24 item 8): the delivery
 * lists of a voyage's door deliveries at its port of call, once each one's cargo release order is made (stage 7),
 * the outbound dispatch lists' flow on their Inbound side: draft, sent to the Cebu dispatch team (notified with a
 * link to the inbound screen, e-mailed), downloaded as DeliveryList.xlsx, archived.
 */

let handle: DatabaseHandle;
let t: TestApp;
let w: BookingWorld;
let refs: string[];
const tokens: Record<string, string> = {};

const json = (res: Response) => res.json() as Promise<any>;
async function call(who: string, method: string, path: string, body?: unknown) {
  const res = await t.call(method, `/api${path}`, { token: tokens[who], body });
  return { status: res.status, body: await json(res) };
}

const DOOR = { ...DTD_BOOKING, remarks: "Deliver to the back gate" };

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  w = await seedBookingWorld(handle.db, t);
  const opened = await w.call("staff", "POST", "/Bookings/batch", {
    voyageNum: w.voyageNum, customerCode: "PHT", remarks: "", bookings: [DOOR, { ...DOOR, remarks: "" }, DOOR, PTP_BOOKING],
  });
  expect(opened.status).toBe(201);
  const batch = (await json(opened)).data;
  expect((await w.call("staff", "POST", "/Bookings/confirmBatch", { bookingBatchRef: batch.bookingBatchRef })).status).toBe(200);
  refs = batch.bookings.map((b: any) => b.bookingRef);
  // Released (CRO made): the first two door deliveries and the port-to-port one; the third door delivery is not yet.
  for (const ref of [refs[0], refs[1], refs[3]]) await recordCargoStage(handle.db, ref, 7, new Date("2025-04-17T02:00:00Z"));
  for (const [who, branch] of [["ceb", "CEB"], ["cebteam", "CEB"], ["mnl", "MNL"]] as const) {
    await createUser(handle.db, { userId: `id-${who}`, password: "id-password-123", menus: ["INBOUND"], branches: [branch] });
    tokens[who] = await signIn(t, `id-${who}`, "id-password-123");
  }
  await createUser(handle.db, { userId: "id-out", password: "id-password-123", menus: ["OUTBOUND"], branches: ["CEB"] });
  tokens.out = await signIn(t, "id-out", "id-password-123");
}, 180_000);
afterAll(() => handle?.close());

describe("an inbound delivery list", () => {
  let draft: any;

  it("offers the voyage's released door deliveries at the port of call, not those waiting for their CRO nor port-to-port", async () => {
    const res = await call("ceb", "GET", `/InBound/dispatch/preview?voyageNum=${w.voyageNum}&branchCode=CEB`);
    expect(res.status).toBe(200);
    const line = {
      bookingDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), customer: "Pacific Harbor Trading", destination: "Cebu",
      address: "5 A.C. Cortes Ave, Ibabao, Mandaue City, Cebu, 6014", modeOfDelivery: "DTD",
    };
    expect(res.body).toEqual({
      branchCode: "CEB",
      data: [{ ...line, bookingRef: refs[0], remarks: "Deliver to the back gate" }, { ...line, bookingRef: refs[1], remarks: "" }],
    });
  });

  it("is refused at a branch the voyage does not call at, or one the caller does not work for", async () => {
    const origin = await call("ceb", "GET", `/InBound/dispatch/preview?voyageNum=${w.voyageNum}&branchCode=MNL`);
    expect(origin.status).toBe(400);
    expect(origin.body.errors.branchCode).toEqual([`Voyage ${w.voyageNum} calls at CEB; name one of them.`]);
    const other = await call("mnl", "POST", "/InBound/dispatch/create", { voyageNum: w.voyageNum, branchCode: "CEB" });
    expect(other.status).toBe(400);
    expect(other.body.errors.branchCode).toEqual([`You do not work for branch CEB, where the dispatch list of voyage ${w.voyageNum} is made.`]);
    expect((await call("out", "GET", `/InBound/dispatch/preview?voyageNum=${w.voyageNum}&branchCode=CEB`)).status).toBe(403);
  });

  it("is made as a draft numbered from the port's DL series, and sent to its dispatch team with a link to the inbound screen", async () => {
    const made = await call("ceb", "POST", "/InBound/dispatch/create", { voyageNum: w.voyageNum, branchCode: "ceb", remarks: "Two trucks" });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    draft = made.body.data;
    const year = new Date().getFullYear();
    expect(draft).toMatchObject({ dispatchNum: `DL-CEB-${year}-000001`, direction: "Inbound", status: "Draft", branchCode: "CEB", remarks: "Two trucks" });
    expect(draft.lines.map((l: any) => l.bookingRef)).toEqual([refs[0], refs[1]]);
    // The outbound calls do not read an inbound list.
    expect((await call("out", "GET", `/OutBound/dispatch/get/${draft.dispatchNum}`)).status).toBe(404);

    const sent = await call("ceb", "PUT", `/InBound/dispatch/send/${draft.dispatchNum}`, { dateModified: draft.dateModified });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.message).toBe(`Dispatch list ${draft.dispatchNum} sent to the dispatch team of CEB; e-mailed to 2 people.`);
    const mails = await handle.db.select().from(emailOutbox).where(sql`${emailOutbox.meta}->>'dispatchNum' = ${draft.dispatchNum}`).orderBy(asc(emailOutbox.toAddress));
    expect(mails.map((m) => [m.toAddress, m.subject])).toEqual([
      ["id-ceb@example.test", `Delivery list ${draft.dispatchNum}: voyage ${w.voyageNum} at CEB`],
      ["id-cebteam@example.test", `Delivery list ${draft.dispatchNum}: voyage ${w.voyageNum} at CEB`],
    ]);
    const told = await handle.db.select().from(notifications).where(eq(notifications.title, "Delivery list sent"));
    expect(told.map((n) => [n.userId, n.url])).toEqual([["id-cebteam", `/inbound/dispatchModule?dispatchNum=${draft.dispatchNum}`]]);
  });

  it("keeps its lines as sent, downloads as DeliveryList.xlsx, and is archived", async () => {
    // A delivery released after sending does not join a sent list.
    await recordCargoStage(handle.db, refs[2], 7);
    const read = await call("cebteam", "GET", `/InBound/dispatch/get/${draft.dispatchNum}`);
    expect(read.body.data.lines.map((l: any) => l.bookingRef)).toEqual([refs[0], refs[1]]);

    const file = await t.call("GET", `/api/InBound/dispatch/download/${draft.dispatchNum}`, { token: tokens.cebteam });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toContain("DeliveryList.xlsx");
    const book = XLSX.read(new Uint8Array(await file.arrayBuffer()), { type: "array" });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1, defval: "" });
    expect(String(rows[0][0])).toContain(draft.dispatchNum);
    expect(rows.slice(2).map((r) => [r[0], r[1]])).toEqual([[1, refs[0]], [2, refs[1]]]);

    const archived = await call("cebteam", "PUT", `/InBound/dispatch/archive/${draft.dispatchNum}`, { dateModified: read.body.data.dateModified });
    expect(archived.status).toBe(200);
    const archive = await call("ceb", "POST", "/InBound/dispatch/load", { view: "archive" });
    expect(archive.body.data.map((d: any) => [d.dispatchNum, d.status])).toEqual([[draft.dispatchNum, "Archived"]]);
    // Manila's inbound staff see none of Cebu's lists.
    expect((await call("mnl", "POST", "/InBound/dispatch/load", { view: "archive" })).body.data).toEqual([]);
    const missing = await call("mnl", "GET", `/InBound/dispatch/get/${draft.dispatchNum}`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(`Dispatch list ${draft.dispatchNum} was not found.`);
  });
});
