import { afterEach, describe, expect, it, vi } from "vitest";
import { type ApiError, errorMessage, request, serverMessage, setUnauthorizedHandler } from "../../web/src/lib/api.ts";
import { unauthorizedNotice } from "../../web/src/lib/session-rules.ts";

/** The error a call was refused with; a call that succeeds fails the test. */
async function rejectionOf(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error("The call was expected to be refused, and it succeeded.");
}

/** The web client's response handler (000 §7), fed real Response objects. */
describe("the API client's response handler", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setUnauthorizedHandler(() => {});
  });

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
    const err = await rejectionOf(request("POST", "/ports", { body: {} }));
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

  it("hands any 401 to the sign-out handler with the server's reason, unless the caller expects 401", async () => {
    const seen: string[] = [];
    setUnauthorizedHandler((body) => seen.push(unauthorizedNotice(body)));
    const revoked = { message: "User Changes: Please Login Again", errors: { "": [] } };
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify(revoked), { status: 401, statusText: "Unauthorized" }));

    const err = await rejectionOf(request("GET", "/ports/load"));
    expect(err.status).toBe(401);
    // The notice carries the server's words alone; the rejected error keeps the spec's joined text.
    expect(seen).toEqual(["User Changes: Please Login Again"]);
    expect(err.message).toBe("User Changes: Please Login Again, Unauthorized");
    expect(serverMessage(err)).toBe("User Changes: Please Login Again");

    await request("POST", "/users/authenticate", { body: {}, signOutOnUnauthorized: false }).catch(() => {});
    expect(seen).toHaveLength(1);

    // Other failures never sign out.
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ message: "No access" }), { status: 403, statusText: "Forbidden" }));
    await request("GET", "/Roles/load").catch(() => {});
    expect(seen).toHaveLength(1);
  });

  it("reads the server's own message of a failure for forms, or the text of any other error", () => {
    expect(serverMessage(new Error("The server cannot be reached."))).toBe("The server cannot be reached.");
  });
});
