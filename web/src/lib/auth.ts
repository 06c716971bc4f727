import { navigate } from "wouter/use-browser-location";
import { api, ApiError } from "./api.ts";
import { resetLeaveGuard } from "./leave-guard.ts";
import { notify } from "./notify.ts";
import { type SessionUser, sessionAtom, store } from "./session.ts";

/** The name the version endpoint knows this client by. */
export const SYSTEM_NAME = "lading-web";

interface AuthenticateResult {
  data: (SessionUser & { token?: string })[];
  message: string;
}

export async function signIn(userId: string, password: string): Promise<SessionUser> {
  const result = await api.post<AuthenticateResult>("/users/authenticate", { userId, password }, { signOutOnUnauthorized: false });
  const found = result.data.find((item) => item.token);
  if (!found) throw new Error("The server answered without a session. Please try again.");
  // The token also travels in the HttpOnly cookie; keeping a copy where scripts can read it would defeat that.
  const { token: _token, ...user } = found;
  store.set(sessionAtom, user);
  return user;
}

export async function signOut(): Promise<void> {
  try {
    const result = await api.post<{ message: string }>("/Users/logOut", undefined, { signOutOnUnauthorized: false });
    notify.success(result.message);
  } catch (error) {
    // Already signed out on the server (401) is the outcome we wanted; anything else is still shown.
    if (!(error instanceof ApiError && error.status === 401)) notify.error((error as Error).message);
  }
  resetLeaveGuard();
  store.set(sessionAtom, null);
  navigate("/signin", { replace: true });
}

/** Who is signed in, from the cookie; null when nobody is (or the server cannot say). */
export async function probeSession(): Promise<SessionUser | null> {
  try {
    const result = await api.get<{ data: SessionUser }>("/users/session", undefined, { signOutOnUnauthorized: false });
    return result.data;
  } catch {
    return null;
  }
}

export async function fetchServerVersion(): Promise<string | null> {
  try {
    const result = await api.get<{ data: { version: string } }>(`/Users/getCurrentSystemVersion/${SYSTEM_NAME}`, undefined, {
      signOutOnUnauthorized: false,
    });
    return result.data.version;
  } catch {
    return null;
  }
}
