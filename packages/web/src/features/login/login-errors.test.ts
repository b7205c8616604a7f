import { describe, expect, it } from "vitest";
import { ApiError } from "../../platform/api/client.ts";
import { classifyLoginError } from "./login-errors.ts";

const error = (status: number, description: string) =>
  new ApiError(status, JSON.stringify({ description }), "/fr/v1/auth/login", description);

describe("sign-in answers with two-step sign-in", () => {
  it.each([
    ["otp.required", { kind: "otp", step: "code", invalid: false }],
    ["otp.setup", { kind: "otp", step: "setup", invalid: false }],
    ["otp.invalid", { kind: "otp", step: "code", invalid: true }],
    ["wrong.credentials", { kind: "message", key: "login.wrongCredentials" }],
  ])("%s → %o", (description, expected) => {
    expect(classifyLoginError(error(401, description))).toEqual(expected);
  });
});
