import { afterEach, describe, expect, it, vi } from "vitest";
import {
  addressIndex,
  cityProvinceCodes,
  cleanName,
  lookupKey,
  placeKey,
  tidyList,
} from "../../api/modules/master-data/addresses/data.ts";
import { listBarangays, listCities, listProvinces, searchAddresses, zipCodeOf } from "../../api/modules/master-data/addresses/service.ts";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { AddressPicker } from "../../web/src/components/AddressPicker.tsx";
import { cachedCities, emptyAddress, fetchZipCode, isZipCode } from "../../web/src/lib/addresses.ts";

const index = addressIndex();

/** Every list the lookups can answer, with a label for failure messages. */
function everyList(): [string, readonly string[]][] {
  const lists: [string, readonly string[]][] = [["provinces", index.provinces.map((p) => p.name)]];
  for (const p of index.provinces) {
    lists.push([`cities of ${p.name}`, p.cities.map((c) => c.name)]);
    for (const c of p.cities) lists.push([`barangays of ${c.name}, ${p.name}`, c.barangays]);
  }
  return lists;
}

describe("address index", () => {
  it("has the PSGC provinces plus Metro Manila, each with at least one city", () => {
    const names = index.provinces.map((p) => p.name);
    expect(names).toContain("Metro Manila");
    expect(names).toContain("Cebu");
    expect(names).toContain("Davao del Sur");
    expect(names.length).toBe(83);
    for (const p of index.provinces) expect(p.cities.length, p.name).toBeGreaterThan(0);
  });

  it("puts independent cities under their province and the NCR cities under Metro Manila", () => {
    const citiesOf = (province: string) => index.provinceByKey.get(lookupKey(province))!.cities.map((c) => c.name);
    expect(citiesOf("Cebu")).toEqual(expect.arrayContaining(["Cebu City", "Lapu-Lapu City", "Mandaue City"]));
    expect(citiesOf("Davao del Sur")).toContain("Davao City");
    expect(citiesOf("Metro Manila")).toEqual(expect.arrayContaining(["Quezon City", "Makati City", "Pateros", "Manila City", "Binondo (Manila)"]));
    // A package update that renames a city-province code must not silently lose those cities.
    const placed = new Set(index.provinces.flatMap((p) => p.cities.map((c) => c.code)));
    for (const code of Object.keys(cityProvinceCodes)) {
      expect([...placed].some((c) => c.slice(0, 5) === code.slice(0, 5)), code).toBe(true);
    }
  });

  it("has no empty, padded, doubled-space, footnoted or repeated names in any list", () => {
    let barangays = 0;
    for (const [label, list] of everyList()) {
      expect(list.length, label).toBeGreaterThan(0);
      const keys = new Set<string>();
      for (const name of list) {
        expect(name, label).not.toBe("");
        expect(name, label).toBe(name.trim());
        expect(name, label).not.toMatch(/\s{2}/);
        expect(name, label).not.toMatch(/[*†‡¹²³⁰-⁹]|\(\s*\)/);
        const key = lookupKey(name);
        expect(keys.has(key), `${label}: ${name} twice`).toBe(false);
        keys.add(key);
      }
      if (label.startsWith("barangays")) barangays += list.length;
    }
    expect(barangays).toBeGreaterThan(40_000);
  });

  it("lists each name sorted", () => {
    for (const [label, list] of everyList().slice(0, 200)) {
      expect([...list], label).toEqual(tidyList(list));
    }
  });

  it("gives zips as 4 digits, and most cities have one", () => {
    const cities = index.provinces.flatMap((p) => p.cities);
    const zipped = cities.filter((c) => c.zipCode !== null);
    for (const c of zipped) expect(c.zipCode, c.name).toMatch(/^\d{4}$/);
    expect(zipped.length / cities.length).toBeGreaterThan(0.8);
  });
});

describe("name cleaning", () => {
  it("strips footnote marks and stray spaces", () => {
    expect(cleanName("  Bagid* ")).toBe("Bagid");
    expect(cleanName("San  Isidro (*)")).toBe("San Isidro");
    expect(cleanName("Poblacion¹")).toBe("Poblacion");
    expect(tidyList(["Tugop*", "tugop", " ", "Alpha  Beta ", "Álpha Beta"])).toEqual(["Alpha Beta", "Tugop"]);
  });

  it("compares city spellings of the two sources alike", () => {
    expect(placeKey("City of Naga")).toBe(placeKey("Naga City"));
    expect(placeKey("Sta. Cruz")).toBe(placeKey("Santa Cruz"));
    expect(placeKey("Sto. Niño")).toBe(placeKey("Santo Nino"));
    expect(placeKey("Las Piñas City")).toBe(placeKey("LAS PINAS"));
  });
});

