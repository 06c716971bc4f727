import { z } from "zod";
import { CAPABILITY_IDS, MENU_IDS } from "../roles/schemas.ts";

export const TOKEN_ISSUER = "lading";
export const TOKEN_AUDIENCE = "lading-api";
export const SESSION_COOKIE = "lading_session";

export const authenticateBody = z.object({
  userId: z.string({ error: "userId is required" }).trim().min(1, "userId is required").max(50, "userId can be at most 50 characters"),
  password: z.string({ error: "password is required" }).min(1, "password is required").max(200, "password can be at most 200 characters"),
});

/** A signed-in user as the web app keeps it (000 §3 User, without secrets). */
export const sessionUser = z.object({
  id: z.number(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  isDat: z.boolean(),
  darkMode: z.boolean(),
  userCy: z.string().nullable(),
  userCyName: z.string().nullable(),
  branches: z.array(z.object({ id: z.number(), branchCode: z.string(), branchName: z.string(), defaultBranch: z.boolean() })),
  allCy: z.array(z.object({ code: z.string(), name: z.string() })),
  menus: z.array(z.enum(MENU_IDS)),
  capabilities: z.array(z.enum(CAPABILITY_IDS)),
  devicelogin: z.string().nullable(),
  dateModified: z.string(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const authenticateResult = z.object({
  data: z.array(sessionUser.extend({ token: z.string() })),
  message: z.string(),
});

export const versionParams = z.object({ system: z.string().trim().min(1).max(50) });
export const versionResult = z.object({ data: z.object({ system: z.string(), version: z.string() }) });
