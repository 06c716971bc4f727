import type { LadingModule } from "../manifest.ts";

export { startOutboxWorker } from "./outbox-worker.ts";
export { createSmtpTransport } from "./sender.ts";
export { type EmailAttachment, MAX_ATTACHMENT_BYTES, queueEmail } from "./service.ts";

import { emailRoutes } from "./routes.ts";

export const emailModule: LadingModule = { name: "email", routes: emailRoutes, jobs: [] };
