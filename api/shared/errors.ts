/** Every failure a service can report; api/http maps each code to one HTTP status. */
export const errorStatus = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A link that worked once and no longer does (used or expired). */
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;
export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors: FieldErrors = {},
  ) {
    super(message);
    this.name = "AppError";
  }
  get status(): number {
    return errorStatus[this.code];
  }
}

/** PostgreSQL SQLSTATE of a driver error, looking through drizzle's wrapper. */
export function databaseErrorCode(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Runs pure rules that throw plain errors on input they refuse; to the caller such a refusal is a 400 on `field`. */
export function asValidation<T>(field: string, work: () => T): T {
  try {
    return work();
  } catch (err) {
    if (err instanceof AppError) throw err;
    const text = err instanceof Error ? err.message : String(err);
    throw new AppError("VALIDATION", text, { [field]: [text] });
  }
}

/**
 * A refusal that knows when the client may try again: the HTTP layer sends it as the Retry-After header (seconds).
 * RATE_LIMITED (429) when the caller asked too often, UNAVAILABLE (503) when the server is too busy for anyone.
 */
export class RetryLaterError extends AppError {
  constructor(message: string, readonly retryAfterSeconds: number, code: "RATE_LIMITED" | "UNAVAILABLE" = "RATE_LIMITED") {
    super(code, message);
    this.name = "RetryLaterError";
  }
}
