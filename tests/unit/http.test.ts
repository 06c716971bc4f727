import { describe, expect, it } from "vitest";
import { errorBody } from "../../api/http/errors.ts";
import { createPathCanonicalizer } from "../../api/http/path-casing.ts";
import { AttemptLimiter, attemptLimit } from "../../api/http/rate-limit.ts";
import { generatePassword, hashPassword, verifyPassword } from "../../api/modules/users/passwords.ts";
import { issueToken, readToken } from "../../api/modules/auth/tokens.ts";
import { AppError } from "../../api/shared/errors.ts";

describe("path canonicalizer", () => {
  const canonical = createPathCanonicalizer([
    "/api/ports/load",
    "/api/ports/get/:id",
    "/api/ports/getIsActive",
    "/api/Users/getCurrentSystemVersion/:system",
  ]);
  it("maps any letter case of path words onto the declared spelling", () => {
    expect(canonical("/api/PORTS/LOAD")).toBe("/api/ports/load");
    expect(canonical("/api/ports/GETISACTIVE")).toBe("/api/ports/getIsActive");
    expect(canonical("/api/users/getcurrentsystemversion/MyApp")).toBe("/api/Users/getCurrentSystemVersion/MyApp");
  });
  it("keeps parameter values as sent", () => {
    expect(canonical("/api/Ports/Get/AbC")).toBe("/api/ports/get/AbC");
  });
  it("leaves unknown paths alone", () => {
    expect(canonical("/api/nothing/Here")).toBe("/api/nothing/Here");
  });
});

describe("error body", () => {
  it("puts the first field problem under the empty key for the web client", () => {
    expect(errorBody("Please correct the invalid fields.", { name: ["Port name is required"] })).toEqual({
      message: "Please correct the invalid fields.",
      errors: { "": ["name: Port name is required"], name: ["Port name is required"] },
    });
  });
  it("does not repeat a detail the message already says", () => {
    expect(errorBody("Port code X already exists.", { code: ["Port code X already exists"] }).errors[""]).toEqual([]);
  });
});

describe("attempt limiter", () => {
  it("allows the limit per window, then refuses with 429 and its own words until the window ends", () => {
    const limiter = new AttemptLimiter(2, 60_000, "Too many reset requests for this user id. Wait a few minutes and try again.");
    limiter.hit("k", 0);
    limiter.hit("k", 1);
    let refusal: AppError | undefined;
    try {
      limiter.hit("k", 2);
    } catch (err) {
      refusal = err as AppError;
    }
    expect(refusal?.status).toBe(429);
    expect(refusal?.message).toBe("Too many reset requests for this user id. Wait a few minutes and try again.");
    expect(() => limiter.hit("k", 3)).toThrowError(AppError);
    expect(() => limiter.hit("other", 3)).not.toThrow();
    expect(() => limiter.hit("k", 60_001)).not.toThrow();
  });

  it("counts apart for each app, and refuses with the limit's own words", () => {
    const limit = attemptLimit(2, 60_000, "Too many lookups from your network. Wait a minute and try again.");
    const [first, second] = [{}, {}];
    limit(first, "10.0.0.1");
    limit(first, "10.0.0.1");
    let refusal: AppError | undefined;
    try {
      limit(first, "10.0.0.1");
    } catch (err) {
      refusal = err as AppError;
    }
    expect(refusal?.status).toBe(429);
    expect(refusal?.message).toBe("Too many lookups from your network. Wait a minute and try again.");
    // The other app has counted nothing from that address yet.
    expect(() => limit(second, "10.0.0.1")).not.toThrow();
    expect(() => limit(second, "10.0.0.1")).not.toThrow();
    expect(() => limit(second, "10.0.0.1")).toThrowError(AppError);
  });
});

describe("passwords and tokens", () => {
  it("stores argon2id hashes that verify only the right password", async () => {
    const hash = await hashPassword("correct horse");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword("correct horse", hash)).toBe(true);
    expect(await verifyPassword("wrong horse", hash)).toBe(false);
    expect(await verifyPassword("anything", null)).toBe(false);
    expect(generatePassword()).toHaveLength(24);
    expect(generatePassword()).not.toBe(generatePassword());
  });
  it("reads back its own tokens and refuses one signed with another secret", async () => {
    const secret = new TextEncoder().encode("a".repeat(32));
    const token = await issueToken(secret, { sub: "7", sv: 3 }, 60);
    expect(await readToken(secret, token)).toEqual({ sub: "7", sv: 3 });
    expect(await readToken(new TextEncoder().encode("b".repeat(32)), token)).toBeNull();
    expect(await readToken(secret, await issueToken(secret, { sub: "7", sv: 3 }, -5))).toBeNull();
  });
});
