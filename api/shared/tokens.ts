/** Unguessable tokens for links sent by e-mail or handed to outsiders, and the hash stored in their place. */

/** `bytes` random bytes as URL-safe text: 32 bytes (256 bits) for link tokens, 16 (128 bits) for public ids. */
export function randomToken(bytes = 32): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...raw)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** SHA-256 as hex: what is kept of a token, so a copy of the database opens no link. */
export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}
