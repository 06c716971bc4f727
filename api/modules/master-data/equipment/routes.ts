import type { RouteDef } from "../../../http/route.ts";

/** Calls of this part of master data beyond the shared pattern. */
export const equipmentRoutes: RouteDef[] = [];
