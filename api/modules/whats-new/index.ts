import type { LadingModule } from "../manifest.ts";

import { whatsNewRoutes } from "./routes.ts";

export const whatsNewModule: LadingModule = { name: "whats-new", routes: whatsNewRoutes, jobs: [] };
