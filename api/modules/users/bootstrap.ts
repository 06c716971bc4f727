import { count, eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { branches, roleDetails, roles, userBranches, users } from "../../../db/schema/index.ts";
import { ADMIN_ROLE } from "../../../db/seed/reference.ts";
import { DEMO_BRANCHES } from "../../../db/seed/demo.ts";
import { seedDemo } from "../master-data/index.ts";
import { AppError } from "../../shared/errors.ts";
import { generatePassword, hashPassword } from "./passwords.ts";
import { endSessions } from "./session.ts";

const SEEDER = "system";

/** Inserts the reference data (the administrator role) when it is missing. Safe to run again. */
export async function seedReference(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.roleId, ADMIN_ROLE.roleId));
    const roleKey = existing?.id ?? (await tx.insert(roles).values({
      roleId: ADMIN_ROLE.roleId, roleName: ADMIN_ROLE.roleName, isDat: ADMIN_ROLE.isDat, userCreated: SEEDER, userModified: SEEDER,
    }).returning({ id: roles.id }))[0].id;
    await tx.insert(roleDetails)
      .values([
        ...ADMIN_ROLE.menus.map((menuId) => ({ roleId: roleKey, menuId, isAllowed: true })),
        ...ADMIN_ROLE.capabilities.map((menuId) => ({ roleId: roleKey, menuId, type: "CAPABILITY", isAllowed: true })),
        // The administrator looks after every branch, whatever their own branch list says.
        { roleId: roleKey, menuId: "ALL_BRANCHES", type: "CAPABILITY", isAllowed: true },
      ])
      .onConflictDoNothing();
  });
}

/**
 * Creates the administrator `admin` (or resets its password when `reset` is set). Answers the password when
 * one was generated, so the caller prints it once; it is stored only as an argon2id hash.
 */
export async function createAdmin(db: Db, options: { password?: string; reset?: boolean } = {}): Promise<{ created: boolean; generatedPassword?: string }> {
  await seedReference(db);
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.roleId, ADMIN_ROLE.roleId));
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.userId, "admin"));
  if (existing && !options.reset) return { created: false };
  if (options.password !== undefined && options.password.length < 8) {
    throw new AppError("VALIDATION", "The administrator password must have at least 8 characters.");
  }
  const generated = options.password ? undefined : generatePassword();
  const passwordHash = await hashPassword(options.password ?? generated!);
  if (existing) {
    await db.update(users).set({ passwordHash, isActive: true, ...endSessions, dateModified: new Date(), userModified: SEEDER })
      .where(eq(users.id, existing.id));
  } else {
    await db.insert(users).values({ userId: "admin", name: "Administrator", email: "", passwordHash, roleId: role.id, userCreated: SEEDER, userModified: SEEDER });
  }
  return { created: !existing, generatedPassword: generated };
}

/** First start on an empty database: reference data, demo data and the administrator. */
export async function seedIfEmpty(db: Db, adminPassword?: string) {
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (Number(n) > 0) return null;
  await seedReference(db);
  const demo = await seedDemo(db);
  const admin = await createAdmin(db, { password: adminPassword });
  if (demo.branches > 0) {
    // The demo administrator works out of the first demo branch, so the branch dialog does not greet them.
    const [[adminRow], [home]] = await Promise.all([
      db.select({ id: users.id }).from(users).where(eq(users.userId, "admin")),
      db.select({ id: branches.id }).from(branches).where(eq(branches.code, DEMO_BRANCHES[0].code)),
    ]);
    if (adminRow && home) await db.insert(userBranches).values({ userKey: adminRow.id, branchId: home.id, defaultBranch: true }).onConflictDoNothing();
  }
  return { demo, admin };
}
