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
   * How many reverse proxies in front of the server add to X-Forwarded-For. Rate limits and the audit count
   * the address the nearest of them saw; with 0 the header is ignored, since any client can write it.
   */
  trustedProxies: number;
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
    publicUrl: null,
    supportEmail: "support@lading.local",
    changelogPath: DEFAULT_CHANGELOG_PATH,
    webPush: null,
    streamHeartbeatMs: 25_000,
    trustedProxies: 0,
    ...overrides,
  };
}
