import { count, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { branches, roleDetails, roles, userBranches, users } from "../../../db/schema/index.ts";
import { ADMIN_ROLE } from "../../../db/seed/reference.ts";
import { DEMO_BRANCHES, DEMO_PASSWORD, DEMO_PEOPLE, type DemoPerson } from "../../../db/seed/demo.ts";
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
        ...ADMIN_ROLE.viewing.map((menuId) => ({ roleId: roleKey, menuId, type: "CAPABILITY", isAllowed: true })),
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

/**
 * First start on an empty database: reference data, demo data and the administrator. `demoLine` adds the
 * records made on top of the demo data (api/modules/index.ts passes each module's part); it runs before the
 * administrator exists, so the notices those records sent went to the demo staff and the administrator's
 * bell starts empty.
 */
export async function seedIfEmpty(db: Db, adminPassword?: string, demoLine?: (db: Db) => Promise<Record<string, number>>) {
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (Number(n) > 0) return null;
  await seedReference(db);
  const demo = await seedDemo(db);
  const line = demo.branches > 0 && demoLine ? await demoLine(db) : {};
  const admin = await createAdmin(db, { password: adminPassword });
  if (demo.branches > 0) {
    // The demo administrator works for every demo branch, out of the first one, so the branch dialog does
    // not greet them and the branch-scoped lists show the whole line.
    const [[adminRow], demoBranches] = await Promise.all([
      db.select({ id: users.id }).from(users).where(eq(users.userId, "admin")),
      db.select({ id: branches.id, code: branches.code }).from(branches).where(inArray(branches.code, DEMO_BRANCHES.map((b) => b.code))),
    ]);
    if (adminRow && demoBranches.length > 0) {
      await db.insert(userBranches)
        .values(demoBranches.map((b) => ({ userKey: adminRow.id, branchId: b.id, defaultBranch: b.code === DEMO_BRANCHES[0].code })))
        .onConflictDoNothing();
    }
  }
  return { demo, admin, line };
}

/**
 * The demo staff of db/seed/demo.ts, each with a role of their own, their branches and the demo password;
 * the demo line (voyages, quotations, bookings) is made in their names. A person already there is kept as
 * they are. Answers each person's user key.
 */
export async function seedDemoPeople(db: Db): Promise<Record<DemoPerson, number>> {
  const people = Object.entries(DEMO_PEOPLE) as [DemoPerson, (typeof DEMO_PEOPLE)[DemoPerson]][];
  // One argon2id hash serves them all: they share the published password, so separate salts would hide
  // nothing, and each hash costs a noticeable part of a second of the first start.
  let passwordHash: string | undefined;
  const keys = {} as Record<DemoPerson, number>;
  const allBranches = await db.select({ id: branches.id, code: branches.code }).from(branches);
  for (const [person, p] of people) {
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.userId, p.userId));
    if (existing) {
      keys[person] = existing.id;
      continue;
    }
    passwordHash ??= await hashPassword(DEMO_PASSWORD);
    keys[person] = await db.transaction(async (tx) => {
      const [role] = await tx.insert(roles).values({ roleId: p.roleId, roleName: p.roleName, userCreated: SEEDER, userModified: SEEDER })
        .onConflictDoUpdate({ target: roles.roleId, set: { roleName: p.roleName } }).returning({ id: roles.id });
      await tx.insert(roleDetails).values([
        ...p.menus.map((menuId) => ({ roleId: role.id, menuId, isAllowed: true })),
        ...p.capabilities.map((menuId) => ({ roleId: role.id, menuId, type: "CAPABILITY", isAllowed: true })),
      ]).onConflictDoNothing();
      const [user] = await tx.insert(users).values({
        userId: p.userId, name: p.name, email: "", passwordHash, roleId: role.id, userCreated: SEEDER, userModified: SEEDER,
      }).returning({ id: users.id });
      const theirs = allBranches.filter((b) => (p.branches as readonly string[]).includes(b.code));
      if (theirs.length > 0) {
        await tx.insert(userBranches).values(theirs.map((b) => ({ userKey: user.id, branchId: b.id, defaultBranch: b.code === p.branches[0] })));
      }
      return user.id;
    });
  }
  return keys;
}
