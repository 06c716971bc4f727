import { z } from "zod";
import { route, type RouteDef } from "../../../http/route.ts";
import { tag } from "../route-shapes.ts";
import { addressMatch, addressSearchQuery, barangaysQuery, citiesQuery, cityRow, provincesQuery, zipCodeQuery, zipCodeRow } from "./schemas.ts";
import { listBarangays, listCities, listProvinces, searchAddresses, zipCodeOf } from "./service.ts";

const names = z.object({ data: z.array(z.string()) });

/**
 * Philippine address lookups (001 §9). They are public reference data: staff fill addresses on bookings,
 * customers and waybills, and customers fill theirs on the booking link without signing in. Names are matched without regard to case or accents, and partial names work when only one
 * entry fits.
 */
export const addressesRoutes: RouteDef[] = [
  route({
    method: "get", path: "/Addresses/provinces", permission: "public", tag, query: provincesQuery,
    summary: "Province names (Metro Manila included), optionally those containing search",
    response: names,
  }, ({ query }) => ({ data: listProvinces(query.search) })),

  route({
    method: "get", path: "/Addresses/cities", permission: "public", tag, query: citiesQuery,
    summary: "Cities and municipalities of a province with their postal codes (404 for an unknown province)",
    response: z.object({ data: z.array(cityRow) }),
  }, ({ query }) => ({ data: listCities(query.province, query.search) })),

  route({
    method: "get", path: "/Addresses/barangays", permission: "public", tag, query: barangaysQuery,
    summary: "Barangays of a city or municipality (404 for an unknown province or city)",
    response: names,
  }, ({ query }) => ({ data: listBarangays(query.province, query.city, query.search) })),

  route({
    method: "get", path: "/Addresses/zipCode", permission: "public", tag, query: zipCodeQuery,
    summary: "The 4-digit postal code of a city or municipality (404 when the place or its code is unknown)",
    response: z.object({ data: zipCodeRow }),
  }, ({ query }) => ({ data: zipCodeOf(query.province, query.city) })),

  route({
    method: "get", path: "/Addresses/search", permission: "public", tag, query: addressSearchQuery,
    summary: "Provinces, cities and barangays whose name contains q (at most limit, 50 unless given)",
    response: z.object({ data: z.object({ items: z.array(addressMatch), truncated: z.boolean() }) }),
  }, ({ query }) => ({ data: searchAddresses(query) })),
];
