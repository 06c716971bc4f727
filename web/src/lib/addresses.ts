import { api, ApiError } from "./api.ts";

/** Client of the Philippine address lookups (/Addresses/*). Names match without regard to case or accents. */

export interface CityOption {
  name: string;
  zipCode: string | null;
}

export interface ZipCodeAnswer {
  province: string;
  city: string;
  zipCode: string;
}

export type AddressLevel = "province" | "city" | "barangay";

export interface AddressMatch {
  level: AddressLevel;
  province: string;
  city: string | null;
  barangay: string | null;
  zipCode: string | null;
}

export interface AddressSearchResult {
  items: AddressMatch[];
  truncated: boolean;
}

/** The parts of an address as booking and customer forms keep them. */
export interface AddressValue {
  street: string;
  barangay: string;
  city: string;
  province: string;
  zipCode: string;
}

export const emptyAddress: AddressValue = { street: "", barangay: "", city: "", province: "", zipCode: "" };

export async function fetchProvinces(search?: string): Promise<string[]> {
  return (await api.get<{ data: string[] }>("/Addresses/provinces", { search })).data;
}

export async function fetchCities(province: string, search?: string): Promise<CityOption[]> {
  return (await api.get<{ data: CityOption[] }>("/Addresses/cities", { province, search })).data;
}

export async function fetchBarangays(province: string, city: string, search?: string): Promise<string[]> {
  return (await api.get<{ data: string[] }>("/Addresses/barangays", { province, city, search })).data;
}

/** The zip of a city; null when the place or its zip is not known (the lookup answers 404). */
export async function fetchZipCode(province: string, city: string): Promise<string | null> {
  try {
    return (await api.get<{ data: ZipCodeAnswer }>("/Addresses/zipCode", { province, city })).data.zipCode;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export async function searchAddresses(q: string, limit?: number): Promise<AddressSearchResult> {
  return (await api.get<{ data: AddressSearchResult }>("/Addresses/search", { q, limit })).data;
}

// The lists never change while the app runs, so each is asked for once per page load.
const cache = new Map<string, Promise<unknown>>();

function once<T>(key: string, load: () => Promise<T>): Promise<T> {
  let pending = cache.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = load();
    cache.set(key, pending);
    // A failed call is not kept, so the next attempt asks again.
    pending.catch(() => cache.delete(key));
  }
  return pending;
}

export const cachedProvinces = () => once("p", () => fetchProvinces());
export const cachedCities = (province: string) => once(`c|${province.toLowerCase()}`, () => fetchCities(province));
export const cachedBarangays = (province: string, city: string) =>
  once(`b|${province.toLowerCase()}|${city.toLowerCase()}`, () => fetchBarangays(province, city));

/** A zip is 4 digits; an empty one is allowed (not every place has one). */
export function isZipCode(text: string): boolean {
  return /^\d{4}$/.test(text);
}