describe("lookups by partial, differently cased names", () => {
  it("finds Cebu City from 'cebu ci' with its barangays and zip 6000", () => {
    expect(listCities("CEBU", "cebu ci").map((c) => c.name)).toEqual(["Cebu City"]);
    expect(listBarangays("cebu", "cebu ci")).toEqual(expect.arrayContaining(["Lahug", "Guadalupe"]));
    expect(zipCodeOf("cebu", "cebu ci")).toEqual({ province: "Cebu", city: "Cebu City", zipCode: "6000" });
  });

  it("finds Davao City from 'davao' with zip 8000", () => {
    expect(zipCodeOf("davao del sur", "DAVAO")).toEqual({ province: "Davao del Sur", city: "Davao City", zipCode: "8000" });
    expect(listBarangays("Davao del Sur", "davao").length).toBeGreaterThan(100);
    const hits = searchAddresses({ q: "davao" }).items.filter((m) => m.level === "city");
    expect(hits).toContainEqual(expect.objectContaining({ city: "Davao City", zipCode: "8000" }));
  });

  it("finds a Manila district with its barangays and zip", () => {
    expect(zipCodeOf("metro manila", "binondo").zipCode).toBe("1006");
    expect(zipCodeOf("NCR", "santa cruz").zipCode).toBe("1003");
    expect(listBarangays("manila", "binondo").length).toBeGreaterThan(5);
    // The whole city lists the barangays of all its districts.
    expect(listBarangays("Metro Manila", "manila city").length).toBeGreaterThan(800);
  });

  it("keeps a name that several provinces share apart by province", () => {
    const sanJose = index.provinces.flatMap((p) => p.cities.filter((c) => c.name === "San Jose" && c.zipCode));
    expect(sanJose.length).toBeGreaterThan(3);
    expect(new Set(sanJose.map((c) => c.zipCode)).size).toBeGreaterThan(3);
  });

  it("joins zips across spelling differences and picks a namesake's zip by province", () => {
    expect(zipCodeOf("Albay", "Legazpi City").zipCode).toBe("4500"); // "Legaspi City" in the directory
    expect(zipCodeOf("Cagayan", "Sanchez-Mira").zipCode).toBe("3518"); // "Sanchez Mira"
    expect(zipCodeOf("Basilan", "Isabela City").zipCode).toBe("7300");
    expect(zipCodeOf("Negros Occidental", "Isabela").zipCode).toBe("6128");
    expect(zipCodeOf("Bataan", "Samal").zipCode).toBe("2113");
    expect(zipCodeOf("Davao del Norte", "Samal").zipCode).toBe("8119");
    // Listed under another province only: no zip rather than a wrong one.
    expect(() => zipCodeOf("Davao del Sur", "Hagonoy")).toThrow("No postal code");
    expect(() => zipCodeOf("Metro Manila", "Pateros")).toThrow("No postal code");
  });

  it("filters provinces by a partial name in any case", () => {
    expect(listProvinces("DAVAO")).toEqual(["Davao de Oro", "Davao del Norte", "Davao del Sur", "Davao Occidental", "Davao Oriental"]);
    expect(listProvinces("manila")).toEqual(["Metro Manila"]);
  });
});

describe("the web client of the address lookups", () => {
  afterEach(() => vi.unstubAllGlobals());
  const answer = (status: number, body: unknown) => async () =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

  it("reads a zip, and treats an unknown place as no zip rather than a failure", async () => {
    const urls: string[] = [];
    vi.stubGlobal("fetch", async (url: string) => {
      urls.push(url);
      return answer(200, { data: { province: "Cebu", city: "Cebu City", zipCode: "6000" } })();
    });
    expect(await fetchZipCode("Cebu", "Cebu City")).toBe("6000");
    expect(urls[0]).toBe("/api/Addresses/zipCode?province=Cebu&city=Cebu+City");
    vi.stubGlobal("fetch", answer(404, { message: "No postal code is known for Taguig City, Metro Manila.", errors: { "": [] } }));
    expect(await fetchZipCode("Metro Manila", "Taguig City")).toBeNull();
    vi.stubGlobal("fetch", answer(500, { message: "Something broke", errors: { "": [] } }));
    await expect(fetchZipCode("Cebu", "Cebu City")).rejects.toThrow("Something broke");
  });

  it("asks for a province's cities once, but again after a failure", async () => {
    let calls = 0;
    vi.stubGlobal("fetch", async () => (++calls === 1 ? answer(503, { message: "Busy", errors: { "": [] } }) : answer(200, { data: [{ name: "Toledo City", zipCode: "6038" }] }))());
    await expect(cachedCities("CacheTest")).rejects.toThrow("Busy");
    expect(await cachedCities("CacheTest")).toEqual([{ name: "Toledo City", zipCode: "6038" }]);
    expect(await cachedCities("cachetest")).toEqual([{ name: "Toledo City", zipCode: "6038" }]);
    expect(calls).toBe(2);
  });

  it("accepts only 4-digit zips", () => {
    expect(isZipCode("6000")).toBe(true);
    expect(isZipCode("600")).toBe(false);
    expect(isZipCode("60000")).toBe(false);
    expect(isZipCode("60a0")).toBe(false);
  });
});

describe("the address picker", () => {
  const render = (value: typeof emptyAddress, disabled = false) =>
    renderToStaticMarkup(createElement(AddressPicker, { value, onChange: () => {}, idPrefix: "pickup", disabled }));
  const inputOf = (html: string, testId: string) => new RegExp(`<input[^>]*data-testid="${testId}"[^>]*>`).exec(html)?.[0] ?? "";
  const off = / disabled=""/;

  it("draws the five parts with their test ids and keeps city and barangay closed until their parent is given", () => {
    const html = render(emptyAddress);
    for (const part of ["street", "province", "city", "barangay", "zipCode"]) expect(inputOf(html, `pickup-${part}`), part).not.toBe("");
    expect(inputOf(html, "pickup-province")).not.toMatch(off);
    expect(inputOf(html, "pickup-city")).toMatch(off);
    expect(inputOf(html, "pickup-barangay")).toMatch(off);
    const filled = render({ street: "12 Osmeña Blvd", province: "Cebu", city: "Cebu City", barangay: "Lahug", zipCode: "6000" });
    expect(inputOf(filled, "pickup-city")).not.toMatch(off);
    expect(inputOf(filled, "pickup-zipCode")).toContain('value="6000"');
    expect(filled).not.toContain("A zip code has 4 digits");
    expect(render({ ...emptyAddress, zipCode: "60" })).toContain("A zip code has 4 digits");
    expect(inputOf(render(emptyAddress, true), "pickup-street")).toMatch(off);
  });
});
