/** What other features use of sign-in: the new-password fields with their live rule checks (profile). */
export { PasswordFields, passwordEntriesValid } from "./password-fields.tsx";
