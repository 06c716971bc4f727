import type { LadingModule } from "../manifest.ts";

import { systemRoutes } from "./routes.ts";

export const systemModule: LadingModule = { name: "system", routes: systemRoutes, jobs: [] };
