import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { createUser, expectErrorBody, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";

let handle: DatabaseHandle;
let t: TestApp;
let token: string;

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  // Address lookups serve every screen that takes an address, so a user without master-data rights reads them.
  await createUser(handle.db, { userId: "addr", password: "addr-password-1", menus: [] });
  token = await signIn(t, "addr", "addr-password-1");
});
afterAll(() => handle?.close());

const get = async (path: string, query: Record<string, string> = {}, auth = true) => {
  const qs = new URLSearchParams(query).toString();
  return t.call("GET", `/api/Addresses/${path}${qs ? `?${qs}` : ""}`, auth ? { token } : {});
};
const data = async (res: Response) => {
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: any }).data;
};

describe("address lookups", () => {
  it("lists provinces including Metro Manila, filtered case-insensitively", async () => {
    const all = await data(await get("provinces"));
    expect(all).toContain("Metro Manila");
    expect(all.length).toBe(83);
    expect(await data(await get("provinces", { search: "NUEVA" }))).toEqual(["Nueva Ecija", "Nueva Vizcaya"]);
  });

  it("lists the cities of a province with their zips", async () => {
    const cities = await data(await get("cities", { province: "cebu" }));
    expect(cities).toContainEqual({ name: "Cebu City", zipCode: "6000" });
    expect(cities.map((c: { name: string }) => c.name)).toContain("Toledo City");
    const filtered = await data(await get("cities", { province: "Cebu", search: "CEBU CI" }));
    expect(filtered).toEqual([{ name: "Cebu City", zipCode: "6000" }]);
  });

  it("lists the barangays of a city found by a partial name", async () => {
    const barangays = await data(await get("barangays", { province: "cebu", city: "cebu ci" }));
    expect(barangays).toContain("Lahug");
    const narrowed = await data(await get("barangays", { province: "cebu", city: "cebu ci", search: "LAH" }));
    expect(narrowed).toEqual(["Lahug"]);
  });

  it("answers zips for Cebu City, Davao City and a Manila district", async () => {
    expect(await data(await get("zipCode", { province: "Cebu", city: "cebu ci" })))
      .toEqual({ province: "Cebu", city: "Cebu City", zipCode: "6000" });
    expect((await data(await get("zipCode", { province: "davao del sur", city: "davao" }))).zipCode).toBe("8000");
    expect((await data(await get("zipCode", { province: "metro manila", city: "binondo" }))).zipCode).toBe("1006");
  });

  it("searches across provinces, cities and barangays", async () => {
    const found = await data(await get("search", { q: "davao" }));
    expect(found.items).toContainEqual(expect.objectContaining({ level: "province", province: "Davao del Sur" }));
    expect(found.items).toContainEqual(expect.objectContaining({ level: "city", city: "Davao City", zipCode: "8000" }));
    const limited = await data(await get("search", { q: "san", limit: "5" }));
    expect(limited.items.length).toBe(5);
    expect(limited.truncated).toBe(true);
  });
});

describe("address lookups refuse bad input", () => {
  it("answers 404 for an unknown province or city, and for a city without a zip", async () => {
    const province = await get("cities", { province: "Atlantis" });
    expect(province.status).toBe(404);
    expect((await expectErrorBody(province)).message).toContain("no province 'Atlantis'");
    const city = await get("zipCode", { province: "Cebu", city: "Gotham" });
    expect(city.status).toBe(404);
    expect((await expectErrorBody(city)).message).toContain("'Gotham' in Cebu");
    const barangays = await get("barangays", { province: "Cebu", city: "Gotham" });
    expect(barangays.status).toBe(404);
    // Taguig is a real city, but the postal directory has no entry under its name: no zip is made up.
    expect(await data(await get("barangays", { province: "Metro Manila", city: "taguig" }))).not.toHaveLength(0);
    const noZip = await get("zipCode", { province: "Metro Manila", city: "taguig" });
    expect(noZip.status).toBe(404);
    expect((await expectErrorBody(noZip)).message).toContain("No postal code is known for Taguig City");
  });

  it("answers 400 when required parameters are missing or blank", async () => {
    for (const [path, query, field] of [
      ["cities", {}, "province"],
      ["barangays", { province: "Cebu" }, "city"],
      ["zipCode", { city: "Cebu City" }, "province"],
      ["zipCode", { province: "Cebu", city: "   " }, "city"],
      ["search", {}, "q"],
      ["search", { q: "a" }, "q"],
      ["search", { q: "cebu", limit: "0" }, "limit"],
    ] as const) {
      const res = await get(path, query);
      expect(res.status, `${path} ${JSON.stringify(query)}`).toBe(400);
      const body = await expectErrorBody(res);
      expect(JSON.stringify(body), path).toContain(field);
    }
  });

  it("answers 400 naming the candidates when a partial name fits several", async () => {
    const res = await get("cities", { province: "davao" });
    expect(res.status).toBe(400);
    expect((await expectErrorBody(res)).message).toContain("Davao del Norte");
  });

  it("answers a visitor without a session, since customers fill addresses on the public booking link", async () => {
    const res = await get("provinces", { search: "cebu" }, false);
    expect(res.status).toBe(200);
    expect((await res.json()).data).toContain("Cebu");
  });
});
