import { inArray } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";

/**
 * The names documents and lists print for the user ids their rows record (issued by, released by, sent by), read
 * in one statement for the whole list. An id with no user, or a user with no name, prints as the id itself.
 */
export async function userNamesOf(db: Executor, userIds: readonly (string | null | undefined)[]): Promise<(userId: string) => string> {
  const ids = [...new Set(userIds.filter((id): id is string => !!id))];
  const people = ids.length === 0 ? [] : await db.select({ userId: users.userId, name: users.name }).from(users).where(inArray(users.userId, ids));
  const names = new Map(people.map((p) => [p.userId, p.name]));
  return (userId: string) => names.get(userId) || userId;
}
