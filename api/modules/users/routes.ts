import type { Context } from "hono";
import { z } from "zod";
import { attemptLimit } from "../../http/rate-limit.ts";
import { route, type RouteDef } from "../../http/route.ts";
import type { AppConfig } from "../../http/config.ts";
import { validationError } from "../../http/errors.ts";
import { clientAddress, linkBase } from "../../http/security.ts";
import { activationQuery, deleteBody, idParam, listQuery } from "../../shared/contracts.ts";
import { AppError } from "../../shared/errors.ts";
import { adminSetPassword, type RequestContext, requestPasswordReset, sendUserEmail, setupAccount } from "./account.ts";
import {
  adminPasswordQuery,
  darkModeBody,
  helpSupportBody,
  messageResult,
  multipleInsertBody,
  profileBody,
  resetRequestBody,
  sendEmailBody,
  sendEmailQuery,
  setupBody,
  setupParams,
  updateUserBranchBody,
  userCyBody,
  sessionUser,
  userIdParams,
  userListResult,
  userUpdateBody,
  usersWriteResult,
  userWriteResult,
} from "./schemas.ts";
import {
  createUsers,
  deleteUsers,
  getUser,
  loadUsers,
  sendHelpMessage,
  setActivation,
  updateDarkMode,
  updateProfile,
  updateUser,
  updateUserBranch,
  updateUserCy,
} from "./service.ts";

const tag = "Users";
const sessionWriteResult = z.object({ data: sessionUser, message: z.string() });

function requestContext(c: Context, config: AppConfig): RequestContext {
  return { linkBase: linkBase(c, config), address: clientAddress(c) };
}

/** The optional JSON body of sendEmail: the screen may post without one, so it is read here, not by the router. */
async function optionalEmailContent(c: Context): Promise<z.output<typeof sendEmailBody>> {
  const text = await c.req.text();
  if (!text.trim()) return undefined;
  const type = (c.req.header("content-type") ?? "").split(";")[0].trim();
  if (!/^application\/([\w.-]+\+)?json$/i.test(type)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the request body as JSON (Content-Type: application/json).");
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError("VALIDATION", "The request body is not valid JSON.");
  }
  const parsed = sendEmailBody.safeParse(value);
  if (!parsed.success) throw validationError(parsed.error, "body");
  return parsed.data;
}

/** Reset requests send email to a real mailbox, so one address may ask for one user id only a few times. */
const limitResetRequests = attemptLimit(5, 15 * 60 * 1000, "Too many reset requests for this user id. Wait a few minutes and try again.");

