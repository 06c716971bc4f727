import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { eq } from "drizzle-orm";
import type { DatabaseHandle } from "../../db/client.ts";
import { containerVans, containerYards, truckings } from "../../db/schema/master-data.ts";
import { truckingsForExport } from "../../api/modules/master-data/equipment/service.ts";
import { buildTruckingsWorkbook, TRUCKINGS_XLSX_NAME } from "../../templates/exports/truckings.ts";
import { createUser, ensureBranch, expectErrorBody, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";

let handle: DatabaseHandle;
let t: TestApp;
let token: string;
let plainToken: string;

const json = (res: Response) => res.json() as Promise<any>;
const codes = (body: any) => (body.data as any[]).map((r) => r.code);

type VanSeed = Partial<typeof containerVans.$inferInsert> & { code: string };
type TruckerSeed = Partial<typeof truckings.$inferInsert> & { code: string; branchCodes: string[] };

async function van(seed: VanSeed) {
  const [row] = await handle.db.insert(containerVans).values({ size: "20", vanType: "DRY", condition: "Empty", cyCode: "CYM", ...seed }).returning();
  return row;
}
async function trucker(seed: TruckerSeed) {
  const [row] = await handle.db.insert(truckings).values({ name: `Trucker ${seed.code}`, ...seed }).returning();
  return row;
}
const vanRow = async (id: number) => (await handle.db.select().from(containerVans).where(eq(containerVans.id, id)))[0];
const truckerRow = async (id: number) => (await handle.db.select().from(truckings).where(eq(truckings.id, id)))[0];

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  await ensureBranch(handle.db, "MNL", "Manila");
  await ensureBranch(handle.db, "CEB", "Cebu");
  await ensureBranch(handle.db, "DVO", "Davao");
  await handle.db.insert(containerYards).values([
    { code: "CYM", name: "Manila yard", branchCode: "MNL" },
    { code: "CYC", name: "Cebu yard", branchCode: "CEB" },
  ]);
  await createUser(handle.db, { userId: "eq-md", password: "md-password-1", menus: ["MASTERDATA"] });
  await createUser(handle.db, { userId: "eq-ops", password: "ops-password-1", menus: ["OUTBOUND"] });
  token = await signIn(t, "eq-md", "md-password-1");
  plainToken = await signIn(t, "eq-ops", "ops-password-1");

  // Vans: the CTS candidates are the free, empty, active ones.
  await van({ code: "CTS001" });
  await van({ code: "CTS002", cyCode: "CYC" });
  await van({ code: "CTS003", ownerName: "Acme Shipping" });
  await van({ code: "FULL01", condition: "Full" });
  await van({ code: "USED01", isUsed: true });
  await van({ code: "USED02", isUsed: true, cyCode: "CYC", condition: "Full" });
  await van({ code: "OFF001", isActive: false });
  await van({ code: "SOLD01", condition: "Sold" });
  await van({ code: "OUT001", cyCode: null });

  // Truckers and their branches.
  await trucker({ code: "TA", name: "Alpha Haulers", branchCodes: ["MNL"], isHauling: true, plateNum: "ABC 123" });
  await trucker({ code: "TB", name: "Bravo Trucking", branchCodes: ["MNL", "CEB"], isAuthorized: true });
  await trucker({ code: "TC", name: "Charlie Lines", branchCodes: ["CEB"], isAuthorized: false, isHauling: true });
  await trucker({ code: "TD", name: "Delta Movers", branchCodes: ["CEB"], isActive: false, isHauling: true });
  await trucker({ code: "TE", name: "Echo Freight", branchCodes: ["CEB"], isHauling: true, plateNum: "XYZ 987, QRS 555" });
});
afterAll(() => handle?.close());

