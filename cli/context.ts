import type { Command } from "commander";
import { existsSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { type DatabaseHandle, DatabaseLockedError, dataDirOf, openDatabase } from "../db/client.ts";
import type { LadingEnv } from "../api/settings.ts";
import { AppError, databaseErrorCode } from "../api/shared/errors.ts";

/** What a command needs from the outside world; main.ts fills it from the process. */
export interface CliContext {
  env: LadingEnv & { USER?: string; USERNAME?: string };
  /** Writes text to stdout as is. */
  write(text: string): void;
  /** Writes one line to stdout. */
  print(text: string): void;
}

/** A failure the user can fix; printed as is, without a stack. */
export class CliError extends Error {}

const SERVER_HINT = "Stop the server first or use DATABASE_URL.";

async function open(ctx: CliContext, create: boolean): Promise<DatabaseHandle> {
  if (ctx.env.DATABASE_URL) return await openDatabase(ctx.env, { poolSize: 2 });
  const dir = path.join(dataDirOf(ctx.env), "pglite");
  // Opening a missing directory would create an empty database there, which only hides a wrong DATA_DIR.
  if (!create && !existsSync(path.join(dir, "PG_VERSION"))) {
    throw new CliError(`There is no database in ${dir} yet. Check DATA_DIR, or create it with: lading db migrate`);
  }
  try {
    return await openDatabase(ctx.env, { pgliteDir: dir });
  } catch (err) {
    if (err instanceof DatabaseLockedError) throw new CliError(`${err.message} ${SERVER_HINT}`);
    throw new CliError(`Could not open the embedded database in ${dir}: ${messageOf(err)}. If the server is running on this DATA_DIR: ${SERVER_HINT}`);
  }
}

/** Opens the database the server would use, runs the work and always closes it again. */
export async function withDatabase<T>(
  ctx: CliContext,
  work: (handle: DatabaseHandle) => Promise<T>,
  options: { create?: boolean } = {},
): Promise<T> {
  const handle = await open(ctx, options.create === true);
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The error and the causes it wraps, outermost first (drizzle wraps driver errors as "Failed query: ..."). */
function causeChain(err: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = err; current !== undefined && current !== null && chain.length < 5; current = (current as { cause?: unknown }).cause) {
    chain.push(current);
    if (typeof current !== "object") break;
  }
  return chain;
}

/** One line for stderr that tells the user what went wrong and, where we know it, what to do. */
export function describeError(err: unknown): string {
  if (err instanceof CliError || err instanceof AppError) return err.message;
  if (err instanceof z.ZodError) return err.issues.map((i) => i.message).join("; ");
  const chain = causeChain(err);
  const innermost = messageOf(chain[chain.length - 1]);
  switch (databaseErrorCode(err)) {
    case "42P01":
      return "The database has no tables yet. Run: lading db migrate";
    case "3D000":
      return `The database named in DATABASE_URL does not exist (${innermost}).`;
    case "28P01":
    case "28000":
      return `PostgreSQL refused the user or password in DATABASE_URL (${innermost}).`;
  }
  for (const e of chain) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && ["ECONNREFUSED", "ENOTFOUND", "ETIMEDOUT", "EHOSTUNREACH", "ECONNRESET"].includes(code)) {
      return `Could not reach the PostgreSQL server in DATABASE_URL (${code}).`;
    }
  }
  return innermost;
}

/**
 * The command group `name` of the program, made with `description` by the first module that registers a command
 * under it: `lading report` holds the reports module's commands and the inbound module's dwell time alike.
 */
export function commandGroup(program: Command, name: string, description: string): Command {
  return program.commands.find((c) => c.name() === name) ?? program.command(name).description(description);
}
