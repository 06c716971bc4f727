import { afterEach, describe, expect, it, vi } from "vitest";
import { errorMessage, request } from "../../web/src/lib/api.ts";

/** The web client's response handler (000 §7), fed real Response objects. */
describe("the API client's response handler", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("joins message, Message and the status text, then the first general detail", () => {
    expect(errorMessage({ statusText: "Conflict" }, { message: "Port code X already exists.", errors: { "": [] } }))
      .toBe("Port code X already exists., Conflict");
    expect(errorMessage({ statusText: "Bad Request" }, { message: "Please correct the invalid fields.", errors: { "": ["name: Port name is required"] } }))
      .toBe("Please correct the invalid fields., Bad Request, name: Port name is required");
    expect(errorMessage({ statusText: "" }, { Message: "Legacy text" })).toBe("Legacy text");
    expect(errorMessage({ statusText: "Bad Gateway" }, "<html>proxy error</html>")).toBe("Bad Gateway");
  });

  it("reads the body as text and parses JSON where it can", async () => {
    vi.stubGlobal("fetch", async () => new Response('{"data":[1,2]}', { status: 200 }));
    expect(await request("GET", "/ports/load")).toEqual({ data: [1, 2] });
    vi.stubGlobal("fetch", async () => new Response("plain words", { status: 200 }));
    expect(await request("GET", "/x")).toBe("plain words");
    vi.stubGlobal("fetch", async () => new Response("", { status: 200 }));
    expect(await request("GET", "/x")).toBeNull();
  });

  it("rejects a failed call with the joined message and keeps field errors for forms", async () => {
    const body = { message: "Please correct the invalid fields.", errors: { "": ["code: Port code is required"], code: ["Port code is required"] } };
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify(body), { status: 400, statusText: "Bad Request" }));
    const err = await request("POST", "/ports", { body: {} }).catch((e) => e);
    expect(err.message).toBe("Please correct the invalid fields., Bad Request, code: Port code is required");
    expect(err.status).toBe(400);
    expect(err.fieldErrors).toEqual({ code: "Port code is required" });
  });

  it("sends JSON with the session cookie and never a stored token", async () => {
    let seen: RequestInit | undefined;
    let url = "";
    vi.stubGlobal("fetch", async (u: string, init: RequestInit) => {
      url = u;
      seen = init;
      return new Response("{}", { status: 200 });
    });
    await request("PUT", "/ports/activate/3", { query: { isActive: false, search: "" } });
    expect(url).toBe("/api/ports/activate/3?isActive=false");
    expect(seen?.credentials).toBe("same-origin");
    expect((seen?.headers as Record<string, string>).Authorization).toBeUndefined();
  });
});
