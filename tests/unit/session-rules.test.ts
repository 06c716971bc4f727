import { afterEach, describe, expect, it, vi } from "vitest";
import {
  clearLocalUser,
  keepSessionUser,
  keptSessionUser,
  localStoreAvailable,
  readLocalUser,
  updateLocalUser,
  userFields,
  writeLocalUser,
} from "../../web/src/lib/local-user.ts";
import {
  branchButtonDialog,
  createSignOutScheduler,
  entryDialogFor,
  FORCED_SIGN_OUT_DELAY_MS,
  offlineSession,
  probeFailure,
  restampLogin,
  sessionVerdict,
  unauthorizedNotice,
  USER_CHANGES_MESSAGE,
} from "../../web/src/lib/session-rules.ts";
import type { SessionUser } from "../../web/src/lib/session.ts";

const SIGNED_IN_AT = "2026-03-02T08:00:00.000Z";

describe("the session rule at start and while signed in (000 §4)", () => {
  const stored = { id: 7, devicelogin: SIGNED_IN_AT };

  it("lets the user in when nobody changed them since this device signed in", () => {
    expect(sessionVerdict(stored, { id: 7, dateModified: "2026-03-01T17:45:10.120Z" })).toBe("ok");
    // The same instant is not "after".
    expect(sessionVerdict(stored, { id: 7, dateModified: SIGNED_IN_AT })).toBe("ok");
  });

  it("signs out a user modified after the stored device login time, by as little as a millisecond", () => {
    expect(sessionVerdict(stored, { id: 7, dateModified: "2026-03-02T08:00:00.001Z" })).toBe("signOut");
    // Offsets are compared as instants, not as text.
    expect(sessionVerdict(stored, { id: 7, dateModified: "2026-03-02T16:00:05+08:00" })).toBe("signOut");
    expect(sessionVerdict(stored, { id: 7, dateModified: "2026-03-02T15:59:59+08:00" })).toBe("ok");
  });

  it("signs out a session that has no stored login time, or whose record belongs to someone else", () => {
    const server = { id: 7, dateModified: "2026-01-01T00:00:00.000Z" };
    expect(sessionVerdict(null, server)).toBe("signOut");
    expect(sessionVerdict({ id: 7, devicelogin: null }, server)).toBe("signOut");
    expect(sessionVerdict({ id: 7, devicelogin: "not a time" }, server)).toBe("signOut");
    expect(sessionVerdict({ id: 8, devicelogin: SIGNED_IN_AT }, server)).toBe("signOut");
  });

  it("lets the user in when the device cannot keep a record at all, but still applies a record it kept", () => {
    const server = { id: 7, dateModified: "2026-03-05T00:00:00.000Z" };
    expect(sessionVerdict(null, server, false)).toBe("ok");
    expect(sessionVerdict(stored, server, false)).toBe("signOut");
  });

  it("moves the stored login time to the user's own change, never backwards", () => {
    const ownChange = "2026-03-02T09:30:00.000Z";
    expect(restampLogin(SIGNED_IN_AT, ownChange)).toBe(ownChange);
    expect(sessionVerdict({ id: 7, devicelogin: restampLogin(SIGNED_IN_AT, ownChange) }, { id: 7, dateModified: ownChange })).toBe("ok");
    // A change that left dateModified alone (older than the sign-in) keeps the sign-in time.
    expect(restampLogin(SIGNED_IN_AT, "2026-02-01T00:00:00.000Z")).toBe(SIGNED_IN_AT);
    expect(restampLogin(SIGNED_IN_AT, undefined)).toBe(SIGNED_IN_AT);
    expect(restampLogin(null, ownChange)).toBe(ownChange);
  });
});

describe("starting with no connection (the pier)", () => {
  it("signs out only on the server's refusal: no answer or a failed server says nothing about the session", () => {
    expect([401, 0, 500, 502, 503, 504, 400, 403, 404].map(probeFailure)).toEqual([
      "refused", "unreachable", "unreachable", "unreachable", "unreachable", "unreachable", "nobody", "nobody", "nobody",
    ]);
  });

  it("starts from the session the device kept only when its stored record is of the same user", () => {
    const kept = { id: 7, userId: "jdoe" };
    expect(offlineSession({ id: 7 }, kept)).toBe(kept);
    // Signed out (no record), someone else's record, or nothing kept: no session to start from.
    expect(offlineSession(null, kept)).toBeNull();
    expect(offlineSession({ id: 8 }, kept)).toBeNull();
    expect(offlineSession({ id: 7 }, null)).toBeNull();
  });
});

describe("the entry dialog after sign-in (000 §4, §6)", () => {
  const cys = [{ code: "CY1" }, { code: "CY2" }];
  const home = [{ defaultBranch: true }, { defaultBranch: false }];
  const noDefault = [{ defaultBranch: false }];

  it("makes a DAT user without a CY choose one when there are CYs to choose from", () => {
    expect(entryDialogFor({ isDat: true, userCy: null, allCy: cys, branches: home })).toBe("cy");
    expect(entryDialogFor({ isDat: true, userCy: "", allCy: cys, branches: [] })).toBe("cy");
  });

  it("offers a DAT user who has a CY the choice between CY and branch", () => {
    expect(entryDialogFor({ isDat: true, userCy: "CY1", allCy: cys, branches: home })).toBe("options");
  });

  it("asks anybody else without a default branch for one, and leaves the rest alone", () => {
    expect(entryDialogFor({ isDat: false, userCy: null, allCy: cys, branches: noDefault })).toBe("branch");
    expect(entryDialogFor({ isDat: false, userCy: null, allCy: [], branches: [] })).toBe("branch");
    // A DAT role with no CYs to pick from is treated like any other user.
    expect(entryDialogFor({ isDat: true, userCy: null, allCy: [], branches: noDefault })).toBe("branch");
    expect(entryDialogFor({ isDat: true, userCy: null, allCy: [], branches: home })).toBeNull();
    expect(entryDialogFor({ isDat: false, userCy: null, allCy: cys, branches: home })).toBeNull();
  });

  it("opens Options To Choose from the branch button for DAT roles, Choose Branch for others", () => {
    expect(branchButtonDialog({ isDat: true })).toBe("options");
    expect(branchButtonDialog({ isDat: false })).toBe("branch");
  });
});

