import type { LadingModule } from "../manifest.ts";

export { createHustling, hustlingByNum } from "./service.ts";

import { seedDemoHustling } from "./demo.ts";
import { hustlingRoutes } from "./routes.ts";

/**
 * Hustling (001 §2 /Hustling): the line's vans hauled at a branch for a voyage, from a yard to another vessel or to
 * a port and into another yard, with its slip; the van master's yard follows each transfer.
 */
export const hustlingModule: LadingModule = {
  name: "hustling",
  routes: hustlingRoutes,
  jobs: [],
  demo: seedDemoHustling,
};
