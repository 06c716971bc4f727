import type { Db } from "../../../db/client.ts";
import type { DemoContext } from "../manifest.ts";
import { createHustlingBody } from "./schemas.ts";
import { createHustling, voyagesForHustling } from "./service.ts";

const HOUR = 3_600_000;

/** The demo line's hustling: two vans of Manila's North Harbor yard hauled from the open voyage's vessel to another. */
export const DEMO_HUSTLING = {
  branchCode: "MNL",
  fromVoyageRef: "DEMO-OPEN",
  toVoyageRef: "DEMO-DRAFT",
  fromCyCode: "MNL-CY1",
  toCyCode: "MNL-CY2",
  truckingCode: "TRK-001",
  lines: [
    { containerVanNum: "LDGU2010035", plateNum: "NBC 1234", driver: "Rodel Mendoza", detailsRemarks: "Loaded; seal intact" },
    { containerVanNum: "LDGU4010013", plateNum: "NDA 7781", driver: "Efren Bautista", detailsRemarks: "" },
  ],
} as const;

/** The hustling above through the hustling service, written by the demo's hustling clerk at Manila. */
export async function seedDemoHustling(db: Db, { people, now }: DemoContext): Promise<Record<string, number>> {
  const d = DEMO_HUSTLING;
  const { data: voyages } = await voyagesForHustling(db, people.hustler, d.branchCode, "");
  const from = voyages.find((v) => v.voyageRef === d.fromVoyageRef);
  const to = voyages.find((v) => v.voyageRef === d.toVoyageRef);
  if (!from || !to) return { hustlings: 0 };
  await createHustling(db, people.hustler, createHustlingBody.parse({
    branchCode: d.branchCode,
    voyageNum: from.voyageNum,
    toReference: "To Vessel",
    hustVoyageNum: to.voyageNum,
    fromCyCode: d.fromCyCode,
    toCyCode: d.toCyCode,
    truckingCode: d.truckingCode,
    // The haul took an hour and a half this morning.
    dateTimeIn: new Date(now.getTime() - 3 * HOUR).toISOString(),
    dateTimeOut: new Date(now.getTime() - 1.5 * HOUR).toISOString(),
    remarks: `Vans moved from ${from.vesselName} to ${to.vesselName} for transshipment`,
    lines: d.lines,
  }));
  return { hustlings: 1 };
}
