import type { LadingModule } from "../manifest.ts";
import { homeRoutes } from "./routes.ts";

export { NOTHING_WAITS, waitingFor } from "./service.ts";

/**
 * Home (issue 26, Build 5): what waits for the signed-in user, counted through the lists of the modules that
 * own them, each a link to its list.
 */
export const homeModule: LadingModule = { name: "home", routes: homeRoutes, jobs: [] };
