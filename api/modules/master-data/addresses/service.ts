import { AppError } from "../../../shared/errors.ts";
import { addressIndex, type CityEntry, compareNames, lookupKey, METRO_MANILA, placeKey, type ProvinceEntry } from "./data.ts";
import type { AddressMatch, AddressSearchQuery, CityRow, ZipCodeRow } from "./schemas.ts";

// The lookups read static reference data, so unlike the other services they take no database handle.

/** Other names people give the capital region. */
const PROVINCE_ALIASES: Record<string, string> = {
  ncr: METRO_MANILA,
  "national capital region": METRO_MANILA,
  "metro manila": METRO_MANILA,
};

function matches(name: string, search: string | undefined): boolean {
  return !search || lookupKey(name).includes(lookupKey(search));
}

/**
 * Picks one entry for a name typed by a person: the exact name (any case or accents), then the same place
 * spelled differently ("Cebu" for "Cebu City"), then the only entry containing the text, then the only one
 * starting with it. Several candidates left is a 400 naming them; none is a 404.
 */
function pick<T extends { name: string }>(entries: readonly T[], typed: string, what: string, within = ""): T {
  const key = lookupKey(typed);
  const exact = entries.filter((e) => lookupKey(e.name) === key);
  if (exact.length >= 1) return exact[0];
  const samePlace = entries.filter((e) => placeKey(e.name) === placeKey(typed));
  if (samePlace.length === 1) return samePlace[0];
  const containing = entries.filter((e) => lookupKey(e.name).includes(key));
  if (containing.length === 1) return containing[0];
  const starting = containing.filter((e) => lookupKey(e.name).startsWith(key));
  if (starting.length === 1) return starting[0];
  if (containing.length === 0) {
    throw new AppError("NOT_FOUND", `There is no ${what} '${typed}'${within}.`);
  }
  const shown = containing.slice(0, 8).map((e) => e.name).join(", ");
  const more = containing.length > 8 ? ` and ${containing.length - 8} more` : "";
  throw new AppError(
    "VALIDATION",
    `The ${what} '${typed}'${within} matches several: ${shown}${more}. Give more of the name.`,
    { [what === "province" ? "province" : "city"]: [`'${typed}' matches several ${what === "province" ? "provinces" : "cities"}`] },
  );
}

export function findProvince(typed: string): ProvinceEntry {
  const alias = PROVINCE_ALIASES[lookupKey(typed)];
  const index = addressIndex();
  if (alias) return index.provinceByKey.get(lookupKey(alias))!;
  return pick(index.provinces, typed, "province");
}

export function findCity(provinceTyped: string, cityTyped: string): CityEntry {
  const province = findProvince(provinceTyped);
  return pick(province.cities, cityTyped, "city or municipality", ` in ${province.name}`);
}

/** GET /Addresses/provinces */
export function listProvinces(search?: string): string[] {
  return addressIndex().provinces.filter((p) => matches(p.name, search)).map((p) => p.name);
}

/** GET /Addresses/cities */
export function listCities(province: string, search?: string): CityRow[] {
  return findProvince(province).cities
    .filter((c) => matches(c.name, search))
    .map((c) => ({ name: c.name, zipCode: c.zipCode }));
}

/** GET /Addresses/barangays */
export function listBarangays(province: string, city: string, search?: string): string[] {
  return findCity(province, city).barangays.filter((b) => matches(b, search));
}

/** GET /Addresses/zipCode */
export function zipCodeOf(province: string, city: string): ZipCodeRow {
  const found = findCity(province, city);
  if (!found.zipCode) {
    throw new AppError("NOT_FOUND", `No postal code is known for ${found.name}, ${found.province}.`);
  }
  return { province: found.province, city: found.name, zipCode: found.zipCode };
}

const DEFAULT_LIMIT = 50;

interface Searchable {
  key: string;
  match: AddressMatch;
}

let searchLevels: Searchable[][] | undefined;

/**
 * Every province, city and barangay with its lookup key, each level in name order; built once on the first
 * search, so a search is one pass of substring tests with no sorting or key building.
 */
function searchIndex(): Searchable[][] {
  if (searchLevels) return searchLevels;
  const levels: Searchable[][] = [[], [], []];
  const add = (level: number, name: string, match: AddressMatch) => levels[level].push({ key: lookupKey(name), match });
  for (const p of addressIndex().provinces) {
    add(0, p.name, { level: "province", province: p.name, city: null, barangay: null, zipCode: null });
    for (const c of p.cities) {
      add(1, c.name, { level: "city", province: p.name, city: c.name, barangay: null, zipCode: c.zipCode });
      for (const b of c.barangays) add(2, b, { level: "barangay", province: p.name, city: c.name, barangay: b, zipCode: c.zipCode });
    }
  }
  const nameOf = (m: AddressMatch) => m.barangay ?? m.city ?? m.province;
  for (const level of levels) level.sort((a, b) => compareNames(nameOf(a.match), nameOf(b.match)));
  searchLevels = levels;
  return levels;
}

/**
 * GET /Addresses/search: provinces, then cities, then barangays whose name contains the text; names that
 * start with it come first within each level, then the rest, each in name order.
 */
export function searchAddresses(query: AddressSearchQuery): { items: AddressMatch[]; truncated: boolean } {
  const limit = query.limit ?? DEFAULT_LIMIT;
  const key = lookupKey(query.q);
  const items: AddressMatch[] = [];
  let total = 0;
  for (const level of searchIndex()) {
    const room = Math.max(0, limit - items.length);
    const starting: AddressMatch[] = [];
    const containing: AddressMatch[] = [];
    for (const entry of level) {
      const at = entry.key.indexOf(key);
      if (at < 0) continue;
      total++;
      const bucket = at === 0 ? starting : containing;
      if (bucket.length < room) bucket.push(entry.match);
    }
    items.push(...[...starting, ...containing].slice(0, room));
  }
  return { items, truncated: total > items.length };
}
