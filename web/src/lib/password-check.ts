/** The client's own checks of a new password; the server still judges it (common passwords, its user id). */
export const PASSWORD_MIN_LENGTH = 8;

export interface PasswordErrors {
  password?: string;
  confirm?: string;
}

export function checkNewPassword(password: string, confirm: string): PasswordErrors {
  const errors: PasswordErrors = {};
  if (password.length < PASSWORD_MIN_LENGTH) errors.password = `Password must have at least ${PASSWORD_MIN_LENGTH} characters`;
  if (confirm !== password) errors.confirm = "The two passwords do not match";
  return errors;
}
