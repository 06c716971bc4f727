import type { LadingModule } from "../manifest.ts";

import { auditRoutes } from "./routes.ts";

export const auditModule: LadingModule = { name: "audit", routes: auditRoutes, jobs: [] };
