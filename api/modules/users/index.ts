import type { LadingModule } from "../manifest.ts";

export { changeOwnPassword } from "./account.ts";
export { createAdmin, seedDemoPeople, seedIfEmpty, seedReference } from "./bootstrap.ts";
export { verifyPassword } from "./passwords.ts";
export { changePasswordQuery, changePasswordResult, type SessionUser, sessionUser, USER_MESSAGES, userIdParams } from "./schemas.ts";
export { endSessions, getSessionUser, logOut } from "./session.ts";

import { userRoutes } from "./routes.ts";

// Last: the command files import this index back, so everything above is ready when they load.
import { registerUserCommands } from "../../../cli/commands/users.ts";

export const usersModule: LadingModule = { name: "users", routes: userRoutes, jobs: [], commands: registerUserCommands };
