import { Buffer } from "node:buffer";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { startOutboxWorker } from "../../api/modules/email/outbox-worker.ts";
import { createSmtpTransport } from "../../api/modules/email/sender.ts";
import { firstStart } from "../../api/modules/index.ts";
import { lastPeriod, sendDueReports } from "../../api/modules/reports/index.ts";
import { queueEmail } from "../../api/modules/email/index.ts";
import { addCalendarDays, manilaToday, weekdayOf } from "../../api/shared/dates.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { emailAttachments, emailOutbox, users } from "../../db/schema/index.ts";
import { openMailbox, type Mailbox, type ReceivedMail } from "../e2e/mailbox.ts";
import { createRole, createUser, expectErrorBody, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";

/**
 * Scheduled reports: a role subscribed to the SQ-based commodity report weekly gets, once the week is over, the
 * workbook of that week mailed to each of its users with an e-mail address, through the outbox to a real SMTP
 * server, built within each user's branches. The demo bookings are all dated today, so the week containing today
 * has the 15 live bookings of 491,200.00 for a user of MNL and none for a user of CEB.
 */

let handle: DatabaseHandle;
let t: TestApp;
let mailbox: Mailbox;
const tokens: Record<string, string> = {};
const json = (res: Response) => res.json() as Promise<any>;
let managers: { id: number; roleId: string };
let clerks: { id: number; roleId: string };

const today = manilaToday();
/** The Monday after today: the week just over then is the one containing today. */
const nextMonday = addCalendarDays(today, 7 - ((weekdayOf(today) + 6) % 7));
const week = lastPeriod("WEEKLY", nextMonday);

beforeAll(async () => {
  handle = await openTestDatabase();
  await firstStart(handle.db, { adminPassword: "demo-admin-password-1", linkBase: "http://localhost:8000" });
  t = makeTestApp(handle.db);
  mailbox = await openMailbox();
  managers = await createRole(handle.db, ["VOYAGE"], "SUB_MANAGERS");
  clerks = await createRole(handle.db, ["OUTBOUND"], "SUB_CLERKS");
  await createUser(handle.db, { userId: "sub-manila", password: "sub-password-123", roleKey: managers.id, branches: ["MNL"] });
  await createUser(handle.db, { userId: "sub-cebu", password: "sub-password-123", roleKey: managers.id, branches: ["CEB"] });
  const quiet = await createUser(handle.db, { userId: "sub-nomail", password: "sub-password-123", roleKey: managers.id, branches: ["MNL"] });
  await handle.db.update(users).set({ email: "" }).where(eq(users.id, quiet.id));
  await createUser(handle.db, { userId: "sub-clerk", password: "sub-password-123", roleKey: clerks.id, branches: ["MNL"] });
  for (const who of ["sub-manila", "sub-clerk"]) tokens[who] = await signIn(t, who, "sub-password-123");
}, 120_000);
afterAll(async () => {
  await mailbox?.close();
  await handle?.close();
});

const call = (who: string, method: string, path: string, body?: unknown) => t.call(method, `/api${path}`, { token: tokens[who], body });

/** The attachment of a received message, decoded from its base64 MIME part. */
function attachmentOf(mail: ReceivedMail): { fileName: string; bytes: Uint8Array } {
  const match = mail.raw.match(/filename="?([^"\r\n;]+)"?[\s\S]*?\r\n\r\n([A-Za-z0-9+/=\r\n]+?)\r\n--/);
  if (!match) throw new Error(`no attachment in\n${mail.raw.slice(0, 2000)}`);
  return { fileName: match[1], bytes: new Uint8Array(Buffer.from(match[2].replace(/\r\n/g, ""), "base64")) };
}

