import type { LadingModule } from "../manifest.ts";
import { emailRoutes } from "./routes.ts";

export { startOutboxWorker } from "./outbox-worker.ts";
export { createSmtpTransport } from "./sender.ts";
export { queueEmail } from "./service.ts";

export const emailModule: LadingModule = { name: "email", routes: emailRoutes, jobs: [] };
