import { z } from "zod";
import { dateModifiedField, INT4_MAX } from "../../shared/contracts.ts";
import { CAPABILITY_IDS, MENU_IDS } from "../../shared/permissions.ts";
import { newPassword } from "./password-policy.ts";

const userIdField = z.string({ error: "userId is required" }).trim().min(3, "userId must have at least 3 characters")
  .max(50, "userId can be at most 50 characters")
  .regex(/^[A-Za-z0-9._@-]+$/, "userId may contain only letters, digits, '.', '_', '@' and '-'");

const cyCode = z.string().trim().min(1, "CY code is required").max(20, "CY code can be at most 20 characters");

/** A branch of the user as the client sends it: the branch's id and whether it is the default. */
export const userBranchInput = z.object({
  id: z.number({ error: "branch id must be a number" }).int().positive("branch id must be positive").max(INT4_MAX, "No branch has this id"),
  defaultBranch: z.boolean({ error: "defaultBranch must be true or false" }).default(false),
});

const branchesField = z.array(userBranchInput).max(100, "A user can have at most 100 branches").default([])
  .superRefine((list, ctx) => {
    const defaults = list.filter((b) => b.defaultBranch).length;
    if (list.length > 0 && defaults !== 1) {
      ctx.addIssue({ code: "custom", message: "Exactly one branch must be the default" });
    }
    if (new Set(list.map((b) => b.id)).size !== list.length) ctx.addIssue({ code: "custom", message: "A branch is listed twice" });
  });

/** The user fields an administrator edits (000 §3). The role is given by its roleId code. */
export const userInput = z.object({
  userId: userIdField,
  name: z.string({ error: "name is required" }).trim().min(1, "name is required").max(120, "name can be at most 120 characters"),
  email: z.email({ error: "email must be a valid address" }).trim().max(200, "email can be at most 200 characters"),
  roleId: z.string({ error: "roleId is required" }).trim().min(1, "roleId is required").max(20),
  branches: branchesField,
  /** Codes of the container yards the user may choose from. */
  allCy: z.array(cyCode).max(100, "A user can have at most 100 CYs").default([]),
  userCy: cyCode.nullable().optional(),
}).superRefine((user, ctx) => {
  if (user.userCy && !user.allCy.includes(user.userCy)) {
    ctx.addIssue({ code: "custom", path: ["userCy"], message: "userCy must be one of the user's CYs (allCy)" });
  }
});
export type UserInput = z.input<typeof userInput>;

/** POST /users/multipleInsert: an array of users (the screen sends one), written all or none. */
export const multipleInsertBody = z.array(userInput).min(1, "Send at least one user").max(100, "At most 100 users at once");

export const userUpdateBody = userInput.and(z.object({ dateModified: dateModifiedField, isActive: z.boolean().optional() }));

