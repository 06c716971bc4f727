import { fileURLToPath } from "node:url";

/** Settings the app is built with; main.ts and the tests fill it, nothing here reads the process environment. */
export interface AppConfig {
  version: string;
  jwtSecret: Uint8Array;
  /** Token lifetime in seconds. */
  sessionTtl: number;
  /** Largest request body accepted, in bytes. */
  bodyLimit: number;
  /** Sign-in attempts allowed per user id and address in one window. */
  signInAttempts: number;
  signInWindowMs: number;
  /**
   * Failed sign-ins allowed from one client address (an IPv6 address counts by its /64 network) in one window,
   * whatever user ids they name: the limit on password spraying (one password tried on many user ids), which
   * the per-user lockout never sees. Once it is reached, every sign-in from that address is refused (429 with
   * Retry-After) for one more window. A successful sign-in does not count, nor does a try refused because its
   * user id is locked (it checks no password).
   *
   * Why 30 in 15 minutes: a branch office signs in from one address behind its router, and even a morning rush
   * of a whole office mistyping now and then stays far below 30 failures in 15 minutes, while three colleagues
   * locking their own user ids (10 each) still would not block the others. A sprayer gets at most 30 guesses
   * per 15 minutes from an address instead of as many as the server answers.
   */
  signInAddressAttempts: number;
  signInAddressWindowMs: number;
  /**
   * Address of the web app as users reach it, for links in email (set-up, reset). Null: taken from the
   * request that causes the email.
   */
  publicUrl: string | null;
  /** Mailbox that receives Help and Support messages. */
  supportEmail: string;
  /** The release notes the What's new page lists; tests point it at a fixture. */
  changelogPath: string;
  /** Web Push (VAPID) keys; null: notifications reach open Lading pages only. */
  webPush: WebPushSettings | null;
  /**
   * How often an idle notification stream says it is alive (so proxies keep it open) and checks that its
   * session still stands.
   */
  streamHeartbeatMs: number;
  /**
   * Live notification streams one user may hold in this server process; opening one more closes that user's
   * oldest. Ten covers every tab and device a person works in; without a bound, one session could hold open
   * connections (and their memory) without end.
   */
  streamsPerUser: number;
  /**
   * How many reverse proxies in front of the server add to X-Forwarded-For. Rate limits and the audit count
   * the address the nearest of them saw; with 0 the header is ignored, since any client can write it.
   */
  trustedProxies: number;
  /**
   * The company's accounting system (BASE), where invoices, receipts and their reversals are posted (the
   * contract is in api/modules/accounting/README.md). Null: postings wait HELD, visible on the postings screen,
   * until a BASE is configured.
   */
  base: BaseSettings | null;
}

/** Where BASE answers and the key Lading sends it (BASE_URL, BASE_API_KEY). */
export interface BaseSettings {
  /** Without a trailing slash: https://base.example.com/api. */
  url: string;
  apiKey: string;
  /** How long one call may take before its outcome counts as uncertain. */
  timeoutMs: number;
}

export interface WebPushSettings {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: contact of the sender, as push services ask. */
  subject: string;
  /**
   * Push services a browser subscription may point at (host names, or suffixes starting with a dot); the
   * server posts to these only, so a forged subscription cannot make it call anywhere else.
   */
  pushHosts: readonly string[];
  /** PEM of a certificate authority to trust besides the usual ones (a push service behind a company proxy). */
  pushCa?: string;
}

/** The push services of the browsers staff use. */
export const DEFAULT_PUSH_HOSTS = [".googleapis.com", ".push.services.mozilla.com", ".notify.windows.com", ".push.apple.com"];

/** CHANGELOG.md at the repository root, wherever the server is started from. */
export const DEFAULT_CHANGELOG_PATH = fileURLToPath(new URL("../../CHANGELOG.md", import.meta.url));


export function defaultConfig(overrides: Partial<AppConfig> & Pick<AppConfig, "jwtSecret" | "version">): AppConfig {
  return {
    sessionTtl: 12 * 60 * 60,
    bodyLimit: 1024 * 1024,
    signInAttempts: 10,
    signInWindowMs: 15 * 60 * 1000,
    signInAddressAttempts: 30,
    signInAddressWindowMs: 15 * 60 * 1000,
    publicUrl: null,
    supportEmail: "support@lading.local",
    changelogPath: DEFAULT_CHANGELOG_PATH,
    webPush: null,
    streamHeartbeatMs: 25_000,
    streamsPerUser: 10,
    trustedProxies: 0,
    base: null,
    ...overrides,
  };
}
