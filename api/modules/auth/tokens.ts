import { jwtVerify, SignJWT } from "jose";
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from "./schemas.ts";

export interface TokenClaims {
  /** users.id */
  sub: string;
  /** users.session_version at sign-in; a sign-out bumps the stored value and so revokes the token. */
  sv: number;
}

export async function issueToken(secret: Uint8Array, claims: TokenClaims, ttlSeconds: number): Promise<string> {
  return await new SignJWT({ sv: claims.sv })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.sub)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(secret);
}

/** Verifies signature (HS256 only), issuer, audience and expiry; answers null for any token that fails. */
export async function readToken(secret: Uint8Array, token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ["HS256"],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      requiredClaims: ["exp", "sub", "sv"],
    });
    if (typeof payload.sub !== "string" || typeof payload.sv !== "number") return null;
    return { sub: payload.sub, sv: payload.sv };
  } catch {
    return null;
  }
}
