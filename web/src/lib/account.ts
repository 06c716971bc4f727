import { api } from "./api.ts";
import { fetchSessionUser, ownChange } from "./auth.ts";
import type { SessionUser } from "./session.ts";

/**
 * Calls about the signed-in user's own account (000 §7 Users). The ones that change the user go through
 * ownChange, so this device's own edits never look like an administrator's.
 */

interface UserAnswer {
  data: SessionUser;
  message: string;
}

const answerUser = (result: UserAnswer) => result.data;

/** The page reloads after a CY or branch change (000 §8), so the answer only re-stamps the stored record. */
const reloadFollows = { reloadFollows: true };

export const updateUserCy = (user: SessionUser, userCy: string) =>
  ownChange(() => api.put<UserAnswer>(`/Users/updateUserCy/${user.id}`, { userCy, userModified: user.userId }), answerUser, reloadFollows);

export const updateUserBranch = (user: SessionUser, branchId: number) =>
  ownChange(() => api.put<UserAnswer>(`/Users/updateUserBranch/${user.id}`, { id: branchId, defaultBranch: true }), answerUser, reloadFollows);

export const updateDarkMode = (user: SessionUser, darkMode: boolean) =>
  ownChange(() => api.put<UserAnswer>(`/Users/updateDarkMode/${user.id}`, { darkMode }), answerUser);

export const updateProfile = (user: SessionUser, input: { name: string; email: string }) =>
  ownChange(
    () => api.put<UserAnswer>(`/users/profile/${user.id}`, { ...input, dateModified: user.dateModified }),
    answerUser,
  );

/** The answer holds only the new token (also set as the cookie); the changed user is read back. */
export const changePassword = (user: SessionUser, oldPass: string, password: string) =>
  ownChange(
    () => api.put<{ data: { token?: string }; message: string }>(`/Users/changePassword/${user.userId}`, undefined, { query: { oldPass, password } }),
    () => fetchSessionUser(),
  );

export const sendHelpSupport = (input: { subject: string; message: string }) =>
  api.post<{ message: string }>("/users/HelpSupport", input);

/** Account set-up from the emailed link; the visitor is signed out, so a 401 is only an answer. */
export const setupAccount = (userId: string, token: string, password: string) =>
  api.post<{ message: string }>(`/users/setup/${encodeURIComponent(userId)}`, { token, password }, { signOutOnUnauthorized: false });

export const requestPasswordReset = (userId: string) =>
  api.post<{ message: string }>("/users/requestPasswordReset", { userId }, { signOutOnUnauthorized: false });