describe("the forced sign-out (000 §4, §8, §9)", () => {
  afterEach(() => vi.useRealTimers());

  it("shows the server's reason, falling back to the spec's text", () => {
    expect(unauthorizedNotice({ message: "User Changes: Please Login Again", errors: { "": [] } })).toBe("User Changes: Please Login Again");
    expect(unauthorizedNotice({ message: "Your session has ended. Please sign in again." })).toBe("Your session has ended. Please sign in again.");
    expect(unauthorizedNotice({ message: "  " })).toBe(USER_CHANGES_MESSAGE);
    // No session came with the call: the cookie went with a sign-out in another tab.
    expect(unauthorizedNotice({ message: "Sign in to continue.", errors: { "": [] } })).toBe(USER_CHANGES_MESSAGE);
    expect(unauthorizedNotice("<html>gateway</html>")).toBe(USER_CHANGES_MESSAGE);
    expect(unauthorizedNotice(null)).toBe(USER_CHANGES_MESSAGE);
  });

  it("shows one notice at once and signs out three seconds later, however many calls fail together", async () => {
    vi.useFakeTimers();
    const notices: string[] = [];
    const pending: boolean[] = [];
    let finished = 0;
    const scheduler = createSignOutScheduler({
      notice: (m) => notices.push(m),
      finish: () => void finished++,
      onPendingChange: (p) => pending.push(p),
    });
    expect(FORCED_SIGN_OUT_DELAY_MS).toBe(3000);

    expect(scheduler.trigger("User Changes: Please Login Again")).toBe(true);
    expect(scheduler.trigger("Your session has ended. Please sign in again.")).toBe(false);
    expect(notices).toEqual(["User Changes: Please Login Again"]);
    expect(scheduler.pending).toBe(true);

    await vi.advanceTimersByTimeAsync(2999);
    expect(finished).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(finished).toBe(1);
    expect(scheduler.pending).toBe(false);
    expect(pending).toEqual([true, false]);

    // The next session's end is announced again.
    expect(scheduler.trigger("User Changes: Please Login Again")).toBe(true);
    await vi.advanceTimersByTimeAsync(3000);
    expect(finished).toBe(2);
    expect(notices).toHaveLength(2);
  });

  it("drops a pending sign-out when the user signs out or in by other means meanwhile", async () => {
    vi.useFakeTimers();
    let finished = 0;
    const scheduler = createSignOutScheduler({ notice: () => {}, finish: () => void finished++ });
    scheduler.trigger("User Changes: Please Login Again");
    await vi.advanceTimersByTimeAsync(1000);
    scheduler.cancel();
    await vi.advanceTimersByTimeAsync(5000);
    expect(finished).toBe(0);
    expect(scheduler.pending).toBe(false);
  });

  it("ends the pending state even when finishing fails", async () => {
    vi.useFakeTimers();
    const scheduler = createSignOutScheduler({ notice: () => {}, finish: () => Promise.reject(new Error("offline")) });
    scheduler.trigger("x");
    await vi.advanceTimersByTimeAsync(3000);
    expect(scheduler.pending).toBe(false);
  });
});

describe("the stored local user record without IndexedDB (000 §3)", () => {
  const user = {
    id: 7, userId: "jdoe", name: "Juan", email: "j@example.com", roleId: "DAT", roleName: "DAT", isDat: true, darkMode: true,
    userCy: "CY1", userCyName: "North yard", branches: [{ id: 3, branchCode: "MNL", branchName: "Manila", defaultBranch: true }],
    allCy: [{ code: "CY1", name: "North yard" }], menus: [], capabilities: [], devicelogin: SIGNED_IN_AT, dateModified: "2026-03-01T00:00:00.000Z",
  } satisfies SessionUser;

  it("keeps the record in memory for the page, with the spec's fields and never a token", async () => {
    expect(await localStoreAvailable()).toBe(false);
    const withToken = { ...user, token: "secret.jwt.value" };
    await writeLocalUser({ ...userFields(withToken), devicelogin: SIGNED_IN_AT, entryDialogShown: false });
    const record = await readLocalUser();
    expect(record).toEqual({
      id: 7, darkMode: true, userCy: "CY1", userCyName: "North yard", branches: user.branches, allCy: user.allCy,
      devicelogin: SIGNED_IN_AT, entryDialogShown: false,
    });
    expect(JSON.stringify(record)).not.toContain("secret");

    await updateLocalUser(() => ({ entryDialogShown: true, darkMode: false }));
    expect(await readLocalUser()).toMatchObject({ entryDialogShown: true, darkMode: false, devicelogin: SIGNED_IN_AT });

    // Without IndexedDB the device keeps no session to start from offline.
    await keepSessionUser(user);
    expect(await keptSessionUser()).toBeNull();

    await clearLocalUser();
    expect(await readLocalUser()).toBeNull();
    // Nothing to change once signed out.
    expect(await updateLocalUser(() => ({ darkMode: true }))).toBeNull();
  });
});
