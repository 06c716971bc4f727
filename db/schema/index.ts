export * from "./roles.ts";
export * from "./users.ts";
export * from "./master-data.ts";
