import type { Db } from "../../../db/client.ts";
import type { DemoContext } from "../manifest.ts";
import { scheduleInput } from "./schedules/schemas.ts";
import { approveSchedule, createSchedule, updateCroStatus } from "./schedules/service.ts";
import { createDetailsBody, createHeaderBody } from "./vessel-updates/schemas.ts";
import { addDetails, createHeader } from "./vessel-updates/service.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The demo line's voyages, each at another point of its life, with departures and arrivals set around the
 * first start: one arrived (its cargo released), one at sea between two calls, one open for bookings, one
 * planned but not approved yet, and one being loaded. `voyageRef` names each one; the bookings of the demo go on BOOKABLE_VOYAGE_REF, and a batch on the one being loaded.
 */
export const DEMO_VOYAGES = [
  { voyageRef: "DEMO-ARRIVED", state: "Arrived", vesselCode: "MV-VISAYAS", routeCode: "MNL-CEB", etd: -6 * DAY, etas: [-5 * DAY], approve: true },
  { voyageRef: "DEMO-AT-SEA", state: "Departed", vesselCode: "MV-MINDANAO", routeCode: "MNL-CEB-DVO", etd: -1 * DAY, etas: [6 * HOUR, 2 * DAY], approve: true },
  { voyageRef: "DEMO-OPEN", state: "Planned", vesselCode: "MV-PIONEER", routeCode: "MNL-CEB", etd: 7 * DAY, etas: [8 * DAY], approve: true },
  { voyageRef: "DEMO-DRAFT", state: "Planned", vesselCode: "MV-VOYAGER", routeCode: "MNL-DVO", etd: 14 * DAY, etas: [16 * DAY], approve: false },
  // Leaves in three days and is being loaded: its load list is open (api/modules/outbound/load-lists/demo.ts).
  { voyageRef: "DEMO-LOADING", state: "Planned", vesselCode: "MV-VOYAGER", routeCode: "MNL-CEB-DVO", etd: 3 * DAY, etas: [4 * DAY, 6 * DAY], approve: true },
] as const;
export const BOOKABLE_VOYAGE_REF = "DEMO-OPEN";

/** The voyages above through the schedule services, then what the vessels reported on the ones that sailed. */
export async function seedDemoVoyages(db: Db, { people, now }: DemoContext): Promise<Record<string, number>> {
  // The clerk schedules and reports; the operations manager approves, so no one approves their own voyage.
  const { ops, opsmgr } = people;
  const at = (offset: number) => new Date(now.getTime() + offset).toISOString();
  let details = 0;
  for (const v of DEMO_VOYAGES) {
    const { data } = await createSchedule(db, ops, scheduleInput.parse({
      voyageRef: v.voyageRef, vesselCode: v.vesselCode, routeCode: v.routeCode, estimatedTimeDeparture: at(v.etd),
      destinations: v.etas.map((eta, i) => ({ destinationBranchCode: v.routeCode.split("-")[i + 1], estimatedTimeArrival: at(eta) })),
    }));
    if (v.approve) await approveSchedule(db, opsmgr, data.id);
    if (v.state === "Planned") continue;
    const { data: header } = await createHeader(db, ops, createHeaderBody.parse({ vesselCode: v.vesselCode, voyageNum: data.voyageNum }));
    const origin = data.originBranchCode;
    const firstCall = data.destinations[0].destinationBranchCode;
    // The vessel left half an hour late; an arrived one berthed an hour early.
    const reports = v.state === "Arrived"
      ? [
        { vesselStatus: "Docking", activity: "Awaiting Departure", activityAt: at(v.etd), branchCode: origin, actualTimeDeparture: at(v.etd + HOUR / 2) },
        { vesselStatus: "Docking", activity: "Unloading", activityAt: at(v.etas[0] - HOUR / 2), branchCode: firstCall, actualTimeArrival: at(v.etas[0] - HOUR) },
      ]
      : [
        { vesselStatus: "Docking", activity: "Awaiting Departure", activityAt: at(v.etd), branchCode: origin, actualTimeDeparture: at(v.etd + HOUR / 2) },
        { vesselStatus: "In Transit", activity: "In Transit", activityAt: at(v.etd + 2 * HOUR), branchCode: null },
      ];
    await addDetails(db, ops, createDetailsBody.parse({ vuid: header.vuid, details: reports }));
    details += reports.length;
    if (v.state === "Arrived") await updateCroStatus(db, ops, data.id, "Closed");
  }
  return { voyages: DEMO_VOYAGES.length, vesselUpdates: DEMO_VOYAGES.filter((v) => v.state !== "Planned").length, vesselUpdateDetails: details };
}