// Fixed paths (/users/load, /users/delete, ...) come before /users/{id}: the first route that matches answers.
export const userRoutes: RouteDef[] = [
  route({
    method: "get", path: "/users/load", permission: "SYSTEMACCOUNT", tag, query: listQuery,
    summary: "A page of users; filter IsActive, IsInactive or All; search on user id, name, email and role name",
    response: userListResult,
  }, ({ deps, query }) => loadUsers(deps.db, query)),

  route({
    method: "post", path: "/users/multipleInsert", permission: "SYSTEMACCOUNT", tag, body: multipleInsertBody, status: 201,
    summary: "Create users (all or none); each gets a set-up link by email", response: usersWriteResult,
  }, ({ c, deps, body, caller }) => createUsers(deps.db, body, caller, requestContext(c, deps.config))),

  route({
    method: "put", path: "/users/update/{id}", permission: "SYSTEMACCOUNT", tag, params: idParam, body: userUpdateBody,
    summary: "Update a user with the dateModified you loaded; the user signs in again", response: userWriteResult,
  }, ({ c, deps, params, body, caller }) => updateUser(deps.db, params.id, body, caller, clientAddress(c))),

  route({
    method: "delete", path: "/users/delete", permission: "SYSTEMACCOUNT", tag, body: deleteBody,
    summary: "Delete users by id, all or none", response: z.object({ data: z.object({ ids: z.array(z.number()) }), message: z.string() }),
  }, ({ c, deps, body, caller }) => deleteUsers(deps.db, body, caller, clientAddress(c))),

  route({
    method: "put", path: "/users/activation/{id}", permission: "SYSTEMACCOUNT", tag, params: idParam, query: activationQuery,
    summary: "Activate or deactivate a user; a deactivated user is signed out", response: userWriteResult,
  }, ({ c, deps, params, query, caller }) => setActivation(deps.db, params.id, query.isActive, caller, clientAddress(c))),

  route({
    method: "post", path: "/users/setup/{userId}", permission: "public", tag, params: setupParams, body: setupBody,
    summary: "Choose a password with a set-up or reset link (single use, expiring)", response: messageResult,
  }, ({ c, deps, params, body }) => setupAccount(deps.db, params.userId, body, clientAddress(c))),

  route({
    method: "post", path: "/users/requestPasswordReset", permission: "public", tag, body: resetRequestBody, errors: [429],
    summary: "Email a reset link; answers the same whether or not the user id exists", response: messageResult,
  }, ({ c, deps, body }) => {
    limitResetRequests(deps, `${clientAddress(c)}|${body.userId.toLowerCase()}`);
    return requestPasswordReset(deps.db, body, requestContext(c, deps.config));
  }),

  route({
    method: "post", path: "/Users/sendEmail/{id}", permission: "SYSTEMACCOUNT", tag, params: idParam, query: sendEmailQuery,
    summary: "Queue a set-up link, a reset link or a message (template=generic, body {subject, message}) for a user",
    response: messageResult,
  }, async ({ c, deps, params, query, caller }) => {
    const content = await optionalEmailContent(c);
    return sendUserEmail(deps.db, caller, params.id, query.template, content, requestContext(c, deps.config));
  }),

  route({
    method: "post", path: "/users/HelpSupport", permission: "authenticated", tag, body: helpSupportBody,
    summary: "Send a help message to the support mailbox", response: messageResult,
  }, ({ c, deps, body, caller }) => sendHelpMessage(deps.db, caller, body, deps.config.supportEmail, clientAddress(c))),

  route({
    method: "put", path: "/Users/ChangePasswordAdmin/{userId}", permission: "SYSTEMACCOUNT", tag, params: userIdParams, query: adminPasswordQuery,
    summary: "Set a user's password; the user is signed out everywhere", response: messageResult,
  }, ({ c, deps, params, query, caller }) => adminSetPassword(deps.db, caller, params.userId, query.password, clientAddress(c))),

  route({
    method: "put", path: "/Users/updateUserCy/{id}", permission: "authenticated", tag, params: idParam, body: userCyBody,
    summary: "Choose the CY you work at (one of your CYs)", response: sessionWriteResult,
  }, ({ c, deps, params, body, caller }) => updateUserCy(deps.db, params.id, body, caller, clientAddress(c))),

  route({
    method: "put", path: "/Users/updateUserBranch/{id}", permission: "authenticated", tag, params: idParam, body: updateUserBranchBody,
    summary: "Make a branch your single default branch", response: sessionWriteResult,
  }, ({ c, deps, params, body, caller }) => updateUserBranch(deps.db, params.id, body, caller, clientAddress(c))),

  route({
    method: "put", path: "/Users/updateDarkMode/{id}", permission: "authenticated", tag, params: idParam, body: darkModeBody,
    summary: "Save your dark mode choice", response: sessionWriteResult,
  }, ({ c, deps, params, body, caller }) => updateDarkMode(deps.db, params.id, body.darkMode, caller, clientAddress(c))),

  route({
    method: "put", path: "/users/profile/{id}", permission: "authenticated", tag, params: idParam, body: profileBody,
    summary: "Edit your own name and email", response: sessionWriteResult,
  }, ({ c, deps, params, body, caller }) => updateProfile(deps.db, params.id, body, caller, clientAddress(c))),

  route({
    method: "get", path: "/users/{id}", permission: "authenticated", tag, params: idParam,
    summary: "One user: yourself, or anyone with System Account", response: userWriteResult.omit({ message: true }),
  }, ({ deps, params, caller }) => getUser(deps.db, caller, params.id)),
];
