import { z } from "zod";
import { COMMON_PASSWORDS } from "./common-passwords.ts";

export const PASSWORD_MIN = 8;
/** Long passphrases are welcome; the cap only keeps hashing cost bounded. */
export const PASSWORD_MAX = 200;

/** Why a password is refused, or null when it is acceptable (NIST 800-63B: length and a blocklist, no composition rules). */
export function passwordProblem(password: string, userId?: string): string | null {
  if (password.length < PASSWORD_MIN) return `Password must have at least ${PASSWORD_MIN} characters`;
  if (password.length > PASSWORD_MAX) return `Password can be at most ${PASSWORD_MAX} characters`;
  const folded = password.toLowerCase();
  if (COMMON_PASSWORDS.has(folded)) return "This password is too common; choose another";
  if (userId && folded.includes(userId.toLowerCase()) && folded.length - userId.length < 4) {
    return "Password must not be your user id";
  }
  return null;
}

/** A new password in a request body or query. */
export const newPassword = z.string({ error: "password is required" }).superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});
