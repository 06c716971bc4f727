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
}

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
    ...overrides,
  };
}
