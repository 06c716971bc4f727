import type { LadingModule } from "../manifest.ts";

import { roleRoutes } from "./routes.ts";

export const rolesModule: LadingModule = { name: "roles", routes: roleRoutes, jobs: [] };
