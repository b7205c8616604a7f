import { API_ERROR, parseExpiredPassword } from "@vigia/domain";
import { ApiError } from "../../platform/api/client.ts";

/** What the sign-in screen does with a failed login call. */
export type LoginFailure =
  | { kind: "expired"; days: number }
  | { kind: "message"; key: "login.wrongCredentials" | "login.tooManyTries" }
  | { kind: "restricted" }
  /** The password was right: the account asks for its authenticator code, or must set one up first. */
  | { kind: "otp"; step: "code" | "setup"; invalid: boolean }
  | { kind: "alert"; error: ApiError | Error };

export function classifyLoginError(error: unknown): LoginFailure {
  if (!(error instanceof ApiError))
    return { kind: "alert", error: error instanceof Error ? error : new Error(String(error)) };
  if (error.code === "restricted") return { kind: "restricted" };
  const days = parseExpiredPassword(error.description);
  if (days !== null) return { kind: "expired", days };
  if (error.description === API_ERROR.otpRequired) return { kind: "otp", step: "code", invalid: false };
  if (error.description === API_ERROR.otpSetupRequired) return { kind: "otp", step: "setup", invalid: false };
  if (error.description === API_ERROR.otpInvalid) return { kind: "otp", step: "code", invalid: true };
  if (error.status === 401) return { kind: "message", key: "login.wrongCredentials" };
  if (error.status === 429) return { kind: "message", key: "login.tooManyTries" };
  return { kind: "alert", error };
}