describe("container vans for a CTS", () => {
  it("lists only free, empty, active vans, paged", async () => {
    const all = await json(await t.call("GET", "/api/ContainerVans/loadCVCTS", { token: plainToken }));
    expect(codes(all)).toEqual(["CTS001", "CTS002", "CTS003", "OUT001"]);
    expect(all.total).toBe(4);
    const page2 = await json(await t.call("GET", "/api/ContainerVans/loadCVCTS?skip=2&take=2", { token }));
    expect(codes(page2)).toEqual(["CTS003", "OUT001"]);
    expect(page2.total).toBe(4);
    const past = await json(await t.call("GET", "/api/ContainerVans/loadCVCTS?skip=20", { token }));
    expect(past).toEqual({ data: [], total: 4, message: "No more data to load" });
  });

  it("narrows to a yard or to a branch's yards", async () => {
    const yard = await json(await t.call("GET", "/api/ContainerVans/loadCVCTS?cyCode=cyc", { token }));
    expect(codes(yard)).toEqual(["CTS002"]);
    const branch = await json(await t.call("GET", "/api/ContainerVans/loadCVCTS?branchCode=MNL", { token }));
    expect(codes(branch)).toEqual(["CTS001", "CTS003"]);
  });

  it("searches van number or owner, case-insensitively, and requires a search text", async () => {
    const byNumber = await json(await t.call("GET", "/api/ContainerVans/searchCVCTS?search=cts00", { token }));
    expect(codes(byNumber)).toEqual(["CTS001", "CTS002", "CTS003"]);
    const byOwner = await json(await t.call("GET", "/api/ContainerVans/searchCVCTS?search=ACME", { token }));
    expect(codes(byOwner)).toEqual(["CTS003"]);
    // A used or full van never shows, whatever the search.
    const used = await json(await t.call("GET", "/api/ContainerVans/searchCVCTS?search=USED", { token }));
    expect(used.total).toBe(0);
    const missing = await t.call("GET", "/api/ContainerVans/searchCVCTS", { token });
    expect(missing.status).toBe(400);
    expect((await expectErrorBody(missing)).errors.search[0]).toBe("search is required");
    const badTake = await t.call("GET", "/api/ContainerVans/loadCVCTS?take=0", { token });
    expect(badTake.status).toBe(400);
  });
});

describe("container vans in bookings and hustling", () => {
  it("lists every active van taken by a booking", async () => {
    const all = await json(await t.call("GET", "/api/ContainerVans/getAllBookingContainer", { token }));
    expect(codes(all)).toEqual(["USED01", "USED02"]);
    const ceb = await json(await t.call("GET", "/api/ContainerVans/getAllBookingContainer?branchCode=CEB", { token }));
    expect(codes(ceb)).toEqual(["USED02"]);
  });

  it("offers full and empty active vans for hustling, with search", async () => {
    const all = await json(await t.call("GET", "/api/ContainerVans/searchCVHustling?take=50", { token }));
    expect(codes(all)).toEqual(["CTS001", "CTS002", "CTS003", "FULL01", "OUT001", "USED01", "USED02"]);
    const full = await json(await t.call("GET", "/api/ContainerVans/searchCVHustling?search=full", { token }));
    expect(codes(full)).toEqual(["FULL01"]);
    const cebu = await json(await t.call("GET", "/api/ContainerVans/searchCVHustling?cyCode=CYC", { token }));
    expect(codes(cebu)).toEqual(["CTS002", "USED02"]);
  });
});

describe("container van status", () => {
  it("changes the condition to a reference value (any letter case) and moves the van", async () => {
    const v = await van({ code: "STAT01" });
    const res = await t.call("POST", "/api/ContainerVans/updateStatus", { token, body: { id: v.id, condition: "in repair", cyCode: "CYC" } });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.message).toBe("Container van updated successfully");
    expect(body.data).toMatchObject({ code: "STAT01", condition: "In Repair", cyCode: "CYC", userModified: "eq-md" });
    // A repairing van is no longer offered to a CTS.
    const cts = await json(await t.call("GET", "/api/ContainerVans/searchCVCTS?search=STAT", { token }));
    expect(cts.total).toBe(0);
  });

  it("refuses an unknown condition, an unknown yard or an unknown van and changes nothing", async () => {
    const v = await van({ code: "STAT02" });
    const unknown = await t.call("POST", "/api/ContainerVans/updateStatus", { token, body: { id: v.id, condition: "Broken" } });
    expect(unknown.status).toBe(400);
    const err = await expectErrorBody(unknown);
    expect(err.errors.condition[0]).toContain("Container Van Office");
    const yard = await t.call("POST", "/api/ContainerVans/updateStatus", { token, body: { id: v.id, condition: "Full", cyCode: "NOPE" } });
    expect(yard.status).toBe(400);
    expect((await expectErrorBody(yard)).errors.cyCode[0]).toContain("NOPE does not exist");
    const noId = await t.call("POST", "/api/ContainerVans/updateStatus", { token, body: { condition: "Full" } });
    expect(noId.status).toBe(400);
    const ghost = await t.call("POST", "/api/ContainerVans/updateStatus", { token, body: { id: 999999, condition: "Full" } });
    expect(ghost.status).toBe(404);
    const after = await vanRow(v.id);
    expect(after.condition).toBe("Empty");
    expect(after.cyCode).toBe("CYM");
  });
});

