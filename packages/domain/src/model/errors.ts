/** Error texts that are part of the API contract. */
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
  /** A company API key may not create keys nor change how people sign in: only a signed-in person may. */
  apiKeyForbidden: "apikey.forbidden",
  /** Another account (of any tenant) already has this e-mail. */
  emailExists: "email.exists",
  /**
   * An import row whose e-mail cannot be used, told only when the import is committed and the same whoever holds
   * it: a dry run must not reveal which addresses exist in other tenants.
   */
  emailUnavailable: "email.unavailable",
  deviceExists: "device.exists",
  /** A unique value taken, when no more precise code applies. */
  duplicate: "duplicate",
  referenceInvalid: "reference.invalid",
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

/**
 * The unique constraints a write can break, each answered with its domain code and the field it concerns, so
 * no database name ever reaches an answer. A constraint not listed answers `duplicate` with no field.
 */
export const UNIQUE_CONSTRAINT_ERRORS: Record<string, { code: string; field: string }> = {
  users_email_key: { code: API_ERROR.emailExists, field: "email" },
  devices_device_id_key: { code: API_ERROR.deviceExists, field: "deviceId" },
};

/** The client shows "This email already exists" for it. */
export const isDuplicateEmailError = (description: string): boolean => description === API_ERROR.emailExists;
