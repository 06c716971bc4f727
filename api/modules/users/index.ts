import { registerUserCommands } from "../../../cli/commands/users.ts";
import type { LadingModule } from "../manifest.ts";
import { userRoutes } from "./routes.ts";

export { changeOwnPassword } from "./account.ts";
export { createAdmin, seedIfEmpty, seedReference } from "./bootstrap.ts";
export { verifyPassword } from "./passwords.ts";
export { changePasswordQuery, changePasswordResult, type SessionUser, sessionUser, USER_MESSAGES, userIdParams } from "./schemas.ts";
export { endSessions, getSessionUser, logOut } from "./session.ts";

export const usersModule: LadingModule = { name: "users", routes: userRoutes, jobs: [], commands: registerUserCommands };
