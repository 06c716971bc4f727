import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { branches, charges, routes, truckings } from "../../db/schema/master-data.ts";
import { createUser, ensureBranch, expectErrorBody, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";

/**
 * Truckers, routes and charges keep branch codes in lists, where no foreign key reaches. Renaming a branch
 * must carry into those lists, and a branch a list still names must not be deleted.
 */

let handle: DatabaseHandle;
let t: TestApp;
let token: string;

const json = (res: Response) => res.json() as Promise<any>;
const branch = async (code: string) => (await handle.db.select().from(branches).where(eq(branches.code, code)))[0];

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  for (const code of ["LMNL", "LCEB", "LDVO", "LSPARE"]) await ensureBranch(handle.db, code);
  await handle.db.insert(truckings).values({ code: "LTR1", name: "List Trucker", branchCodes: ["LCEB", "LMNL"] });
  await handle.db.insert(routes).values({ code: "LRT1", name: "List Route", originBranchCode: "LMNL", destinationBranchCodes: ["LCEB", "LDVO"] });
  await handle.db.insert(charges).values({
    code: "LCH1", name: "List Charge", category: "OTHER", chargeClass: "ORIGIN", unitOfMeasure: "perTeu",
    effectiveDateBasis: "BOOKING_DATE", appliedBranches: ["LCEB"],
  });
  await createUser(handle.db, { userId: "lists-md", password: "lists-password-1", menus: ["MASTERDATA"] });
  token = await signIn(t, "lists-md", "lists-password-1");
});
afterAll(() => handle?.close());

describe("branch codes kept in lists", () => {
  it("renames a branch in every trucker, route and charge list that names it", async () => {
    const cebu = await branch("LCEB");
    const res = await t.call("PUT", `/api/Branches/update/${cebu.id}`, {
      token,
      body: { code: "LCEBU", dateModified: cebu.dateModified.toISOString() },
    });
    expect(res.status).toBe(200);
    const [trucker] = await handle.db.select().from(truckings).where(eq(truckings.code, "LTR1"));
    expect(trucker.branchCodes).toEqual(["LCEBU", "LMNL"]);
    const [route] = await handle.db.select().from(routes).where(eq(routes.code, "LRT1"));
    expect(route.destinationBranchCodes).toEqual(["LCEBU", "LDVO"]);
    const [charge] = await handle.db.select().from(charges).where(eq(charges.code, "LCH1"));
    expect(charge.appliedBranches).toEqual(["LCEBU"]);
    // The per-branch trucker list finds the trucker under the new code.
    const serving = await json(await t.call("GET", "/api/Truckings/getTruckingbyMultipleBranch?branchCodes=LCEBU", { token }));
    expect(serving.data.map((r: any) => r.code)).toContain("LTR1");
  });

  it("refuses to delete a branch a list still names, and changes nothing", async () => {
    const davao = await branch("LDVO");
    const res = await t.call("DELETE", "/api/Branches/delete", { token, body: [davao.id] });
    expect(res.status).toBe(409);
    expect((await expectErrorBody(res)).message).toBe("This branch is named by 1 route record(s) and cannot be deleted. Deactivate it instead.");
    expect(await branch("LDVO")).toBeDefined();
    // A branch no list names is deleted as before.
    const spare = await branch("LSPARE");
    expect((await t.call("DELETE", "/api/Branches/delete", { token, body: [spare.id] })).status).toBe(200);
    expect(await branch("LSPARE")).toBeUndefined();
  });
});
