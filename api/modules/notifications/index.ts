import type { LadingModule } from "../manifest.ts";

export { configureWebPush } from "./push.ts";
export { sendNotification } from "./service.ts";
export { hubOf, listenerCount, stopNotifications } from "./relay.ts";

import { notificationRoutes } from "./routes.ts";

export const notificationsModule: LadingModule = { name: "notifications", routes: notificationRoutes, jobs: [] };
