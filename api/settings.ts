import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import pkg from "../package.json" with { type: "json" };
import { dataDirOf, type DatabaseEnv } from "../db/client.ts";
import { type AppConfig, type BaseSettings, DEFAULT_PUSH_HOSTS, defaultConfig, type WebPushSettings } from "./http/config.ts";
import { checkSmtpUrl, DEFAULT_MAIL_FROM } from "./modules/email/sender.ts";
import { DEFAULT_DOCUMENT_QUEUE, defaultDocumentWorkers } from "./shared/document-pool.ts";

export interface LadingEnv extends DatabaseEnv {
  PORT?: string;
  JWT_SECRET?: string;
  LADING_ADMIN_PASSWORD?: string;
  /** Overrides the reported server version (a deployment can stamp its build). */
  LADING_VERSION?: string;
  LOG_LEVEL?: string;
  /** smtp://user:password@host:587 (smtps:// for implicit TLS). Unset: email stays in the outbox for an administrator. */
  SMTP_URL?: string;
  /** From of every message, e.g. "Lading <no-reply@example.com>". */
  MAIL_FROM?: string;
  /** Mailbox that receives Help and Support messages. */
  SUPPORT_EMAIL?: string;
  /** Address of the web app as users reach it (https://lading.example.com), for links in email. */
  PUBLIC_URL?: string;
  /** Reverse proxies in front of the server that append to X-Forwarded-For (0 unless set). */
  TRUSTED_PROXIES?: string;
  /** The release notes the What's new page lists; CHANGELOG.md of this repository unless set. */
  LADING_CHANGELOG?: string;
  /** Web Push keys (npx web-push generate-vapid-keys) and the contact push services may reach. */
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
  /** "off": this server runs no scheduled jobs (`lading schedule` runs them); "on", the default, runs them. */
  LADING_JOBS?: string;
  /** Workers that build printouts and workbooks (one less than the cores, 1 to 4, unless set); 0 builds them on the request thread. */
  LADING_DOCUMENT_WORKERS?: string;
  /** Documents that may wait for a busy worker before a download is refused with a 503 (16 unless set). */
  LADING_DOCUMENT_QUEUE?: string;
  /** The accounting system postings go to (https://base.example.com/api) and the key it expects. Unset: postings wait HELD. */
  BASE_URL?: string;
  BASE_API_KEY?: string;
  /** How long a call to BASE may take, in milliseconds (20000 unless set). */
  BASE_TIMEOUT_MS?: string;
}

/** A call to BASE that has not answered in this long may still have arrived: its outcome is uncertain. */
export const DEFAULT_BASE_TIMEOUT_MS = 20_000;

/**
 * BASE_URL and BASE_API_KEY: posting to BASE needs both. With one of them alone nothing is posted (the postings
 * wait HELD, visible, as with neither) and baseSettingsNote() says why at start; a BASE_URL that is no address
 * stops the start, like a mistyped SMTP_URL. (The test runner's tools put a BASE_URL of their own in the
 * environment of every process they start, which must not stop a server that was given no key.)
 */
export function loadBaseSettings(env: LadingEnv): BaseSettings | null {
  const url = env.BASE_URL?.trim();
  const apiKey = env.BASE_API_KEY?.trim();
  if (!url || !apiKey) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`BASE_URL must be the address of the accounting system's API, such as https://base.example.com/api (got "${url}").`);
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") throw new Error("BASE_URL must start with https:// or http://.");
  const timeoutText = env.BASE_TIMEOUT_MS?.trim();
  if (timeoutText && (!/^\d+$/.test(timeoutText) || Number(timeoutText) < 100 || Number(timeoutText) > 600_000)) {
    throw new Error(`BASE_TIMEOUT_MS must be a whole number of milliseconds from 100 to 600000 (got "${env.BASE_TIMEOUT_MS}").`);
  }
  return { url: parsed.toString().replace(/\/+$/, ""), apiKey, timeoutMs: timeoutText ? Number(timeoutText) : DEFAULT_BASE_TIMEOUT_MS };
}

/** Why nothing will be posted although one of the two BASE settings is there; null when both or neither are. */
export function baseSettingsNote(env: LadingEnv): string | null {
  const url = !!env.BASE_URL?.trim();
  const key = !!env.BASE_API_KEY?.trim();
  if (url === key) return null;
  return url ? "BASE_URL is set but BASE_API_KEY is not" : "BASE_API_KEY is set but BASE_URL is not";
}

/** Web Push is on when both keys are set; a half-given pair is a mistake to report, not to ignore. */
function loadWebPush(env: LadingEnv): WebPushSettings | null {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  if (!publicKey && !privateKey) return null;
  if (!publicKey || !privateKey) throw new Error("Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY for Web Push, or neither.");
  const subject = env.VAPID_SUBJECT?.trim() || "mailto:support@lading.local";
  if (!/^(mailto:|https:\/\/)/.test(subject)) throw new Error("VAPID_SUBJECT must start with mailto: or https://.");
  return { publicKey, privateKey, subject, pushHosts: DEFAULT_PUSH_HOSTS };
}