describe("container van used flag", () => {
  it("marks vans used by id or van number and frees them again", async () => {
    const a = await van({ code: "USE-A" });
    const b = await van({ code: "USE-B" });
    const on = await t.call("PUT", "/api/ContainerVans/updateCvIsUsed?isUsed=true", { token: plainToken, body: { ids: [a.id], codes: ["use-b"] } });
    expect(on.status).toBe(200);
    const body = await json(on);
    expect(body.message).toBe("Container vans updated successfully");
    expect(body.data.map((r: any) => [r.code, r.isUsed])).toEqual([["USE-A", true], ["USE-B", true]]);
    const booked = await json(await t.call("GET", "/api/ContainerVans/getAllBookingContainer?search=use-", { token }));
    expect(codes(booked)).toEqual(["USE-A", "USE-B"]);
    const off = await t.call("PUT", "/api/ContainerVans/updateCvIsUsed?isUsed=false", { token, body: [a.id] });
    expect(off.status).toBe(200);
    expect((await vanRow(a.id)).isUsed).toBe(false);
    expect((await vanRow(b.id)).isUsed).toBe(true);
  });

  it("lets one booking take a van: a taken or inactive van is refused (409) and nothing changes", async () => {
    const free = await van({ code: "CLAIM-A" });
    const off = await van({ code: "CLAIM-OFF", isActive: false });
    const take = (body: unknown) => t.call("PUT", "/api/ContainerVans/updateCvIsUsed?isUsed=true", { token, body });
    const both = await Promise.all([take([free.id]), take([free.id])]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const again = await take({ codes: ["claim-a"] });
    expect(again.status).toBe(409);
    expect((await expectErrorBody(again)).message).toBe("Container van CLAIM-A (already taken) cannot be taken; nothing was changed.");
    const other = await van({ code: "CLAIM-B" });
    const mixed = await take({ ids: [other.id, off.id] });
    expect(mixed.status).toBe(409);
    expect((await expectErrorBody(mixed)).message).toBe("Container van CLAIM-OFF (inactive) cannot be taken; nothing was changed.");
    expect((await vanRow(other.id)).isUsed).toBe(false);
  });

  it("refuses a bad flag, an empty list or an unknown van, changing nothing", async () => {
    const c = await van({ code: "USE-C" });
    const badFlag = await t.call("PUT", "/api/ContainerVans/updateCvIsUsed?isUsed=maybe", { token, body: [c.id] });
    expect(badFlag.status).toBe(400);
    expect((await expectErrorBody(badFlag)).errors.isUsed[0]).toBe("isUsed must be true or false");
    const noFlag = await t.call("PUT", "/api/ContainerVans/updateCvIsUsed", { token, body: [c.id] });
    expect(noFlag.status).toBe(400);
    const empty = await t.call("PUT", "/api/ContainerVans/updateCvIsUsed?isUsed=true", { token, body: {} });
    expect(empty.status).toBe(400);
    const partial = await t.call("PUT", "/api/ContainerVans/updateCvIsUsed?isUsed=true", { token, body: { ids: [c.id], codes: ["NO-SUCH"] } });
    expect(partial.status).toBe(404);
    expect((await expectErrorBody(partial)).message).toContain("NO-SUCH");
    expect((await vanRow(c.id)).isUsed).toBe(false);
  });
});

describe("hauling truckers of a branch", () => {
  it("takes a branch id or code, and answers 404 (not 500) for an id past the integer range", async () => {
    const huge = await t.call("GET", "/api/Truckings/hustlingTrucker/99999999999999999999", { token });
    expect(huge.status).toBe(404);
    expect((await expectErrorBody(huge)).message).toBe("Branch 99999999999999999999 was not found.");
    const byCode = await json(await t.call("GET", "/api/Truckings/hustlingTrucker/mnl", { token }));
    expect(codes(byCode)).toContain("TA");
  });
});

describe("trucking lists", () => {
  it("answers every trucking on the plain list, inactive included", async () => {
    const res = await json(await t.call("GET", "/api/Truckings", { token: plainToken }));
    expect(codes(res)).toEqual(expect.arrayContaining(["TA", "TB", "TC", "TD", "TE"]));
    const search = await json(await t.call("GET", "/api/Truckings?search=xyz", { token }));
    expect(codes(search)).toEqual(["TE"]);
  });

  it("lists authorised truckers, per branch, and says so when a branch has none", async () => {
    const all = await json(await t.call("GET", "/api/Truckings/getAuthorizedTrucking", { token }));
    expect(codes(all)).toEqual(["TA", "TB", "TE"]);
    const ceb = await json(await t.call("GET", "/api/Truckings/getAuthorizedTrucking?BranchCode=ceb", { token }));
    expect(codes(ceb)).toEqual(["TB", "TE"]);
    const dvo = await json(await t.call("GET", "/api/Truckings/getAuthorizedTrucking?BranchCode=DVO", { token }));
    expect(dvo).toEqual({ data: [], message: "No Authorized Trucker on DVO Branch" });
    const unknown = await t.call("GET", "/api/Truckings/getAuthorizedTrucking?BranchCode=XXX", { token });
    expect(unknown.status).toBe(400);
    expect((await expectErrorBody(unknown)).message).toContain("XXX does not exist");
  });

  it("matches any of several branches, comma-separated or repeated", async () => {
    const any = await json(await t.call("GET", "/api/Truckings/getTruckingbyMultipleBranch?branchCodes=MNL,CEB", { token }));
    expect(codes(any)).toEqual(["TA", "TB", "TC", "TE"]);
    const repeated = await json(await t.call("GET", "/api/Truckings/getTruckingbyMultipleBranch?branchCodes=MNL&branchCodes=DVO", { token }));
    expect(codes(repeated)).toEqual(["TA", "TB"]);
    const tally = await json(await t.call("GET", "/api/Truckings/getTruckingForTallySheetMultipleBranch?branchCodes=CEB", { token }));
    expect(codes(tally)).toEqual(["TB", "TE"]);
  });

  it("lists ATW truckers serving every branch named", async () => {
    const both = await json(await t.call("GET", "/api/Truckings/TruckingForATWMutlipleBranch?branchCodes=MNL,CEB", { token }));
    expect(codes(both)).toEqual(["TB"]);
    const one = await json(await t.call("GET", "/api/Truckings/TruckingForATWMutlipleBranch?branchCodes=MNL", { token }));
    expect(codes(one)).toEqual(["TA", "TB"]);
  });

  it("refuses a per-branch list without branches or with an unknown branch", async () => {
    for (const path of ["getTruckingbyMultipleBranch", "getTruckingForTallySheetMultipleBranch", "TruckingForATWMutlipleBranch"]) {
      const none = await t.call("GET", `/api/Truckings/${path}`, { token });
      expect(none.status).toBe(400);
      expect((await expectErrorBody(none)).message).toContain("at least one branch");
      const bad = await t.call("GET", `/api/Truckings/${path}?branchCodes=MNL,NOPE`, { token });
      expect(bad.status).toBe(400);
      expect((await expectErrorBody(bad)).errors.branchCodes[0]).toContain("NOPE");
    }
  });

  it("lists a branch's active hauling truckers by branch code or id", async () => {
    const ceb = await json(await t.call("GET", "/api/Truckings/hustlingTrucker/CEB", { token }));
    expect(codes(ceb)).toEqual(["TC", "TE"]);
    const branch = await ensureBranch(handle.db, "MNL");
    const mnl = await json(await t.call("GET", `/api/Truckings/hustlingTrucker/${branch.id}`, { token }));
    expect(codes(mnl)).toEqual(["TA"]);
    const missing = await t.call("GET", "/api/Truckings/hustlingTrucker/ZZZ", { token });
    expect(missing.status).toBe(404);
  });

  it("lists truckers for CTS reports by branch and search, inactive ones included unless asked", async () => {
    const ceb = await json(await t.call("POST", "/api/Truckings/truckingForCtsreports", { token, body: { branchCodes: ["CEB"] } }));
    expect(codes(ceb)).toEqual(["TB", "TC", "TD", "TE"]);
    const active = await json(await t.call("POST", "/api/Truckings/truckingForCtsreports", { token, body: { branchCodes: ["CEB"], isActive: true, search: "e" } }));
    expect(codes(active)).toEqual(["TC", "TE"]);
    const bad = await t.call("POST", "/api/Truckings/truckingForCtsreports", { token, body: { branchCodes: "CEB" } });
    expect(bad.status).toBe(400);
    const unknown = await t.call("POST", "/api/Truckings/truckingForCtsreports", { token, body: { branchCodes: ["QQQ"] } });
    expect(unknown.status).toBe(400);
  });
});

describe("trucking activation", () => {
  it("deactivates and activates by id with the spec's notices", async () => {
    const tr = await trucker({ code: "TACT", branchCodes: ["MNL"] });
    const off = await t.call("PUT", `/api/Truckings/isActived?id=${tr.id}&isActivated=false`, { token });
    expect(off.status).toBe(200);
    expect((await json(off)).message).toBe("Trucking deactivated successfully");
    expect((await truckerRow(tr.id)).isActive).toBe(false);
    const list = await json(await t.call("GET", "/api/Truckings/getTruckingbyMultipleBranch?branchCodes=MNL", { token }));
    expect(codes(list)).not.toContain("TACT");
    const on = await t.call("PUT", `/api/Truckings/isActived?id=${tr.id}&isActivated=true`, { token });
    expect((await json(on)).message).toBe("Trucking activated successfully");
    expect((await truckerRow(tr.id)).isActive).toBe(true);
  });

  it("refuses bad input and callers without the master-data menu, changing nothing", async () => {
    const tr = await trucker({ code: "TACT2", branchCodes: ["MNL"] });
    expect((await t.call("PUT", `/api/Truckings/isActived?id=${tr.id}&isActivated=nope`, { token })).status).toBe(400);
    expect((await t.call("PUT", `/api/Truckings/isActived?isActivated=false`, { token })).status).toBe(400);
    expect((await t.call("PUT", `/api/Truckings/isActived?id=999999&isActivated=false`, { token })).status).toBe(404);
    expect((await t.call("PUT", `/api/Truckings/isActived?id=${tr.id}&isActivated=false`, { token: plainToken })).status).toBe(403);
    expect((await truckerRow(tr.id)).isActive).toBe(true);
  });
});

describe("trucking master download", () => {
  const readBack = (bytes: Uint8Array) => {
    const book = XLSX.read(bytes, { type: "array" });
    return XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1, defval: "" });
  };

  it("writes the headers and one row per trucking, in code order", async () => {
    expect(TRUCKINGS_XLSX_NAME).toBe("Trucking_List.xlsx");
    const rows = await truckingsForExport(handle.db, { search: "T" });
    const table = readBack(buildTruckingsWorkbook(rows));
    expect(table[0]).toEqual([
      "No", "Code", "Trucker name", "Plate number", "Contact person", "Contact number", "Address", "Hauling", "Authorized", "Branches", "Status",
    ]);
    const byCode = new Map(table.slice(1).map((r) => [r[1], r]));
    expect(table.slice(1).map((r) => r[0])).toEqual(table.slice(1).map((_, i) => i + 1));
    expect(byCode.get("TB")).toEqual([expect.any(Number), "TB", "Bravo Trucking", "", "", "", "", "No", "Yes", "CEB, MNL", "Active"]);
    expect(byCode.get("TE")?.slice(2, 4)).toEqual(["Echo Freight", "XYZ 987, QRS 555"]);
    expect(byCode.get("TE")?.[7]).toBe("Yes");
    expect(byCode.get("TD")?.[10]).toBe("Inactive");
    expect(byCode.get("TC")?.[8]).toBe("No");
  });

  it("serves the workbook to the Master Data Trucking Download role only", async () => {
    const refused = await t.call("GET", "/api/Truckings/download", { token });
    expect(refused.status).toBe(403);
    expect((await json(refused)).message).toBe("Your role does not have the Master Data Trucking Download permission.");

    await createUser(handle.db, { userId: "eq-dl", password: "dl-password-1", menus: ["MASTER_DATA_TRUCKING_DOWNLOAD"] });
    const downloader = await signIn(t, "eq-dl", "dl-password-1");
    const res = await t.call("GET", "/api/Truckings/download?search=alpha", { token: downloader });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="Trucking_List.xlsx"');
    const table = readBack(new Uint8Array(await res.arrayBuffer()));
    expect(table.map((r) => r[1])).toEqual(["Code", "TA"]);
  });

  it("follows the search and writes only the header row when nothing matches", async () => {
    const alpha = await truckingsForExport(handle.db, { search: "alpha" });
    expect(alpha.map((r) => r.code)).toEqual(["TA"]);
    const table = readBack(buildTruckingsWorkbook(await truckingsForExport(handle.db, { search: "no-such-trucker" })));
    expect(table).toHaveLength(1);
  });
});
