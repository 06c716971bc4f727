import { passwordProblem } from "../../../api/modules/users/password-policy.ts";

export interface PasswordErrors {
  password?: string;
  confirm?: string;
}

/** The client's own check of a new password: the server's rules, so a refusal costs no round trip. The server still judges. */
export function checkNewPassword(password: string, confirm: string): PasswordErrors {
  const errors: PasswordErrors = {};
  const problem = passwordProblem(password);
  if (problem) errors.password = problem;
  if (confirm !== password) errors.confirm = "The two passwords do not match";
  return errors;
}