export const packageVersion: string = pkg.version;

/**
 * The signing secret: JWT_SECRET when set, otherwise a random 256-bit secret generated once into DATA_DIR so
 * that sessions survive a restart of the embedded setup.
 */
export function loadJwtSecret(env: LadingEnv): Uint8Array {
  if (env.JWT_SECRET) {
    if (env.JWT_SECRET.length < 32) throw new Error("JWT_SECRET must be at least 32 characters long.");
    return new TextEncoder().encode(env.JWT_SECRET);
  }
  const dir = dataDirOf(env);
  const file = path.join(dir, "jwt-secret");
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    writeFileSync(file, Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join(""), { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return new TextEncoder().encode(readFileSync(file, "utf8").trim());
}

const MAILBOX = /^[^\s@<>]+@[^\s@<>]+$/;

/** A bare address or "Name <address>". */
function checkMailbox(value: string, variable: string): string {
  const trimmed = value.trim();
  const address = /<([^<>]+)>$/.exec(trimmed)?.[1] ?? trimmed;
  if (!MAILBOX.test(address)) throw new Error(`${variable} must be an email address such as someone@example.com (got "${value}").`);
  return trimmed;
}

/** PUBLIC_URL without a trailing slash; links in email are built on it. */
function checkPublicUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(`PUBLIC_URL must be the web address of the app, such as https://lading.example.com (got "${value}").`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error("PUBLIC_URL must start with https:// or http://.");
  return url.toString().replace(/\/+$/, "");
}

function checkProxyCount(value: string): number {
  const n = Number(value.trim());
  if (!Number.isInteger(n) || n < 0 || n > 10) throw new Error(`TRUSTED_PROXIES must be a whole number from 0 to 10 (got "${value}").`);
  return n;
}

export function loadConfig(env: LadingEnv): AppConfig {
  return defaultConfig({
    version: env.LADING_VERSION || packageVersion,
    jwtSecret: loadJwtSecret(env),
    ...(env.SUPPORT_EMAIL ? { supportEmail: checkMailbox(env.SUPPORT_EMAIL, "SUPPORT_EMAIL") } : {}),
    ...(env.PUBLIC_URL ? { publicUrl: checkPublicUrl(env.PUBLIC_URL) } : {}),
    ...(env.TRUSTED_PROXIES ? { trustedProxies: checkProxyCount(env.TRUSTED_PROXIES) } : {}),
    ...(env.LADING_CHANGELOG ? { changelogPath: path.resolve(env.LADING_CHANGELOG) } : {}),
    webPush: loadWebPush(env),
    base: loadBaseSettings(env),
  });
}

/**
 * Whether this server runs the scheduled jobs on its own timer (LADING_JOBS, on unless "off"). Checked at start,
 * so a typo stops the server instead of leaving the jobs silently on or off.
 */
export function loadJobsSetting(env: LadingEnv): boolean {
  const value = env.LADING_JOBS?.trim().toLowerCase() || "on";
  if (value !== "on" && value !== "off") throw new Error(`LADING_JOBS must be on or off (got "${env.LADING_JOBS}").`);
  return value === "on";
}

/**
 * The document pool's size (LADING_DOCUMENT_WORKERS, LADING_DOCUMENT_QUEUE); null when documents are built on the
 * request thread. Checked at start like the other settings.
 */
export function loadDocumentWorkers(env: LadingEnv): { workers: number; waiting: number } | null {
  const whole = (name: keyof LadingEnv, fallback: number, max: number) => {
    const text = env[name]?.trim();
    if (!text) return fallback;
    if (!/^\d+$/.test(text) || Number(text) > max) throw new Error(`${name} must be a whole number from 0 to ${max} (got "${env[name]}").`);
    return Number(text);
  };
  const workers = whole("LADING_DOCUMENT_WORKERS", defaultDocumentWorkers(), 32);
  const waiting = whole("LADING_DOCUMENT_QUEUE", DEFAULT_DOCUMENT_QUEUE, 1000);
  return workers === 0 ? null : { workers, waiting };
}

export interface MailSettings {
  /** Null: no SMTP server, messages are HELD in the outbox. */
  smtpUrl: string | null;
  from: string;
}

/** SMTP_URL and MAIL_FROM, checked at start so that a typo stops the server with a clear message. */
export function loadMailSettings(env: LadingEnv): MailSettings {
  const smtpUrl = env.SMTP_URL?.trim() || null;
  if (smtpUrl) checkSmtpUrl(smtpUrl);
  const from = env.MAIL_FROM?.trim() ? checkMailbox(env.MAIL_FROM, "MAIL_FROM") : DEFAULT_MAIL_FROM;
  return { smtpUrl, from };
}
