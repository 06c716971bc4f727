import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "../../db/client.ts";
import { roles } from "../../db/schema/index.ts";
import { createRole, createUser, type Grant, signIn, type TestApp } from "./app.ts";
import { type BookingWorld, PTP_BOOKING, seedBookingWorld } from "./bookings.ts";
import { draftWaybills, type LoadingWorld, loadingWorld } from "./loading.ts";

/**
 * What the waiver and override tests stand on, made through the real calls: the booking world's Manila to Cebu
 * voyage, waybills of it put on a load list by the Manila yard (their charges fixed), and the people of the waiver
 * screens. Most work at Cebu, the destination that collects a collect waybill's charges: a clerk, an endorser, an
 * approver, one who is endorser and approver at once, a Waiver For Endorse holder, a DAT clerk; a Manila clerk bills
 * the origin side; a Davao approver works elsewhere.
 */

export const WAIVER_PASSWORD = "waiver-password-123";

export const WAIVER_PEOPLE: Record<string, { grants: Grant[]; branches: string[]; isDat?: boolean }> = {
  clerk: { grants: ["WAIVER"], branches: ["CEB"] },
  clerk2: { grants: ["WAIVER"], branches: ["CEB"] },
  endorser: { grants: ["WAIVER", "ENDORSER"], branches: ["CEB"] },
  forEndorse: { grants: ["WAIVER", "WAIVER_FOR_ENDORSE"], branches: ["CEB"] },
  approver: { grants: ["WAIVER", "APPROVER"], branches: ["CEB"] },
  both: { grants: ["WAIVER", "ENDORSER", "APPROVER"], branches: ["CEB"] },
  dat: { grants: ["WAIVER"], branches: ["CEB"], isDat: true },
  mnl: { grants: ["WAIVER", "ENDORSER", "APPROVER"], branches: ["MNL"] },
  dvo: { grants: ["WAIVER", "ENDORSER", "APPROVER"], branches: ["DVO"] },
  cashier: { grants: ["CROACCOUNTING"], branches: ["CEB"] },
};

export interface WaiverWorld {
  w: BookingWorld;
  l: LoadingWorld;
  tokens: Record<string, string>;
  /** A call as one of WAIVER_PEOPLE (or a booking-world person), answering the status and the parsed body. */
  call: (who: string, method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>;
  /** `n` waybills to Cebu paid as `modeOfPayment` says (the booking's other fields as given), on a release of the voyage's load list. */
  onLoadList: (n: number, modeOfPayment?: string, booking?: Record<string, unknown>) => Promise<string[]>;
}

export async function seedWaiverWorld(db: Db, t: TestApp, serial: number): Promise<WaiverWorld> {
  const w = await seedBookingWorld(db, t, { yard: ["OUTBOUND"] });
  const l = await loadingWorld(db, w, "yard", serial);
  const tokens: Record<string, string> = { ...w.tokens };
  for (const [who, p] of Object.entries(WAIVER_PEOPLE)) {
    const role = await createRole(db, p.grants);
    if (p.isDat) await db.update(roles).set({ isDat: true }).where(eq(roles.id, role.id));
    await createUser(db, { userId: `wv-${who}`, password: WAIVER_PASSWORD, roleKey: role.id, branches: p.branches });
    tokens[who] = await signIn(t, `wv-${who}`, WAIVER_PASSWORD);
  }
  const call = async (who: string, method: string, path: string, body?: unknown) => {
    const res = await t.call(method, `/api${path}`, { token: tokens[who], body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // a file, or an empty answer
    }
    return { status: res.status, body: parsed as any };
  };
  const onLoadList = async (n: number, modeOfPayment = "C", booking: Record<string, unknown> = {}) => {
    const ready = await draftWaybills(l, n, { ...PTP_BOOKING, modeOfPayment, ...booking });
    const made = await call("yard", "POST", "/OutBound/loadList/create", { voyageNum: w.voyageNum, remarks: "" });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const updated = await call("yard", "PUT", `/OutBound/loadList/update/${made.body.data.releaseId}`, {
      dateModified: made.body.data.dateModified, entries: ready.map((r) => ({ wayBillRef: r.wayBillRef, status: "add" })),
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    return ready.map((r) => r.wayBillRef);
  };
  return { w, l, tokens, call, onLoadList };
}
