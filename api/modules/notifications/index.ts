import type { LadingModule } from "../manifest.ts";
import { notificationRoutes } from "./routes.ts";

export { configureWebPush } from "./push.ts";
export { sendNotification } from "./service.ts";

export const notificationsModule: LadingModule = { name: "notifications", routes: notificationRoutes, jobs: [] };
