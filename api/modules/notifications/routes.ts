import { z } from "zod";
import { route, type RouteDef } from "../../http/route.ts";
import { countUnread } from "./service.ts";

export const notificationRoutes: RouteDef[] = [
  route({
    method: "get", path: "/notifications/unreadCount", permission: "authenticated", tag: "Notifications",
    summary: "How many notices for the caller (or the caller's role) are still unread; the top bar's bell shows it",
    response: z.object({ data: z.object({ unread: z.number() }) }),
  }, async ({ deps, caller }) => ({ data: { unread: await countUnread(deps.db, caller) } })),
];
