import type { RouteDef } from "../../http/route.ts";

export const roleRoutes: RouteDef[] = [];
