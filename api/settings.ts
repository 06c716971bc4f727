import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import pkg from "../package.json" with { type: "json" };
import { dataDirOf, type DatabaseEnv } from "../db/client.ts";
import { type AppConfig, defaultConfig } from "./http/config.ts";

export interface LadingEnv extends DatabaseEnv {
  PORT?: string;
  JWT_SECRET?: string;
  LADING_ADMIN_PASSWORD?: string;
  /** Overrides the reported server version (a deployment can stamp its build). */
  LADING_VERSION?: string;
  LOG_LEVEL?: string;
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

export function loadConfig(env: LadingEnv): AppConfig {
  return defaultConfig({ version: env.LADING_VERSION || packageVersion, jwtSecret: loadJwtSecret(env) });
}
