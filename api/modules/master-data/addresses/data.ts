import { getAllProvinces, getBarangaysByMunicipality, getMunicipalitiesByProvince } from "@aivangogh/ph-address";
import zipTable from "zipcodes-ph/build/zipcodes.json" with { type: "json" };

/**
 * Philippine address reference data (province → city/municipality → barangay, plus postal codes), built once
 * from two published packages: the PSGC tables of @aivangogh/ph-address and the postal directory of zipcodes-ph.
 *
 * Shape decisions:
 * - PSGC files the National Capital Region without a province. Address forms treat it as "Metro Manila", so it
 *   becomes a province here whose cities are the NCR cities and Pateros (83 provinces in all: the 82 PSGC
 *   provinces plus Metro Manila).
 * - Highly urbanized and independent cities (Cebu City, Davao City, ...) are coded by PSGC as their own
 *   "province". They are put back under the province they sit in geographically (table below).
 * - Manila's barangays are coded under its 14 districts. "Manila City" lists all of them; each district is also
 *   offered as its own entry ("Tondo I/II (Manila)") because postal codes differ by district.
 * - Postal codes carry no province in the directory, so a city's zip is the zip whose place name matches the
 *   city name; when several zips carry that name the one closest to the province's other, unambiguous zips wins.
 *   No match, no zip.
 */

export interface CityEntry {
  name: string;
  province: string;
  /** PSGC code of the city or municipality (of the district for Manila's districts). */
  code: string;
  zipCode: string | null;
  barangays: readonly string[];
}

export interface ProvinceEntry {
  name: string;
  code: string;
  cities: readonly CityEntry[];
}

export interface AddressIndex {
  provinces: readonly ProvinceEntry[];
  /** Keyed by lookupKey(province name). */
  provinceByKey: ReadonlyMap<string, ProvinceEntry>;
}

export const METRO_MANILA = "Metro Manila";
const NCR_CODE = "1300000000";
const MANILA_CODE = "1380600000";

/** PSGC "province" codes that are cities (or the BARMM special area) → the province they lie in. */
const CITY_PROVINCE_CODES: Record<string, string> = {
  "0330100000": "Pampanga", // Angeles City
  "1830200000": "Negros Occidental", // Bacolod City
  "1430300000": "Benguet", // Baguio City
  "1630400000": "Agusan del Norte", // Butuan City
  "1030500000": "Misamis Oriental", // Cagayan de Oro City
  "0730600000": "Cebu", // Cebu City
  "0731100000": "Cebu", // Lapu-Lapu City
  "0731300000": "Cebu", // Mandaue City
  "1130700000": "Davao del Sur", // Davao City
  "1230800000": "South Cotabato", // General Santos City
  "1030900000": "Lanao del Norte", // Iligan City
  "0631000000": "Iloilo", // Iloilo City
  "0990100000": "Basilan", // City of Isabela
  "1999900000": "Cotabato", // Special Geographic Area towns, enclaves inside Cotabato province
  "0431200000": "Quezon", // Lucena City
  "0331400000": "Zambales", // Olongapo City
  "1731500000": "Palawan", // Puerto Princesa City
  "0831600000": "Leyte", // Tacloban City
  "0931700000": "Zamboanga del Sur", // Zamboanga City
};
export const cityProvinceCodes: Readonly<Record<string, string>> = CITY_PROVINCE_CODES;

// ---------------------------------------------------------------------------------------------------------
// Names

/** Footnote marks seen in published lists: "*", "(*)", daggers, superscript digits and letters. */
const FOOTNOTES = /\(\s*[*†‡¹²³⁰-⁹]+\s*\)|[*†‡¹²³⁰-⁹ᵃ-ᶻ]/g;

/** Display form: footnote marks removed, spaces trimmed and collapsed. */
export function cleanName(raw: string): string {
  return raw.replace(FOOTNOTES, " ").replace(/\s+/g, " ").replace(/\s+([,.)])/g, "$1").replace(/\(\s+/g, "(").trim();
}

/** Case- and accent-insensitive form used for every comparison. */
export function lookupKey(raw: string): string {
  return cleanName(raw).normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
}

/** Clean, drop empties, drop names equal apart from case and accents, sort. */
export function tidyList(names: Iterable<string>): string[] {
  const seen = new Map<string, string>();
  for (const raw of names) {
    const name = cleanName(raw);
    const key = lookupKey(name);
    if (name && !seen.has(key)) seen.set(key, name);
  }
  return [...seen.values()].sort(compareNames);
}

// One collator for every comparison: localeCompare with options builds a new one on each call.
const nameCollator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

export function compareNames(a: string, b: string): number {
  return nameCollator.compare(a, b);
}

/**
 * Comparable form of a place name for joining the two sources: abbreviations spelled out, "City of X" and
 * "X City" both reduced to "x", punctuation dropped.
 */
