import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { branches, ports } from "../../../db/schema/master-data.ts";
import { AppError } from "../../shared/errors.ts";

/** Active ports served by one branch (getIsActivePortsBranch). */
export async function activePortsOfBranch(db: Db, branchCode: string) {
  return await db.select().from(ports)
    .where(and(eq(ports.branchCode, branchCode), eq(ports.isActive, true)))
    .orderBy(asc(ports.code));
}

/** A branch with all of its ports (BranchWithPorts). */
export async function branchWithPorts(db: Db, branchCode: string) {
  const [branch] = await db.select().from(branches).where(eq(branches.code, branchCode));
  if (!branch) throw new AppError("NOT_FOUND", `Branch ${branchCode} was not found.`);
  const list = await db.select().from(ports).where(eq(ports.branchCode, branchCode)).orderBy(asc(ports.code));
  return { ...branch, ports: list };
}