describe("report subscriptions", () => {
  it("sends the last whole week (Monday to Sunday) or month before the day", () => {
    expect(lastPeriod("WEEKLY", "2026-11-30")).toEqual({ dateFrom: "2026-11-23", dateTo: "2026-11-29" });
    expect(lastPeriod("WEEKLY", "2026-11-29")).toEqual({ dateFrom: "2026-11-16", dateTo: "2026-11-22" });
    expect(lastPeriod("MONTHLY", "2026-03-01")).toEqual({ dateFrom: "2026-02-01", dateTo: "2026-02-28" });
    expect(lastPeriod("MONTHLY", "2027-01-15")).toEqual({ dateFrom: "2026-12-01", dateTo: "2026-12-31" });
  });

  it("takes the report's permission to manage, and a role that can read the report", async () => {
    const refused = await call("sub-clerk", "POST", "/Bookings/reports/subscriptions", { roleId: managers.roleId, report: "sq-commodity", frequency: "WEEKLY" });
    expect(refused.status).toBe(403);
    await expectErrorBody(refused);
    const blind = await call("sub-manila", "POST", "/Bookings/reports/subscriptions", { roleId: clerks.roleId, report: "sq-commodity", frequency: "WEEKLY" });
    expect(blind.status).toBe(400);
    expect((await expectErrorBody(blind)).errors.roleId).toEqual(["Role SUB_CLERKS cannot read the SQ-based commodity: it lacks Voyage."]);
    const badFrequency = await call("sub-manila", "POST", "/Bookings/reports/subscriptions", { roleId: managers.roleId, report: "sq-commodity", frequency: "DAILY" });
    expect(badFrequency.status).toBe(400);
    expect((await expectErrorBody(badFrequency)).errors.frequency).toEqual(["frequency must be WEEKLY or MONTHLY"]);
  });

  it("subscribes a role weekly and lists who receives it", async () => {
    const made = await call("sub-manila", "POST", "/Bookings/reports/subscriptions", { roleId: managers.roleId, report: "sq-commodity", frequency: "WEEKLY" });
    expect(made.status).toBe(201);
    const body = await json(made);
    expect(body.message).toBe("Subscription Successfully Created");
    expect(body.data).toMatchObject({
      roleId: "SUB_MANAGERS", report: "sq-commodity", title: "SQ-based commodity", frequency: "WEEKLY",
      recipients: ["sub-cebu@example.test", "sub-manila@example.test"], lastSent: null,
    });
    const again = await call("sub-manila", "POST", "/Bookings/reports/subscriptions", { roleId: managers.roleId, report: "sq-commodity", frequency: "WEEKLY" });
    expect(again.status).toBe(409);
    expect(await json(await call("sub-clerk", "GET", "/Bookings/reports/subscriptions"))).toMatchObject({ data: [], message: "No data found" });
  });

  it("mails the week just over once, the workbook attached and built within each user's branches", async () => {
    const first = await sendDueReports(handle.db, nextMonday);
    expect(first.sent).toEqual([{ subscriptionId: expect.any(Number), report: "sq-commodity", ...week, recipients: 2 }]);
    const second = await sendDueReports(handle.db, nextMonday);
    expect(second).toMatchObject({ sent: [], skipped: 1 });

    const queued = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.template, "generic"));
    expect(queued.map((m) => m.toAddress).sort()).toEqual(["sub-cebu@example.test", "sub-manila@example.test"]);

    const worker = startOutboxWorker(handle.db, { transport: createSmtpTransport(mailbox.url), from: "Lading <reports@lading.test>", intervalMs: 3_600_000 });
    try {
      await worker.drain();
    } finally {
      await worker.stop();
    }
    const manila = await mailbox.waitFor((m) => m.to.includes("sub-manila@example.test"));
    const cebu = await mailbox.waitFor((m) => m.to.includes("sub-cebu@example.test"));
    // The demo line's own messages go out with them; the subscription's are one per recipient.
    expect(mailbox.messages.filter((m) => m.to.some((to) => to.startsWith("sub-")))).toHaveLength(2);
    expect(manila.decoded).toContain(`SQ-based commodity, ${week.dateFrom} to ${week.dateTo}`);

    const file = attachmentOf(manila);
    expect(file.fileName).toBe(`SQ_Commodity_Report_${week.dateFrom}_${week.dateTo}.xlsx`);
    const book = XLSX.read(file.bytes, { type: "array" });
    expect(XLSX.utils.sheet_to_json<unknown[]>(book.Sheets["By commodity"], { header: 1, defval: "" }).at(-1))
      .toEqual(["Total", "", "", 2, 16, 3400, 16, 523046]);
    const cebuBook = XLSX.read(attachmentOf(cebu).bytes, { type: "array" });
    expect(XLSX.utils.sheet_to_json<unknown[]>(cebuBook.Sheets["By commodity"], { header: 1, defval: "" }).at(-1))
      .toEqual(["Total", "", "", 0, 0, 0, 0, 0]);

    const list = await json(await call("sub-manila", "GET", "/Bookings/reports/subscriptions"));
    expect(list.data[0].lastSent).toEqual({ ...week, recipients: 2 });
  });

  it("ends a subscription; the outbox refuses files over its limit", async () => {
    const [sub] = (await json(await call("sub-manila", "GET", "/Bookings/reports/subscriptions"))).data;
    expect((await call("sub-clerk", "DELETE", `/Bookings/reports/subscriptions/${sub.id}`)).status).toBe(403);
    const gone = await call("sub-manila", "DELETE", `/Bookings/reports/subscriptions/${sub.id}`);
    expect(gone.status).toBe(200);
    expect(await json(gone)).toEqual({ message: "Subscription Deleted Successfully" });
    expect((await call("sub-manila", "DELETE", `/Bookings/reports/subscriptions/${sub.id}`)).status).toBe(404);

    const before = (await handle.db.select().from(emailAttachments)).length;
    await expect(queueEmail(handle.db, {
      to: "x@example.test", template: "generic", data: { name: "X", subject: "Big", message: "Too big" },
      attachments: [{ fileName: "big.bin", contentType: "application/octet-stream", content: new Uint8Array(9 * 1024 * 1024) }],
    })).rejects.toThrow("The files of a message can be at most 8 MB in all; these are 9.0 MB.");
    expect(await handle.db.select().from(emailAttachments)).toHaveLength(before);
  });
});
