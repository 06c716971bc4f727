import type { LadingModule } from "../manifest.ts";

export { SESSION_COOKIE, versionParams, versionResult } from "./schemas.ts";
export { type Caller, callerOfUser, resolveSession, type SessionCheck } from "./service.ts";
// The HTTP guard knows auth alone; what it tells a caller whose session was ended is the users module's text.
export { USER_MESSAGES } from "../users/index.ts";

import { authJobs } from "./jobs.ts";
import { authRoutes } from "./routes.ts";

export const authModule: LadingModule = {
  name: "auth",
  routes: ({ config }) =>
    authRoutes(
      { attempts: config.signInAttempts, windowMs: config.signInWindowMs },
      { attempts: config.signInAddressAttempts, windowMs: config.signInAddressWindowMs },
    ),
  jobs: authJobs,
};
