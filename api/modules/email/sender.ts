import type { Buffer } from "node:buffer";
import type { Transporter } from "nodemailer";

/** One message as the outbox hands it to a transport. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with the message (nodemailer's shape). */
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}

/** What the outbox worker needs of a mail transport; the SMTP one below, or any other in its place. */
export interface MailTransport {
  sendMail(message: OutgoingMail): Promise<unknown>;
  close?(): void;
}

export interface SmtpTransport extends MailTransport {
  /** The server without credentials, for the start-up banner and logs. */
  readonly server: string;
  close(): void;
}

export const DEFAULT_MAIL_FROM = "Lading <no-reply@lading.local>";

/**
 * Time limits of one delivery. They stay well under the outbox's claim lease (10 minutes), so a server that
 * never answers ends in a recorded failure rather than a message stuck in SENDING. A value in the URL's query
 * (e.g. ?socketTimeout=120000) takes precedence.
 */
const TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000, dnsTimeout: 30_000 };

/** Refuses a value that is not an smtp:// or smtps:// address, naming the variable. */
export function checkSmtpUrl(value: string, variable = "SMTP_URL"): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${variable} is not a valid address; use smtp://user:password@host:587 or smtps://user:password@host:465.`);
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") {
    throw new Error(`${variable} must start with smtp:// or smtps:// (got ${url.protocol}//).`);
  }
  if (!url.hostname) throw new Error(`${variable} names no host.`);
  return url;
}

/** The server part of an SMTP address with the user name and password left out. */
export function describeSmtpServer(url: URL): string {
  return `${url.protocol}//${url.host}`;
}

function toBase64(value: string): string {
  const bytes = new TextEncoder().encode(value);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/**
 * Removes the configured credentials from a text (an error message, a server reply), in the forms an SMTP
 * conversation can carry them: as typed, URL-encoded, and base64 as AUTH PLAIN and AUTH LOGIN send them.
 */
export function credentialScrubber(url: URL): (text: string) => string {
  const user = decodeURIComponent(url.username);
  const pass = decodeURIComponent(url.password);
  const secrets = new Set<string>();
  if (pass) {
    secrets.add(pass);
    secrets.add(url.password);
    secrets.add(toBase64(pass));
    secrets.add(toBase64(`\u0000${user}\u0000${pass}`));
    secrets.add(toBase64(`${user}\u0000${user}\u0000${pass}`));
  }
  const list = [...secrets].filter((s) => s.length > 0).sort((a, b) => b.length - a.length);
  return (text) => list.reduce((out, secret) => out.split(secret).join("***"), text);
}

/**
 * An SMTP transport for the address in SMTP_URL (smtp://user:password@host:587, smtps:// for implicit TLS;
 * nodemailer reads further options from the query string). One connection per message: the outbox sends in
 * small batches and a pool would hold connections open between polls.
 */
export function createSmtpTransport(smtpUrl: string): SmtpTransport {
  const url = checkSmtpUrl(smtpUrl);
  const scrub = credentialScrubber(url);
  // Loaded on first use: settings.ts (and so the CLI) imports this file for its checks only.
  let mailer: Promise<Transporter> | undefined;
  const open = () =>
    mailer ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport({ url: smtpUrl, ...TIMEOUTS } as Parameters<typeof nodemailer.createTransport>[0])
    );
  return {
    server: describeSmtpServer(url),
    async sendMail(message) {
      try {
        return await (await open()).sendMail(message);
      } catch (err) {
        // Nodemailer's errors can quote the conversation; what is recorded in the outbox must not hold the password.
        const code = (err as { code?: unknown; responseCode?: unknown });
        const failure = new Error(scrub(err instanceof Error ? err.message : String(err)));
        if (typeof code.code === "string") (failure as Error & { code?: string }).code = code.code;
        if (typeof code.responseCode === "number") (failure as Error & { responseCode?: number }).responseCode = code.responseCode;
        throw failure;
      }
    },
    close() {
      void mailer?.then((m) => m.close());
    },
  };
}
