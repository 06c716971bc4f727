import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "../../db/client.ts";
import { branches, charges, companyPolicies, freightRates, portRates, ports, roles, routes, voyageScheduleDestinations } from "../../db/schema/index.ts";
import { createRole, createUser, type Grant, signIn, type TestApp } from "./app.ts";
import { type BookingWorld, PTP_BOOKING, seedBookingWorld } from "./bookings.ts";
import { draftWaybills, type LoadingWorld, loadingWorld, type ReadyWaybill } from "./loading.ts";

/**
 * What the booking-change tests stand on, made through the real calls where the screens make it: the booking world's
 * Manila voyage, which also calls at Davao (a port, freight and arrastre rates there, and a second quotation of the
 * shipper with a port-to-port lane to Davao taken through its approval chain), the amendment fee policy, and the
 * people of the booking-change screens at Manila, one per flag of 001 §6.
 */

export const BC_PASSWORD = "bc-password-12345";
export const DAVAO = { freightPerTeu: "15000.00", arrastre: "1050.00", amendmentFee: "1120.00" } as const;

export const BC_PEOPLE: Record<string, { grants: Grant[]; branches: string[]; isDat?: boolean }> = {
  clerk: { grants: ["BOOKINGCHANGES"], branches: ["MNL"] },
  clerk2: { grants: ["BOOKINGCHANGES"], branches: ["MNL"] },
  endorser: { grants: ["BOOKINGCHANGES", "ENDORSER"], branches: ["MNL"] },
  adminEndorser: { grants: ["BOOKINGCHANGES", "ADMIN_ENDORSER"], branches: ["MNL"] },
  approver: { grants: ["BOOKINGCHANGES", "APPROVER"], branches: ["MNL"] },
  management: { grants: ["BOOKINGCHANGES", "MANAGEMENT_APPROVER"], branches: ["MNL"] },
  final: { grants: ["BOOKINGCHANGES", "FINAL_APPROVER"], branches: ["MNL"] },
  accounting: { grants: ["BOOKINGCHANGES", "BC_ACCOUNTING_APPROVER"], branches: ["MNL"] },
  dat: { grants: ["BOOKINGCHANGES"], branches: ["MNL"], isDat: true },
  ceb: { grants: ["BOOKINGCHANGES", "ENDORSER", "APPROVER", "FINAL_APPROVER", "BC_ACCOUNTING_APPROVER"], branches: ["CEB"] },
};

export interface BookingChangeWorld {
  w: BookingWorld;
  l: LoadingWorld;
  tokens: Record<string, string>;
  call: (who: string, method: string, path: string, body?: unknown) => Promise<{ status: number; body: any; raw: Response }>;
  /** `n` bookings to Cebu with their van out and a Draft waybill each. */
  withWaybills: (n: number, booking?: Record<string, unknown>) => Promise<ReadyWaybill[]>;
  /** A batch of `n` bookings left Draft, or confirmed (`confirm`), or with their ATW issued (`atw`). */
  bookingsAt: (n: number, stage: "draft" | "confirm" | "atw") => Promise<string[]>;
}

