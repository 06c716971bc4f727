import type { RouteDef } from "../../http/route.ts";

export const userRoutes: RouteDef[] = [];
