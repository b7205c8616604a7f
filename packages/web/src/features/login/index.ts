/** What other features use of sign-in: the new-password fields with their live rule checks (profile). */
export { PasswordFields, useNewPassword } from "./password-fields.tsx";
