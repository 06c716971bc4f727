/**
 * Actions written to the audit log; one word each so the log can be filtered. This file imports nothing, so the
 * web app's filter offers the same words the services write.
 */
export const AUDIT_ACTIONS = [
  "SIGN_IN", "SIGN_IN_FAILED", "SIGN_IN_LOCKED", "ACCOUNT_LOCKED", "LOG_OUT", "PERMISSION_DENIED",
  "ADDRESS_BLOCKED", "SIGN_IN_THROTTLED",
  "USER_CREATED", "USER_UPDATED", "USER_DELETED", "USER_ACTIVATED", "USER_DEACTIVATED", "USER_ROLE_CHANGED",
  "USER_PASSWORD_SET", "USER_PASSWORD_CHANGED", "USER_PASSWORD_RESET_BY_ADMIN", "USER_RESET_REQUESTED", "USER_EMAIL_SENT",
  "USER_BRANCH_CHANGED", "USER_CY_CHANGED", "USER_PROFILE_UPDATED",
  "ROLE_CREATED", "ROLE_UPDATED", "ROLE_DELETED", "ROLE_ACTIVATED", "ROLE_DEACTIVATED",
  "EMAIL_RETRIED",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
