import { z } from "zod";

/** A required name parameter: trimmed, 1..100 characters, with a message naming the parameter. */
const requiredName = (label: string) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(100, `${label} can be at most 100 characters`);

/** An optional filter: blank counts as absent. */
const searchText = z.string().trim().max(100, "search can be at most 100 characters").optional()
  .transform((value) => (value ? value : undefined));

export const provincesQuery = z.object({ search: searchText });
export const citiesQuery = z.object({ province: requiredName("province"), search: searchText });
export const barangaysQuery = z.object({ province: requiredName("province"), city: requiredName("city"), search: searchText });
export const zipCodeQuery = z.object({ province: requiredName("province"), city: requiredName("city") });
export const addressSearchQuery = z.object({
  q: z.string({ error: "q is required" }).trim().min(2, "q needs at least 2 characters").max(100, "q can be at most 100 characters"),
  limit: z.coerce.number({ error: "limit must be a whole number" }).int("limit must be a whole number")
    .min(1, "limit must be between 1 and 200").max(200, "limit must be between 1 and 200").optional(),
});

export const addressLevel = z.enum(["province", "city", "barangay"]);

export const zipCodeRow = z.object({ province: z.string(), city: z.string(), zipCode: z.string() });
export const cityRow = z.object({ name: z.string(), zipCode: z.string().nullable() });
export const addressMatch = z.object({
  level: addressLevel,
  province: z.string(),
  city: z.string().nullable(),
  barangay: z.string().nullable(),
  zipCode: z.string().nullable(),
});

export type ZipCodeRow = z.infer<typeof zipCodeRow>;
export type CityRow = z.infer<typeof cityRow>;
export type AddressMatch = z.infer<typeof addressMatch>;
export type AddressSearchQuery = z.infer<typeof addressSearchQuery>;
