import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "../../db/client.ts";
import { branches, cargoTypes, routes, serviceModes, truckings, userBranches, vessels } from "../../db/schema/index.ts";
import { createRole, createUser, type Grant, signIn, type TestApp } from "./app.ts";
import { DOOR_LANE, PORT_LANE, seedRateBook } from "./sq-pricing.ts";

/**
 * A world to book in, made through the real calls: the rate book of sq-pricing.ts (Manila to Cebu), a route
 * and a voyage leaving in ten days, and a quotation of customer PHT taken through the whole approval chain with
 * a port-to-port and a door-to-door lane. Booking staff hold the VOYAGE menu; trucker TRK1 is authorised at
 * Manila, TRK2 only at Cebu.
 */
export interface BookingWorld {
  voyageNum: string;
  sqRefNum: string;
  /** The port-to-port lane and the door-to-door lane of the quotation. */
  lanes: { ptp: string; dtd: string };
  call: (who: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<Response>;
  tokens: Record<string, string>;
}

const json = (res: Response) => res.json() as Promise<any>;

export async function seedBookingWorld(db: Db, t: TestApp, people: Record<string, Grant[]> = {}): Promise<BookingWorld> {
  await seedRateBook(db);
  await db.insert(serviceModes).values([
    { code: "PTD", name: "Pier to door", doorDestination: true },
    { code: "DTP", name: "Door to pier", doorOrigin: true },
  ]).onConflictDoNothing();
  const [mnl] = await db.select().from(branches).where(eq(branches.code, "MNL"));
  await db.insert(routes).values({ code: "MNL-CEB", name: "Manila - Cebu", originBranchCode: "MNL", destinationBranchCodes: ["CEB"] });
  await db.insert(vessels).values({ code: "LADY", name: "MV Lady of Manila", vesselType: "Container" });
  await db.insert(truckings).values([
    { code: "TRK1", name: "Northline Haulers", plateNum: "ABC 1234", branchCodes: ["MNL"] },
    { code: "TRK2", name: "Cebu Movers", plateNum: "CEB 5678", branchCodes: ["CEB"] },
  ]);
  const tokens: Record<string, string> = {};
  const roles: Record<string, Grant[]> = {
    staff: ["VOYAGE"],
    ae: ["SALESQUOTATION", "SQ_AE"],
    sm: ["SALESQUOTATION", "SQ_SM"],
    aud: ["SALESQUOTATION", "SQ_AUD"],
    fa: ["SALESQUOTATION", "SQ_FA"],
    ...people,
  };
  for (const [who, grants] of Object.entries(roles)) {
    const role = await createRole(db, grants);
    const user = await createUser(db, { userId: `bk-${who}`, password: "bk-password-123", roleKey: role.id });
    await db.insert(userBranches).values({ userKey: user.id, branchId: mnl.id, defaultBranch: true });
    tokens[who] = await signIn(t, `bk-${who}`, "bk-password-123");
  }
  const call = (who: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    t.call(method, `/api${path}`, { token: tokens[who], body, headers });

  const etd = new Date(Date.now() + 10 * 86_400_000);
  const eta = new Date(etd.getTime() + 86_400_000);
  const voyage = await call("staff", "POST", "/VoyageSchedules/createcheduleV1", {
    voyageRef: "V-201S",
    vesselCode: "LADY",
    routeCode: "MNL-CEB",
    estimatedTimeDeparture: etd.toISOString(),
    destinations: [{ destinationBranchCode: "CEB", estimatedTimeArrival: eta.toISOString() }],
  });
  expect(voyage.status, "voyage").toBe(201);
  const voyageNum = (await json(voyage)).data.voyageNum;

  await db.insert(cargoTypes).values({ code: "BKDRY", name: "Dry containerized" }).onConflictDoNothing();
  const sq = await call("ae", "POST", "/SalesQuotations", { customerCode: "PHT", cargoTypeCode: "BKDRY" });
  expect(sq.status, "quotation").toBe(201);
  const quotation = (await json(sq)).data;
  const lanes = await call("ae", "POST", "/SalesQuotationDocuments/MultipleInsertDocsWAreas", {
    sqRefNum: quotation.sqRefNum,
    documents: [PORT_LANE, { ...DOOR_LANE, withInsurance: true }],
  });
  expect(lanes.status, "lanes").toBe(201);
  for (const [who, action] of [["ae", "submit"], ["sm", "smApprove"], ["aud", "audApprove"], ["fa", "faApprove"]]) {
    const res = await call(who, "PUT", `/SalesQuotations/updateSqStatusWthSBMV2/${quotation.id}`, { action, remarks: "" });
    expect(res.status, `${who} ${action}`).toBe(200);
  }
  const read = (await json(await call("ae", "GET", `/SalesQuotations/read/${quotation.sqRefNum}`))).data;
  const laneOf = (mode: string) => read.lanes.find((l: any) => l.serviceModeCode === mode).sqdocNum as string;
  return { voyageNum, sqRefNum: quotation.sqRefNum, lanes: { ptp: laneOf("PTP"), dtd: laneOf("DTD") }, call, tokens };
}

/** A port-to-port booking of one TEU to Cebu, ready to save. */
export const PTP_BOOKING = {
  destinationBranchCode: "CEB",
  modeOfDelivery: "PTP",
  modeOfPayment: "P",
  quantityTeu: 1,
  goods: "Canned goods",
  packaging: "Box",
  quantity: 400,
  cargoWeight: "12.5",
  declaredValue: "250000",
};

/** A door-to-door booking from Quezon City to Mandaue, complete. */
export const DTD_BOOKING = {
  ...PTP_BOOKING,
  modeOfDelivery: "DTD",
  pickUpAddress: { street: "12 Mindanao Ave", barangay: "Bahay Toro", city: "Quezon City", province: "Metro Manila", zipCode: "1106" },
  pickUpAreaCode: "QC",
  deliveryAddress: { street: "5 A.C. Cortes Ave", barangay: "Ibabao", city: "Mandaue City", province: "Cebu", zipCode: "6014" },
  deliveryAreaCode: "MANDAUE",
};
