import { z } from "zod";
import { sessionUser } from "../users/index.ts";

// The signed-in user is the users module's record; the web reads its type here.
export type { SessionUser } from "../users/index.ts";

export const TOKEN_ISSUER = "lading";
export const TOKEN_AUDIENCE = "lading-api";
export const SESSION_COOKIE = "lading_session";

export const authenticateBody = z.object({
  userId: z.string({ error: "userId is required" }).trim().min(1, "userId is required").max(50, "userId can be at most 50 characters"),
  password: z.string({ error: "password is required" }).min(1, "password is required").max(200, "password can be at most 200 characters"),
});

export const authenticateResult = z.object({
  data: z.array(sessionUser.extend({ token: z.string() })),
  message: z.string(),
});

export const versionParams = z.object({ system: z.string().trim().min(1).max(50) });
export const versionResult = z.object({ data: z.object({ system: z.string(), version: z.string() }) });
