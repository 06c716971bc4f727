import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";
import { containerYards } from "../../../../db/schema/index.ts";
import type { DemoContext } from "../../manifest.ts";
import { createVanInBody } from "./schemas.ts";
import { createVanIn, listVanIns } from "./service.ts";

/**
 * The van-in of the demo line, made by the Cebu inbound clerk: the first van out on an inbound CTS comes back empty to
 * a Cebu yard, with a scratch on its door. With no van out it makes nothing.
 */
export async function seedDemoVanIns(db: Db, { people, now }: DemoContext): Promise<Record<string, number>> {
  const clerk = people.inbound;
  const { data: out } = await listVanIns(db, clerk, { skip: 0, take: 1, search: "", state: "Out" });
  const van = out[0];
  if (!van) return { vanIns: 0 };
  const [yard] = await db.select({ code: containerYards.code }).from(containerYards)
    .where(and(eq(containerYards.branchCode, van.branchCode), eq(containerYards.isActive, true))).orderBy(asc(containerYards.code)).limit(1);
  if (!yard) return { vanIns: 0 };
  await createVanIn(db, clerk, createVanInBody.parse({
    wayBillRef: van.wayBillRef, dateReturned: now.toISOString(), cyCode: yard.code,
    tandemCodeIds: [van.containerVanNum, van.tandemContainerVanNum].filter(Boolean),
    damages: [{ vanPart: "Door Assembly", damageType: "Scratched" }], remarks: "Demo van-in: returned empty by the consignee's trucker",
  }), now);
  return { vanIns: 1 };
}
