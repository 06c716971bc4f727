import { argon2id, argon2Verify } from "hash-wasm";

/**
 * argon2id with the OWASP Password Storage Cheat Sheet's first option (19 MiB, 2 passes, 1 lane), stored in the
 * standard PHC string form so the parameters can be raised later without breaking old hashes.
 */
const PARAMS = { memorySize: 19456, iterations: 2, parallelism: 1, hashLength: 32 } as const;

/**
 * `cost` is the memory (KiB) and passes; the app always uses its own. Test fixtures pass the format's lowest, which
 * the same verifyPassword reads back from the hash.
 */
export async function hashPassword(password: string, cost: { memorySize: number; iterations: number } = PARAMS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return argon2id({ ...PARAMS, ...cost, password, salt, outputType: "encoded" });
}

export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash) return false;
  try {
    return await argon2Verify({ password, hash });
  } catch {
    return false;
  }
}

/** A password for a generated administrator: 18 random bytes, URL-safe base64 (24 characters). */
export function generatePassword(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_");
}