export function placeKey(raw: string): string {
  let s = " " + lookupKey(raw).replace(/[,'’-]/g, "").replace(/\./g, ". ") + " ";
  s = s
    .replace(/ sta\. /g, " santa ")
    .replace(/ sto\. /g, " santo ")
    .replace(/ gen\. /g, " general ")
    .replace(/ gov\. /g, " governor ")
    .replace(/ pres\. /g, " president ")
    .replace(/ sn\. /g, " san ")
    .replace(/ sta /g, " santa ")
    .replace(/ sto /g, " santo ")
    .replace(/[^a-z0-9 ]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  s = s.replace(/ (sr|jr)$/, "").replace(/^city of /, "").replace(/ city$/, "");
  return PLACE_ALIASES[s] ?? s;
}

/**
 * Spellings of the postal directory that differ from PSGC for the same place (a few are misspelt there), and
 * long official names the directory gives in their everyday form.
 */
const PLACE_ALIASES: Record<string, string> = {
  kaloocan: "caloocan",
  montalban: "rodriguez",
  sexmoan: "sasmuan",
  legaspi: "legazpi",
  ozamis: "ozamiz",
  dasmarinias: "dasmarinas",
  baliuag: "baliwag",
  pililia: "pililla",
  maycauayan: "meycauayan",
  "trece martirez": "trece martires",
  "isabela de basilan": "isabela",
  "science city of munoz": "munoz",
  "island garden city of samal": "samal",
};

const DIRECTIONS = /\s+(north|south|east|west|proper|poblacion)$/;

/** Every place a postal directory entry names: the whole, its dash and bracket parts, a city's central office. */
function zipPlaceKeys(raw: string): string[] {
  const out = new Set<string>();
  const add = (text: string) => {
    const key = placeKey(text);
    if (!key) return;
    out.add(key);
    const plain = key.replace(DIRECTIONS, "");
    if (plain && plain !== key) out.add(plain);
  };
  const name = cleanName(raw);
  add(name);
  for (const part of name.split(/\s+[-/]\s+/)) add(part);
  const bracket = /^(.*?)\s*\(([^)]*)\)\s*$/.exec(name);
  if (bracket) {
    add(bracket[1]);
    add(bracket[2].replace(/^old:\s*/i, ""));
  }
  // "Quezon City CPO", "Makati CPO + Buendia Ave": the central post office of that city.
  const cpo = /^(.*?)\s+CPO\b/i.exec(name);
  if (cpo) add(cpo[1]);
  return [...out];
}

/** Join key: the sources disagree on spaces in compound names ("Sanchez Mira" / "Sanchez-Mira"). */
const compact = (key: string) => key.replace(/ /g, "");

/** Keys a city answers to; Manila's "Tondo I/II" also answers to "Tondo". */
function cityPlaceKeys(name: string): string[] {
  const key = placeKey(name);
  const keys = new Set([key]);
  const numbered = key.replace(/\s+(i|ii|iii|iv|i ii)$/, "");
  if (numbered) keys.add(numbered);
  return [...keys];
}

// ---------------------------------------------------------------------------------------------------------
// Zip join

interface ZipCandidates {
  city: CityEntry;
  zips: string[];
}

function zipsByPlace(): Map<string, string[]> {
  const byPlace = new Map<string, string[]>();
  for (const [zip, value] of Object.entries(zipTable as Record<string, string | string[]>)) {
    if (!/^\d{4}$/.test(zip)) continue;
    for (const raw of Array.isArray(value) ? value : [value]) {
      for (const key of zipPlaceKeys(raw).map(compact)) {
        const list = byPlace.get(key) ?? [];
        if (!list.includes(zip)) list.push(zip);
        byPlace.set(key, list);
      }
    }
  }
  return byPlace;
}

/** Distance of a zip to the nearest of a set, numerically. */
function nearest(zip: string, known: number[]): number {
  const n = Number(zip);
  let best = Infinity;
  for (const k of known) best = Math.min(best, Math.abs(k - n));
  return best;
}

/** Zips further than this from every other zip of the province are taken for a namesake elsewhere. */
const MAX_GAP = 100;

function assignZips(provinces: { cities: CityEntry[] }[]): void {
  const byPlace = zipsByPlace();
  for (const province of provinces) {
    const pending: ZipCandidates[] = [];
    for (const city of province.cities) {
      const zips = new Set<string>();
      for (const key of cityPlaceKeys(city.name)) for (const zip of byPlace.get(compact(key)) ?? []) zips.add(zip);
      if (zips.size > 0) pending.push({ city, zips: [...zips].sort() });
    }
    const single = pending.filter((p) => p.zips.length === 1).map((p) => Number(p.zips[0]));
    // A lone name match far from all the others is a namesake elsewhere; it must not pull other picks its way.
    const sure = single.filter((z, i) => single.length < 3 || nearest(String(z), single.filter((_, j) => j !== i)) <= MAX_GAP);
    for (const { city, zips } of pending) {
      // The province's other unambiguous zips, without this city's own.
      const others = zips.length === 1 ? sure.filter((z, i) => i !== sure.indexOf(Number(zips[0]))) : sure;
      if (others.length === 0) {
        if (zips.length === 1) city.zipCode = zips[0];
        continue;
      }
      let best: string | null = null;
      let bestGap = Infinity;
      for (const zip of zips) {
        const gap = nearest(zip, others);
        if (gap < bestGap || (gap === bestGap && best !== null && Number(zip) < Number(best))) {
          best = zip;
          bestGap = gap;
        }
      }
      if (best !== null && bestGap <= MAX_GAP) city.zipCode = best;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Build

type MutableCity = CityEntry;

function cityOf(name: string, code: string, province: string, barangays: Iterable<string>): MutableCity {
  return { name: cleanName(name), code, province, zipCode: null, barangays: tidyList(barangays) };
}

function barangayNames(code: string): string[] {
  return getBarangaysByMunicipality(code).map((b) => b.name);
}

function build(): AddressIndex {
  const drafts = new Map<string, { name: string; code: string; cities: MutableCity[] }>();
  const draft = (name: string, code: string) => {
    const key = lookupKey(name);
    let entry = drafts.get(key);
    if (!entry) drafts.set(key, (entry = { name: cleanName(name), code, cities: [] }));
    return entry;
  };

  for (const p of getAllProvinces()) {
    const entry = draft(p.name, p.psgcCode);
    for (const m of getMunicipalitiesByProvince(p.psgcCode)) {
      entry.cities.push(cityOf(m.name, m.psgcCode, entry.name, barangayNames(m.psgcCode)));
    }
  }

  for (const [code, provinceName] of Object.entries(CITY_PROVINCE_CODES)) {
    const entry = drafts.get(lookupKey(provinceName));
    if (!entry) throw new Error(`Address data: no province ${provinceName} for PSGC ${code}`);
    for (const m of getMunicipalitiesByProvince(code)) {
      entry.cities.push(cityOf(m.name, m.psgcCode, entry.name, barangayNames(m.psgcCode)));
    }
  }

  const metro = draft(METRO_MANILA, NCR_CODE);
  for (const m of getMunicipalitiesByProvince(NCR_CODE)) {
    if (m.psgcCode !== MANILA_CODE) {
      metro.cities.push(cityOf(m.name, m.psgcCode, METRO_MANILA, barangayNames(m.psgcCode)));
      continue;
    }
    const districts = getMunicipalitiesByProvince(MANILA_CODE);
    const all: string[] = [...barangayNames(m.psgcCode)];
    for (const d of districts) {
      const names = barangayNames(d.psgcCode);
      all.push(...names);
      metro.cities.push(cityOf(`${d.name} (Manila)`, d.psgcCode, METRO_MANILA, names));
    }
    metro.cities.push(cityOf(m.name, m.psgcCode, METRO_MANILA, all));
  }

  for (const entry of drafts.values()) {
    // One name once per province: namesakes (rare) keep the first, their barangays merged.
    const byKey = new Map<string, MutableCity>();
    for (const city of entry.cities) {
      if (!city.name) continue;
      const key = lookupKey(city.name);
      const prior = byKey.get(key);
      if (prior) prior.barangays = tidyList([...prior.barangays, ...city.barangays]);
      else byKey.set(key, city);
    }
    entry.cities = [...byKey.values()].sort((a, b) => compareNames(a.name, b.name));
  }

  const list = [...drafts.values()].sort((a, b) => compareNames(a.name, b.name));
  // Zips are matched by the district's own name, so districts compare as "Tondo I/II", not "... (Manila)".
  assignZips(list.map((p) => ({ cities: p.cities.map((c) => withMatchName(c)) })));

  const provinces: ProvinceEntry[] = list.map((p) => ({ name: p.name, code: p.code, cities: p.cities }));
  return { provinces, provinceByKey: new Map(provinces.map((p) => [lookupKey(p.name), p])) };
}

/** A view of the city whose name is the one to match zips on and whose zip writes through to the city. */
function withMatchName(city: MutableCity): MutableCity {
  const matchName = city.name.replace(/\s*\(Manila\)$/, "");
  if (matchName === city.name) return city;
  return {
    ...city,
    name: matchName,
    get zipCode() {
      return city.zipCode;
    },
    set zipCode(value: string | null) {
      city.zipCode = value;
    },
  };
}

let cached: AddressIndex | undefined;

/** The index, built on first use (a few hundred milliseconds) and kept for the life of the process. */
export function addressIndex(): AddressIndex {
  cached ??= build();
  return cached;
}
