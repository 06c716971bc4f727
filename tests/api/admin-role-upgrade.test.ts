import { readFileSync } from "node:fs";
import path from "node:path";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { roleDetails, roles } from "../../db/schema/index.ts";
import { seedReference } from "../../api/modules/users/bootstrap.ts";
import { openTestDatabase } from "../support/test-db.ts";
import { REPO_ROOT } from "../support/repo.ts";

/**
 * An installation seeded before branch scope: its administrator role lacks ALL_BRANCHES and the quotation
 * viewing capabilities a first start now grants. Migration 0016 gives them to it, once, and to no other role.
 */
const MIGRATION = readFileSync(path.join(REPO_ROOT, "db/migrations/0016_admin_role_sees_every_branch.sql"), "utf8");
const GRANTED = ["ALL_BRANCHES", "CSR_REPORT", "SOUNDING_REPORT", "SQ_AGING_REPORT", "SQ_APPROVED_VIEWER", "SQ_SBM", "VOYAGE_FREIGHT_REVENUE_REPORT"];

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
  await seedReference(handle.db);
});
afterAll(async () => await handle?.close());

async function capabilitiesOf(roleId: string) {
  const rows = await handle.db.select({ menuId: roleDetails.menuId }).from(roleDetails)
    .innerJoin(roles, eq(roles.id, roleDetails.roleId))
    .where(and(eq(roles.roleId, roleId), eq(roleDetails.type, "CAPABILITY"), inArray(roleDetails.menuId, GRANTED)))
    .orderBy(asc(roleDetails.menuId));
  return rows.map((r) => r.menuId);
}

describe("migration 0016 on an installation seeded before branch scope", () => {
  it("gives the administrator role every branch and the quotation lists, once, and no other role anything", async () => {
    const db = handle.db;
    expect(await capabilitiesOf("ADMIN")).toEqual(GRANTED);
    // The administrator role as an older first start left it, and another role beside it.
    const [admin] = await db.select({ id: roles.id }).from(roles).where(eq(roles.roleId, "ADMIN"));
    await db.delete(roleDetails).where(and(eq(roleDetails.roleId, admin.id), inArray(roleDetails.menuId, GRANTED)));
    await db.insert(roles).values({ roleId: "CLERK", roleName: "Clerk" });
    expect(await capabilitiesOf("ADMIN")).toEqual([]);

    await db.execute(sql.raw(MIGRATION));
    expect(await capabilitiesOf("ADMIN")).toEqual(GRANTED);
    expect(await capabilitiesOf("CLERK")).toEqual([]);

    // Run again, it adds nothing.
    await db.execute(sql.raw(MIGRATION));
    expect(await capabilitiesOf("ADMIN")).toEqual(GRANTED);
  });
});