export async function seedBookingChangeWorld(db: Db, t: TestApp, serial: number): Promise<BookingChangeWorld> {
  const w = await seedBookingWorld(db, t, { yard: ["OUTBOUND"] });
  const l = await loadingWorld(db, w, "yard", serial);
  await db.insert(branches).values({ code: "DVO", name: "Davao" }).onConflictDoNothing();
  await db.insert(ports).values({ code: "PDVO", name: "Port of Davao", branchCode: "DVO" });
  await db.insert(freightRates).values({
    chargeCode: "001", portCodeOrigin: "PMNL", portCodeDestination: "PDVO", branchCodeOrigin: "MNL", branchCodeDestination: "DVO", dateEffective: "2026-01-01", stdRateWvat: DAVAO.freightPerTeu,
  });
  await db.insert(portRates).values({ chargeCode: "004", branchCode: "DVO", portCode: "PDVO", dateEffective: "2026-01-01", stdRateWvat: DAVAO.arrastre });
  await db.insert(charges).values({ code: "AMF", name: "Amendment fee", category: "OTHER", chargeClass: "BOTH", unitOfMeasure: "perTeu", effectiveDateBasis: "SQ_DATE", isSpecialCharge: true });
  await db.insert(companyPolicies).values({ code: "AMENDMENT FEE", description: "Amendment fee", defaultValueDecimal: DAVAO.amendmentFee, dateEffective: "2026-01-01" });
  await db.update(routes).set({ destinationBranchCodes: ["CEB", "DVO"] }).where(eq(routes.code, "MNL-CEB"));
  const [cebCall] = await db.select().from(voyageScheduleDestinations).where(eq(voyageScheduleDestinations.voyageNum, w.voyageNum));
  await db.insert(voyageScheduleDestinations).values({
    voyageNum: w.voyageNum, seq: 2, destinationBranchCode: "DVO", estimatedTimeArrival: new Date(cebCall.estimatedTimeArrival.getTime() + 86_400_000),
  });
  // The shipper's quotation of the Davao lane, through its approval chain.
  const json = (res: Response) => res.json() as Promise<any>;
  const sq = await w.call("ae", "POST", "/SalesQuotations", { customerCode: "PHT", cargoTypeCode: "BKDRY" });
  expect(sq.status, "quotation").toBe(201);
  const quotation = (await json(sq)).data;
  const lanes = await w.call("ae", "POST", "/SalesQuotationDocuments/MultipleInsertDocsWAreas", {
    sqRefNum: quotation.sqRefNum, documents: [{ serviceModeCode: "PTP", originPortCode: "PMNL", destinationPortCode: "PDVO", teu: 1 }],
  });
  expect(lanes.status, JSON.stringify(await lanes.clone().json())).toBe(201);
  for (const [who, action] of [["ae", "submit"], ["sm", "smApprove"], ["aud", "audApprove"], ["fa", "faApprove"]]) {
    const res = await w.call(who, "PUT", `/SalesQuotations/updateSqStatusWthSBMV2/${quotation.id}`, { action, remarks: "" });
    expect(res.status, `${who} ${action}`).toBe(200);
  }

  const tokens: Record<string, string> = { ...w.tokens };
  for (const [who, p] of Object.entries(BC_PEOPLE)) {
    const role = await createRole(db, p.grants);
    if (p.isDat) await db.update(roles).set({ isDat: true }).where(eq(roles.id, role.id));
    await createUser(db, { userId: `bc-${who}`, password: BC_PASSWORD, roleKey: role.id, branches: p.branches });
    tokens[who] = await signIn(t, `bc-${who}`, BC_PASSWORD);
  }
  const call = async (who: string, method: string, path: string, body?: unknown) => {
    const res = await t.call(method, `/api${path}`, { token: tokens[who], body });
    const raw = res.clone();
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // a file
    }
    return { status: res.status, body: parsed as any, raw };
  };
  const withWaybills = (n: number, booking: Record<string, unknown> = {}) => draftWaybills(l, n, { ...PTP_BOOKING, ...booking });
  const bookingsAt = async (n: number, stage: "draft" | "confirm" | "atw") => {
    const opened = await w.call("staff", "POST", "/Bookings/batch", { voyageNum: w.voyageNum, customerCode: "PHT", remarks: "", bookings: Array(n).fill(PTP_BOOKING) });
    expect(opened.status).toBe(201);
    const batch = (await json(opened)).data;
    const refs = batch.bookings.map((b: any) => b.bookingRef) as string[];
    if (stage !== "draft") expect((await w.call("staff", "POST", "/Bookings/confirmBatch", { bookingBatchRef: batch.bookingBatchRef })).status).toBe(200);
    if (stage === "atw") expect((await w.call("staff", "POST", "/Bookings/issueATW", { bookingRefs: refs, truckingCode: "TRK1" })).status).toBe(200);
    return refs;
  };
  return { w, l, tokens, call, withWaybills, bookingsAt };
}
