import type { Context, MiddlewareHandler } from "hono";
import type { AppConfig } from "./config.ts";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

function hostName(host: string | undefined): string {
  if (!host) return "";
  if (host.startsWith("[")) return host.slice(0, host.indexOf("]") + 1);
  return host.split(":")[0].toLowerCase();
}

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // Blueprint positions popovers with inline style attributes.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** Behind a proxy that terminated TLS, plain http is sent to https (but never for the local machine). */
export const httpsRedirect: MiddlewareHandler = async (c, next) => {
  const proto = c.req.header("x-forwarded-proto");
  const host = c.req.header("x-forwarded-host") ?? c.req.header("host");
  if (proto === "http" && host && !LOCAL_HOSTS.has(hostName(host))) {
    const url = new URL(c.req.url);
    return c.redirect(`https://${host}${url.pathname}${url.search}`, 308);
  }
  await next();
};

export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  const h = c.res.headers;
  h.set("Content-Security-Policy", CSP);
  h.set("X-Content-Type-Options", "nosniff");
  h.set("X-Frame-Options", "DENY");
  h.set("Referrer-Policy", "strict-origin-when-cross-origin");
  h.set("Cross-Origin-Opener-Policy", "same-origin");
  const secure = c.req.header("x-forwarded-proto") === "https" || new URL(c.req.url).protocol === "https:";
  if (secure) h.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
};

/**
 * One structured line per request: id, method, path, status and duration. The path is logged without its
 * query string: some routes (password changes) carry secrets there.
 */
export function requestLog(log: (line: Record<string, unknown>) => void): MiddlewareHandler {
  return async (c, next) => {
    const requestId = c.req.header("x-request-id")?.slice(0, 64) || crypto.randomUUID();
    c.set("requestId", requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      c.header("X-Request-Id", requestId);
      log({
        level: "info",
        time: new Date().toISOString(),
        requestId,
        method: c.req.method,
        path: new URL(c.req.url).pathname,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      });
    }
  };
}

function socketAddress(c: Context): string {
  // Deno.serve hands its connection info to app.fetch as the env argument.
  const env = c.env as { remoteAddr?: { hostname?: string } } | undefined;
  return env?.remoteAddr?.hostname ?? "local";
}

/**
 * Settles once per request which address the client has. X-Forwarded-For is written by the client first and
 * by each proxy after, so only the entries the trusted proxies appended are believed: the one the nearest of
 * them saw is the client. Without trusted proxies the header is ignored and the socket peer counts.
 */
export function clientAddressOf(trustedProxies: number): MiddlewareHandler {
  return async (c, next) => {
    let address = socketAddress(c);
    if (trustedProxies > 0) {
      const hops = (c.req.header("x-forwarded-for") ?? "").split(",").map((h) => h.trim()).filter(Boolean);
      address = hops[hops.length - trustedProxies] ?? hops[0] ?? address;
    }
    c.set("clientAddress", address);
    await next();
  };
}

/** The client address for rate limits and the audit, as clientAddressOf settled it. */
export function clientAddress(c: Context): string {
  return (c.get("clientAddress") as string | undefined) ?? socketAddress(c);
}

/**
 * Where links in email point: the configured public address, else the address the request came in on. The
 * Origin header is not used: anyone can send one, and a forged one would put a working link to another site
 * in a real mailbox. Production sets PUBLIC_URL.
 */
export function linkBase(c: Context, config: AppConfig): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, "");
  return new URL(c.req.url).origin;
}
