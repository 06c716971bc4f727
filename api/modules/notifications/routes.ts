import { streamSSE } from "hono/streaming";
import { z } from "zod";
import { sessionToken } from "../../http/guard.ts";
import { route, type RouteDef } from "../../http/route.ts";
import { resolveSession } from "../auth/index.ts";
import { idParam } from "../../shared/contracts.ts";
import { hubOf, listenForOthers } from "./relay.ts";
import { subscribePush, unsubscribePush, webPushPublicKey } from "./push.ts";
import {
  allQuery,
  createNotificationBody,
  notificationRow,
  type NotificationRow,
  pushSubscriptionBody,
  sqNotificationBody,
  unreadQuery,
  waivedChargesLogBody,
} from "./schemas.ts";
import {
  allOf,
  assertOwn,
  clearAll,
  countUnread,
  markViewed,
  missedSince,
  sendNotification,
  sentAnswer,
  unreadAtConnect,
  unreadOf,
} from "./service.ts";
import { PAGES, pathTo } from "../../shared/page-paths.ts";

const tag = "Notifications";
const page = z.object({ data: z.array(notificationRow), total: z.number(), message: z.string().optional() });
const sent = z.object({ data: z.object({ recipients: z.number(), ids: z.array(z.number()) }), message: z.string() });

/** Why a stream was closed by a newer one of the same user (the `closed` event's reason). */
const STREAMS_EXCEEDED = "too-many-streams";

/** How long a browser waits before it reconnects a dropped stream. */
const RETRY_MS = 2_000;

const lastEventId = z.coerce.number().int().min(0).max(2_147_483_647).catch(0);

