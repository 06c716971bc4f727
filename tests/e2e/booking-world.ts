import { expect } from "vitest";
import type { AdminCall } from "./admin-api.ts";

/**
 * What a booking browser test needs before it clicks, made through the API: a VOYAGE staff user and the four
 * sales roles of one prefix (so test files sharing a server never collide), a quotation of the customer with
 * the given lanes taken through the whole approval chain, and a voyage on a route leaving in ten days.
 */

export interface BookingWorldOptions {
  baseURL: string;
  asAdmin: AdminCall;
  /** Starts every role id ("BKE2E") and user id ("bk-e2e"). */
  prefix: { role: string; user: string };
  password: string;
  customerCode: string;
  lanes: Record<string, unknown>[];
  /** `alsoCallsAt`: further destinations of the voyage, each a day after the one before. */
  voyage: { voyageRef: string; vesselCode: string; routeCode: string; destinationBranchCode: string; alsoCallsAt?: string[] };
}

export interface BookingWorld {
  voyageNum: string;
  /** The approved quotation as GET /SalesQuotations/read answers it. */
  quotation: { sqRefNum: string; status: string; lanes: { serviceModeCode: string; total: string }[] };
  /** Calls the API as one of the users made here: "staff", "ae", "sm", "aud" or "fa". */
  callAs: (who: string, method: string, apiPath: string, body?: unknown) => Promise<any>;
}

const SALES = [["ae", "SQ_AE"], ["sm", "SQ_SM"], ["aud", "SQ_AUD"], ["fa", "SQ_FA"]] as const;

export async function setUpBookingWorld(o: BookingWorldOptions): Promise<BookingWorld> {
  const { data: branches } = await o.asAdmin<{ data: { id: number; code: string }[] }>("GET", "/Branches/getIsActive");
  const manila = branches.find((b) => b.code === "MNL")!;
  const people: { key: string; roleId: string; menus: string[] }[] = [
    { key: "staff", roleId: `${o.prefix.role}_STAFF`, menus: ["VOYAGE"] },
    ...SALES.map(([key, capability]) => ({ key, roleId: `${o.prefix.role}_${key.toUpperCase()}`, menus: ["SALESQUOTATION", capability] })),
  ];
  for (const p of people) {
    await o.asAdmin("POST", "/Roles", { roleId: p.roleId, roleName: `${o.prefix.role} ${p.key}`, roleDetails: p.menus.map((menuId) => ({ menuId })) });
  }
  await o.asAdmin("POST", "/users/multipleInsert", people.map((p) => ({
    userId: `${o.prefix.user}-${p.key}`, name: `${o.prefix.role} ${p.key}`, email: `${o.prefix.user}-${p.key}@example.test`, roleId: p.roleId,
    branches: [{ id: manila.id, defaultBranch: true }],
  })));

  const tokens: Record<string, string> = {};
  for (const p of people) {
    const userId = `${o.prefix.user}-${p.key}`;
    await o.asAdmin("PUT", `/Users/ChangePasswordAdmin/${userId}?password=${encodeURIComponent(o.password)}`);
    const res = await fetch(`${o.baseURL}/api/users/authenticate`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ userId, password: o.password }),
    });
    expect(res.status, `sign-in of ${userId}`).toBe(200);
    tokens[p.key] = ((await res.json()) as { data: { token: string }[] }).data[0]!.token;
  }
  const callAs = async (who: string, method: string, apiPath: string, body?: unknown) => {
    const res = await fetch(`${o.baseURL}/api${apiPath}`, {
      method,
      headers: { "content-type": "application/json", authorization: `Bearer ${tokens[who]}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${apiPath}: ${res.status} ${text}`);
    return JSON.parse(text);
  };

  // The quotation goes through its chain by the API; its own browser test clicks through that.
  const draft = (await callAs("ae", "POST", "/SalesQuotations", { customerCode: o.customerCode, cargoTypeCode: "DRY" })).data;
  await callAs("ae", "POST", "/SalesQuotationDocuments/MultipleInsertDocsWAreas", { sqRefNum: draft.sqRefNum, documents: o.lanes });
  for (const [who, action] of [["ae", "submit"], ["sm", "smApprove"], ["aud", "audApprove"], ["fa", "faApprove"]] as const) {
    await callAs(who, "PUT", `/SalesQuotations/updateSqStatusWthSBMV2/${draft.id}`, { action, remarks: "" });
  }
  const quotation = (await callAs("ae", "GET", `/SalesQuotations/read/${draft.sqRefNum}`)).data;
  expect(quotation.status).toBe("FA Approved");

  const etd = new Date(Date.now() + 10 * 86_400_000);
  const voyage = await o.asAdmin<{ data: { voyageNum: string } }>("POST", "/VoyageSchedules/createcheduleV1", {
    voyageRef: o.voyage.voyageRef, vesselCode: o.voyage.vesselCode, routeCode: o.voyage.routeCode, estimatedTimeDeparture: etd.toISOString(),
    destinations: [o.voyage.destinationBranchCode, ...(o.voyage.alsoCallsAt ?? [])].map((destinationBranchCode, i) => ({
      destinationBranchCode, estimatedTimeArrival: new Date(etd.getTime() + (2 + i) * 86_400_000).toISOString(),
    })),
  });
  return { voyageNum: voyage.data.voyageNum, quotation, callAs };
}
