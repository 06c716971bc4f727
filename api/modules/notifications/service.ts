import { and, count, eq, or } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { notifications } from "../../../db/schema/index.ts";

/** Unread notices addressed to the user or to the user's role. */
export async function countUnread(db: Db, who: { userId: string; roleId: string }): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications)
    .where(and(eq(notifications.isViewed, false), or(eq(notifications.userId, who.userId), eq(notifications.roleId, who.roleId))));
  return Number(row?.n ?? 0);
}