export const userRow = z.object({
  id: z.number(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  isDat: z.boolean(),
  isActive: z.boolean(),
  darkMode: z.boolean(),
  branches: z.array(z.object({ id: z.number(), branchCode: z.string(), branchName: z.string(), defaultBranch: z.boolean() })),
  userCy: z.string().nullable(),
  userCyName: z.string().nullable(),
  allCy: z.array(z.object({ code: z.string(), name: z.string() })),
  /** True once the user has set a password through the set-up link. */
  hasPassword: z.boolean(),
  devicelogin: z.string().nullable(),
  userCreated: z.string().nullable(),
  userModified: z.string().nullable(),
  dateCreated: z.string(),
  dateModified: z.string(),
});
export type User = z.infer<typeof userRow>;

export const EMAIL_TEMPLATES = ["setup", "reset", "generic"] as const;
export const sendEmailQuery = z.object({
  template: z.enum(EMAIL_TEMPLATES, { error: `template must be one of ${EMAIL_TEMPLATES.join(", ")}` }).default("setup"),
});
/** Optional content for the generic template. */
export const sendEmailBody = z.object({
  subject: z.string().trim().min(1).max(200).optional(),
  message: z.string().trim().min(1).max(5000).optional(),
}).optional();

export const setupParams = z.object({ userId: userIdField });
export const setupBody = z.object({
  token: z.string({ error: "token is required" }).trim().min(20, "The link is not valid").max(200, "The link is not valid"),
  password: newPassword,
});

export const resetRequestBody = z.object({ userId: z.string({ error: "userId is required" }).trim().min(1, "userId is required").max(50) });

export const helpSupportBody = z.object({
  subject: z.string().trim().max(200, "subject can be at most 200 characters").default("Help and support"),
  message: z.string({ error: "message is required" }).trim().min(1, "message is required").max(5000, "message can be at most 5000 characters"),
});

export const changePasswordQuery = z.object({
  oldPass: z.string({ error: "oldPass is required" }).min(1, "oldPass is required").max(200),
  password: newPassword,
});
export const adminPasswordQuery = z.object({ password: newPassword });
export const userIdParams = z.object({ userId: userIdField });

export const updateUserCyBody = z.object({
  userCy: cyCode.nullable(),
  userModified: z.string().trim().max(50).optional(),
});
export const updateUserBranchBody = z.object({
  id: z.number({ error: "Error: ID not found! Please try to re-Login and try again." }).int().positive().max(INT4_MAX, "No branch has this id"),
  defaultBranch: z.boolean().default(true),
});
export const darkModeBody = z.object({ darkMode: z.boolean({ error: "darkMode must be true or false" }) });

/** The user's own profile edit (/myAccount/edit/{id}): only what a user may change about themselves. */
export const profileBody = z.object({
  name: z.string({ error: "name is required" }).trim().min(1, "name is required").max(120),
  email: z.email({ error: "email must be a valid address" }).trim().max(200),
  dateModified: dateModifiedField,
});

export const USER_MESSAGES = {
  added: "User added successfully",
  updated: "User updated successfully",
  deleted: "User deleted successfully",
  activated: "User activated successfully",
  deactivated: "User deactivated successfully",
  setup: "Congratulations! You successfully setup your account. You can now login.",
  emailSent: "Email was sent successfully",
  helpSent: "Message successfully sent!",
  passwordChanged: "User Change Password successfully",
  cyUpdated: "User CY Updated successfully",
  branchUpdated: "User Branch Updated successfully",
  /** Same answer whether or not the user id exists. */
  resetRequested: "If that user id has an account with an email address, a reset link is on its way.",
  sessionChanged: "User Changes: Please Login Again",
} as const;

/**
 * PUT /Users/updateUserCy/{id} as the server reads it: an empty or missing CY is answered with the screen's
 * own alert text ('Error: CY is Empty') by the service rather than a generic field message.
 */
export const userCyBody = z.object({
  userCy: z.string({ error: "userCy must be a CY code" }).trim().max(20, "CY code can be at most 20 characters").nullable().optional(),
  userModified: z.string().trim().max(50).optional(),
});

export const userListResult = z.object({ data: z.array(userRow), total: z.number(), message: z.string().optional() });
export const userWriteResult = z.object({ data: userRow, message: z.string() });
export const usersWriteResult = z.object({ data: z.array(userRow), message: z.string() });
export const messageResult = z.object({ message: z.string() });
export const changePasswordResult = z.object({ data: z.object({ token: z.string() }), message: z.string() });

/** A signed-in user as the web app keeps it (000 §3 User, without secrets). */
export const sessionUser = z.object({
  id: z.number(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  isDat: z.boolean(),
  darkMode: z.boolean(),
  userCy: z.string().nullable(),
  userCyName: z.string().nullable(),
  branches: z.array(z.object({ id: z.number(), branchCode: z.string(), branchName: z.string(), defaultBranch: z.boolean() })),
  allCy: z.array(z.object({ code: z.string(), name: z.string() })),
  menus: z.array(z.enum(MENU_IDS)),
  capabilities: z.array(z.enum(CAPABILITY_IDS)),
  devicelogin: z.string().nullable(),
  dateModified: z.string(),
});
export type SessionUser = z.infer<typeof sessionUser>;
