export * from "./roles.ts";
export * from "./users.ts";
export * from "./master-data.ts";
export * from "./audit.ts";
export * from "./email.ts";
export * from "./notifications.ts";
export * from "./workflow.ts";
export * from "./sales-quotations.ts";
