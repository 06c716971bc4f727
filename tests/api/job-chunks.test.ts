import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expireOverdue } from "../../api/modules/bookings/service.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog, bookings, statusHistory } from "../../db/schema/index.ts";
import { makeTestApp, type TestApp } from "../support/app.ts";
import { type BookingWorld, PTP_BOOKING, seedBookingWorld } from "../support/bookings.ts";
import { copyOverdueBookings } from "../support/many-bookings.ts";
import { openTestDatabase } from "../support/test-db.ts";

/**
 * A daily job shares the database with the API: the booking expiry works through its bookings in chunks and
 * lets requests through between them, so staff using the screens while it runs are answered as it goes, not
 * after it. Not timed: only the order in which things finish is asserted.
 */

let handle: DatabaseHandle;
let t: TestApp;
let w: BookingWorld;

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  w = await seedBookingWorld(handle.db, t);
});
afterAll(() => handle?.close());

describe("a job sharing the database with the API", () => {
  it("answers requests made while the daily expiry runs over 1,000 bookings before the job ends", { timeout: 300_000 }, async () => {
    const opened = await w.call("staff", "POST", "/Bookings/batch", { voyageNum: w.voyageNum, customerCode: "PHT", remarks: "", bookings: [PTP_BOOKING, PTP_BOOKING] });
    expect(opened.status).toBe(201);
    const template = (await opened.json()).data.bookings[0].bookingRef as string;
    const { bookingRefs } = await copyOverdueBookings(handle.db, 1_000);
    expect(bookingRefs.length).toBe(1_000);

    const finished: string[] = [];
    const job = expireOverdue(handle.db, { dryRun: false }).then((result) => {
      finished.push("job");
      return result;
    });
    // Three people open a booking at the same moment, each twice in a row, while the job is under way.
    const reader = async (who: number) => {
      for (let i = 0; i < 2; i++) {
        const res = await w.call("staff", "GET", `/Bookings/get/${template}`);
        expect(res.status).toBe(200);
        expect((await res.json()).data.bookingRef).toBe(template);
        finished.push(`request ${who}.${i}`);
      }
    };
    await Promise.all([reader(1), reader(2), reader(3)]);
    const result = await job;

    expect(finished.indexOf("job")).toBe(finished.length - 1);
    expect(finished.length).toBe(7);
    // The job still did all of its work, once: every copy expired, with one history row and one audit row each.
    expect(result.data.expired.filter((ref) => bookingRefs.includes(ref)).sort()).toEqual([...bookingRefs].sort());
    const moved = await handle.db.select({ id: bookings.id, status: bookings.status }).from(bookings).where(inArray(bookings.bookingRef, bookingRefs));
    expect(new Set(moved.map((b) => b.status))).toEqual(new Set(["Expired"]));
    const history = await handle.db.select({ recordId: statusHistory.recordId }).from(statusHistory)
      .where(and(eq(statusHistory.entity, "booking"), eq(statusHistory.action, "expire"), inArray(statusHistory.recordId, moved.map((b) => b.id))));
    expect(history.length).toBe(1_000);
    const audits = await handle.db.select({ target: auditLog.target }).from(auditLog)
      .where(and(eq(auditLog.action, "STATUS_CHANGED"), inArray(auditLog.target, bookingRefs.map((ref) => `booking:${ref}`))));
    expect(audits.length).toBe(1_000);
  });
});
