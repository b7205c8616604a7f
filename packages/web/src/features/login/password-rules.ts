import { passwordChangeSchema } from "@vigia/domain";

/** The rule keys of the domain password schemas, in display order. */
export const PASSWORD_RULES = [
  "password.tooShort",
  "password.needsDigit",
  "password.needsLower",
  "password.needsUpper",
  "password.mismatch",
  "password.sameAsOld",
] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

/** Which rules the entries break, read from the domain schema so web and server agree. */
export function brokenPasswordRules(entries: {
  oldPassword?: string;
  password: string;
  repeatPassword: string;
}): Set<string> {
  const result = passwordChangeSchema.safeParse(entries);
  return new Set(result.success ? [] : result.error.issues.map((issue) => issue.message));
}
