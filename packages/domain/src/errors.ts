/** Error texts that are part of the API contract (spec 01 §8, design.md). */
export const API_ERROR = {
  restrictionTimeRange: "restriction.timerange",
  restrictionFromIp: "restriction.fromip",
  tooManyTries: "too many tries",
  personAlreadyAssigned: "personId.already.asigned",
  wrongCredentials: "wrong.credentials",
  searchTooExtensive: "search.too.extensive",
  forbidden: "forbidden",
  notFound: "not.found",
  readOnly: "read.only",
  companyBlocked: "company.blocked",
  invalidKey: "invalid.key",
  samePassword: "same.password",
  /** The password was right; the account asks for its authenticator code as well. */
  otpRequired: "otp.required",
  /** The password was right; the account must set up an authenticator before it signs in (enforced). */
  otpSetupRequired: "otp.setup",
  otpInvalid: "otp.invalid",
  /** The company or reseller enforces two-factor sign-in: it cannot be turned off. */
  otpEnforced: "otp.enforced",
} as const;

export const expiredPasswordDescription = (days: number): string => `expired.password;days:${days}`;

/** Reads N out of a description containing `expired.password;days:N`. */
export function parseExpiredPassword(description: string): number | null {
  const match = /expired\.password;days:(\d+)/.exec(description);
  return match ? Number(match[1]) : null;
}

/** The JSON body of every API error. */
export interface ApiErrorBody {
  statusCode: number;
  error: string;
  description: string;
  fields?: Record<string, string>;
}

/** The unique constraint on user e-mails; the client shows "This email already exists" for it. */
export const USERS_EMAIL_CONSTRAINT = "users_email_key";
export const isDuplicateEmailError = (description: string): boolean =>
  description.includes("duplicate key") && description.includes(USERS_EMAIL_CONSTRAINT);
