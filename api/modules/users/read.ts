import { asc, eq, inArray, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { branches, containerYards, roles, userBranches, userCys, users } from "../../../db/schema/index.ts";
import type { User } from "./schemas.ts";

/**
 * The user read model of 000 §3: the row, its role, its branches (with the default) and its CYs. Lists,
 * the session and the admin screen all read users through here so they never disagree.
 */
export async function readUsers(db: Db, where: SQL | undefined, page?: { skip: number; take: number }): Promise<User[]> {
  let query = db.select({
    id: users.id,
    userId: users.userId,
    name: users.name,
    email: users.email,
    roleId: roles.roleId,
    roleName: roles.roleName,
    isDat: roles.isDat,
    isActive: users.isActive,
    darkMode: users.darkMode,
    userCy: users.userCy,
    hasPassword: users.passwordHash,
    devicelogin: users.devicelogin,
    userCreated: users.userCreated,
    userModified: users.userModified,
    dateCreated: users.dateCreated,
    dateModified: users.dateModified,
  }).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(where).orderBy(asc(users.userId), asc(users.id)).$dynamic();
  if (page) query = query.offset(page.skip).limit(page.take);
  const rows = await query;
  if (rows.length === 0) return [];
  const keys = rows.map((r) => r.id);
  const [branchRows, cyRows] = await Promise.all([
    db.select({ userKey: userBranches.userKey, id: branches.id, branchCode: branches.code, branchName: branches.name, defaultBranch: userBranches.defaultBranch })
      .from(userBranches).innerJoin(branches, eq(branches.id, userBranches.branchId))
      .where(inArray(userBranches.userKey, keys)).orderBy(asc(branches.name)),
    db.select({ userKey: userCys.userKey, code: containerYards.code, name: containerYards.name })
      .from(userCys).innerJoin(containerYards, eq(containerYards.code, userCys.cyCode))
      .where(inArray(userCys.userKey, keys)).orderBy(asc(containerYards.name)),
  ]);
  return rows.map((r) => {
    const allCy = cyRows.filter((c) => c.userKey === r.id).map(({ code, name }) => ({ code, name }));
    return {
      ...r,
      hasPassword: r.hasPassword !== null,
      branches: branchRows.filter((b) => b.userKey === r.id).map(({ userKey: _k, ...b }) => b),
      allCy,
      userCyName: allCy.find((c) => c.code === r.userCy)?.name ?? null,
      devicelogin: r.devicelogin?.toISOString() ?? null,
      dateCreated: r.dateCreated.toISOString(),
      dateModified: r.dateModified.toISOString(),
    };
  });
}

export async function readUser(db: Db, id: number): Promise<User | undefined> {
  const [user] = await readUsers(db, eq(users.id, id));
  return user;
}
