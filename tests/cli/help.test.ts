import { readFileSync } from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import { describe, expect, it } from "vitest";
import { buildProgram } from "../../cli/main.ts";
import { REPO_ROOT as root } from "../support/repo.ts";

/**
 * The command tree as commander holds it: every command explains itself, `lading help <words>` shows the help
 * of the command the words name, and the README's command list names every command there is.
 */

function program(out: string[] = []) {
  const p = buildProgram({ env: {}, write: (text) => out.push(text), print: (text) => out.push(text + "\n") });
  const quiet = (c: Command) => {
    c.exitOverride().configureOutput({ writeOut: (text) => out.push(text), writeErr: (text) => out.push(text) });
    c.commands.forEach(quiet);
  };
  quiet(p);
  return p;
}

/** Every command below the program, each with the words that call it. */
function walk(c: Command, words: string[] = []): { words: string[]; command: Command }[] {
  return c.commands.flatMap((sub) => [{ words: [...words, sub.name()], command: sub }, ...walk(sub, [...words, sub.name()])]);
}

const all = walk(program());
/** The commands that do something: those without subcommands of their own, `help` aside. */
const leaves = all.filter((c) => c.command.commands.length === 0 && c.words[0] !== "help").map((c) => c.words.join(" "));

describe("lading help", () => {
  it("has a description for every command, subcommand and option", () => {
    const missing = all.flatMap(({ words, command }) => [
      ...(command.description().trim() ? [] : [`lading ${words.join(" ")}`]),
      ...command.options.filter((o) => !o.description.trim()).map((o) => `lading ${words.join(" ")} ${o.flags}`),
    ]);
    expect(missing).toEqual([]);
    expect(leaves.length).toBeGreaterThan(10);
  });

  it.each(leaves)("`lading help %s` explains that command", async (line) => {
    const out: string[] = [];
    await program(out).parseAsync(["help", ...line.split(" ")], { from: "user" });
    const text = out.join("");
    const command = all.find((c) => c.words.join(" ") === line)!.command;
    expect(text.split("\n")[0]).toBe(`Usage: lading ${line} ${command.usage()}`);
    // The description, as commander wraps it to the width of a terminal.
    const words = (t: string) => t.replace(/\s+/g, " ").trim();
    expect(words(text.split("\n\n")[1])).toBe(words(command.description()));
  });

  it("answers an unknown command with an error, not the help of another", async () => {
    const out: string[] = [];
    await expect(program(out).parseAsync(["help", "ports", "nothing"], { from: "user" })).rejects.toThrow();
    expect(out.join("")).toContain("unknown command 'ports nothing'");
  });
});

describe("README", () => {
  it("lists every command of `lading help` in its command line section, and no other", () => {
    const readme = readFileSync(path.join(root, "README.md"), "utf8");
    const section = readme.slice(readme.indexOf("## Command line"));
    const block = section.slice(section.indexOf("```sh"), section.indexOf("```", section.indexOf("```sh") + 5));
    const listed = [...block.matchAll(/^npx lading ([a-z-]+(?: [a-z-]+)?)/gm)].map((m) => m[1])
      .map((words) => leaves.includes(words) ? words : words.split(" ")[0]);
    expect([...new Set(listed.filter((w) => w !== "help"))].sort()).toEqual([...leaves].sort());
  });
});