export const notificationRoutes: RouteDef[] = [
  route({
    method: "get", path: "/notifications/unreadCount", permission: "authenticated", tag,
    summary: "How many of the caller's notifications are still unread; the top bar's bell shows it",
    response: z.object({ data: z.object({ unread: z.number() }) }),
  }, async ({ deps, caller }) => ({ data: { unread: await countUnread(deps.db, caller) } })),

  route({
    method: "post", path: "/Notifications/CreateWebPush", permission: "SYSTEMACCOUNT", tag, body: createNotificationBody, status: 201,
    summary: "Send a notification to every active user of a role and/or to named users (the Create Notification dialog)",
    response: sent,
  }, async ({ deps, body, caller }) => {
    const rows = await sendNotification(deps.db, { ...body, sender: caller.userId });
    return sentAnswer(rows, `Nobody would receive this notification: ${body.roleId ? `role ${body.roleId} has no active user` : "no active user was named"}.`);
  }),

  route({
    method: "get", path: "/Notifications/getDataMongoByRoleId", permission: "authenticated", tag, query: unreadQuery,
    summary: "The caller's unread notifications, newest first (the bell's dropdown); roleId and userId may only name the caller",
    response: page,
  }, ({ deps, query, caller }) => {
    assertOwn(caller, query);
    return unreadOf(deps.db, caller);
  }),

  route({
    method: "get", path: "/Notifications/getAllDataMongoByRoleId", permission: "authenticated", tag, query: allQuery,
    summary: "All of the caller's notifications a page at a time (skip, take), newest first",
    response: page,
  }, ({ deps, query, caller }) => {
    assertOwn(caller, query);
    return allOf(deps.db, caller, query);
  }),

  route({
    method: "put", path: "/Notifications/updateIsViewed/{id}", permission: "authenticated", tag, params: idParam,
    summary: "Mark one of the caller's notifications viewed (404 for another user's)",
    response: z.object({ data: notificationRow, message: z.string() }),
  }, ({ deps, params, caller }) => markViewed(deps.db, caller, params.id)),

  route({
    method: "put", path: "/Notifications/clearAll", permission: "authenticated", tag,
    summary: "Clear Notification: every unread notification of the caller becomes viewed",
    response: z.object({ data: z.object({ cleared: z.number() }), message: z.string() }),
  }, ({ deps, caller }) => clearAll(deps.db, caller)),

  route({
    method: "post", path: "/Notifications/CreateWaivedChargesLog", permission: "WAIVER", tag, body: waivedChargesLogBody, status: 201,
    summary: "Tell the waiver endorsers and approvers that charges of a waybill were waived",
    response: sent,
  }, async ({ deps, body, caller }) => {
    const rows = await sendNotification(deps.db, {
      title: "Waiver",
      message: `Waybill ${body.wayBillRef}: charges ${body.chargeCodes.join(", ")} waived${body.remarks ? ` (${body.remarks})` : ""}.`,
      url: body.url || "/waiver/draft",
      sender: caller.userId,
      holders: { menu: "WAIVER", capabilities: ["ENDORSER", "APPROVER", "WAIVER_FOR_ENDORSE"] },
    });
    return sentAnswer(rows, "Nobody would receive this notification: no active user endorses or approves waivers.");
  }),

  route({
    method: "post", path: "/Notifications/createSQnotificationWithSBM", permission: "SALESQUOTATION", tag, body: sqNotificationBody, status: 201,
    summary: "Tell the sales branch managers (of the branch, when given) that a quotation waits for them",
    response: sent,
  }, async ({ deps, body, caller }) => {
    const rows = await sendNotification(deps.db, {
      title: "Sales Quotation",
      message: body.message || `Sales quotation ${body.sqRefNum} is waiting for you.`,
      url: body.url || pathTo(PAGES.sqRead, { sqRefNum: body.sqRefNum }),
      sender: caller.userId,
      holders: { menu: "SALESQUOTATION", capabilities: ["SQ_SBM"], branchCode: body.branchCode },
    });
    return sentAnswer(rows, `Nobody would receive this notification: no active sales branch manager${body.branchCode ? ` of ${body.branchCode}` : ""}.`);
  }),

  route({
    method: "get", path: "/Notifications/webPushKey", permission: "authenticated", tag,
    summary: "The server's Web Push (VAPID) public key for a browser subscription; null when desktop notifications are off",
    response: z.object({ data: z.object({ publicKey: z.string().nullable() }) }),
  }, () => ({ data: { publicKey: webPushPublicKey() } })),

  route({
    method: "post", path: "/Notifications/subscribeWebPush", permission: "authenticated", tag, body: pushSubscriptionBody,
    summary: "Keep this browser's push subscription for the caller (409 when the server has no VAPID keys)",
    response: z.object({ data: z.object({ subscribed: z.boolean() }), message: z.string() }),
  }, ({ deps, body, caller }) => subscribePush(deps.db, caller.userId, body)),

  route({
    method: "delete", path: "/Notifications/unsubscribeWebPush", permission: "authenticated", tag,
    body: pushSubscriptionBody.pick({ endpoint: true }),
    summary: "Forget this browser's push subscription",
    response: z.object({ data: z.object({ subscribed: z.boolean() }), message: z.string() }),
  }, ({ deps, body, caller }) => unsubscribePush(deps.db, caller.userId, body.endpoint)),

  route({
    method: "get", path: "/Notifications/stream", permission: "authenticated", tag,
    summary: "Server-sent events: a reconnect with Last-Event-ID first gets what it missed, then every stream gets " +
      "the caller's unread count, which includes everything sent before it, then each new notification as it is " +
      "sent, none of them already in the count. A user holds at most a set number of streams: opening one more " +
      "ends the oldest with a `closed` event",
  }, ({ c, deps, caller }) =>
    streamSSE(c, async (stream) => {
      const after = lastEventId.parse(c.req.header("last-event-id") ?? c.req.query("after") ?? 0);
      /**
       * Rows the page has had already, through the catch-up or the unread count: the live feed may bring them again
       * around the moment of connecting, and a row sent twice would be counted twice on the bell.
       */
      const alreadyHad = new Set<number>();
      let pending: NotificationRow[] = [];
      let wake: (() => void) | undefined;
      let evicted = false;
      const unsubscribe = hubOf(deps.db).subscribe(caller.userId, (rows) => {
        pending.push(...rows);
        wake?.();
      }, {
        limit: deps.config.streamsPerUser,
        onEvicted: () => {
          evicted = true;
          wake?.();
        },
      });
      stream.onAbort(() => {
        unsubscribe();
        wake?.();
      });
      const send = async (rows: NotificationRow[]) => {
        // The catch-up and the live feed can overlap around the moment of connecting; each goes out once. Ids
        // are not compared with the last one sent: with several servers, a notification written a moment earlier
        // on another one can arrive after a newer one written here.
        for (const row of rows.filter((r) => r.id > after && !alreadyHad.has(r.id))) {
          await stream.writeSSE({ event: "notification", id: String(row.id), data: JSON.stringify(row) });
        }
      };
      try {
        // Other servers' notifications reach this stream from its first event on.
        await listenForOthers(deps.db, deps.log);
        if (after > 0) {
          const missed = await missedSince(deps.db, caller, after);
          await send(missed);
          for (const row of missed) alreadyHad.add(row.id);
        }
        // The count comes after the catch-up and sets the bell outright, so the rows caught up on are in it once.
        const { unread, counted } = await unreadAtConnect(deps.db, caller);
        for (const id of counted) alreadyHad.add(id);
        await stream.writeSSE({ event: "unread", data: JSON.stringify({ unread }), retry: RETRY_MS });
        while (!stream.aborted && !evicted) {
          if (pending.length === 0) {
            const woke = await new Promise<boolean>((resolve) => {
              const timer = setTimeout(() => resolve(false), deps.config.streamHeartbeatMs);
              wake = () => {
                clearTimeout(timer);
                resolve(true);
              };
            });
            wake = undefined;
            if (!woke && !stream.aborted) {
              // A stream outlives the request that opened it: a session ended since (sign-out, a change by an
              // administrator) ends the stream too, and the browser's reconnect then meets the 401.
              const token = sessionToken(c);
              if (!token || "problem" in await resolveSession(deps.db, deps.config.jwtSecret, token)) break;
              await stream.write(": alive\n\n");
            }
            continue;
          }
          const batch = pending;
          pending = [];
          await send(batch);
        }
        // The browser would reconnect a stream that just ends, closing the next oldest in turn; this event
        // tells the page to stay closed until the user comes back to it.
        if (evicted && !stream.aborted) await stream.writeSSE({ event: "closed", data: JSON.stringify({ reason: STREAMS_EXCEEDED }) });
      } finally {
        unsubscribe();
      }
    })),
];
