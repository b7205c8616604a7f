import { z } from "zod";
import { defineRoute, idParam } from "../model/contract.ts";

/** A new authenticator secret and the otpauth:// URI its QR code carries; shown once, at set-up. */
export const otpEnrolmentSchema = z.object({ secret: z.string(), uri: z.string() });
export type OtpEnrolment = z.infer<typeof otpEnrolmentSchema>;

export const otpStatusSchema = z.object({
  enabled: z.boolean(),
  /** The user's company or reseller enforces it: it cannot be turned off. */
  required: z.boolean(),
});
export type OtpStatus = z.infer<typeof otpStatusSchema>;

export const otpCodeSchema = z.object({
  otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "otp.format"),
});

const tags = ["two-factor"] as const;

/** Two-factor sign-in (TOTP): set-up before sign-in when enforced, and the user's own switch. */
export const twoFactorApi = {
  setupAtLogin: defineRoute({
    method: "POST",
    path: "/auth/otp/setup",
    access: "public",
    summary: "With the right password, start the authenticator set-up an enforced account needs to sign in",
    tags,
    body: z.object({
      username: z.string().trim().min(1, "required").max(254),
      password: z.string().min(1, "required").max(200),
    }),
    response: otpEnrolmentSchema,
  }),
  status: defineRoute({
    method: "GET",
    path: "/current/user/otp",
    access: "user",
    summary: "Whether the signed-in user signs in with an authenticator code",
    tags,
    response: otpStatusSchema,
  }),
  setup: defineRoute({
    method: "POST",
    path: "/current/user/otp",
    access: "user",
    summary: "Start setting up an authenticator (a new pending secret)",
    tags,
    response: otpEnrolmentSchema,
  }),
  enable: defineRoute({
    method: "POST",
    path: "/current/user/otp/enable",
    access: "user",
    summary: "Turn two-factor sign-in on with a first code of the pending secret",
    tags,
    body: otpCodeSchema,
    response: otpStatusSchema,
  }),
  disable: defineRoute({
    method: "POST",
    path: "/current/user/otp/disable",
    access: "user",
    summary: "Turn two-factor sign-in off with a current code (refused when enforced)",
    tags,
    body: otpCodeSchema,
    response: otpStatusSchema,
  }),
  companyPolicy: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/otp",
    access: "adminRead",
    summary: "Whether the company enforces two-factor sign-in for its users",
    tags,
    params: z.object({ companyId: idParam }),
    response: z.object({ required: z.boolean() }),
  }),
  setCompanyPolicy: defineRoute({
    method: "PUT",
    path: "/companies/id/:companyId/otp",
    access: "admin",
    summary: "Enforce (or not) two-factor sign-in for every user of the company",
    tags,
    params: z.object({ companyId: idParam }),
    body: z.object({ required: z.boolean() }),
    response: z.object({ required: z.boolean() }),
  }),
  resellerPolicy: defineRoute({
    method: "GET",
    path: "/resellers/id/:resellerId/otp",
    access: "resellerRead",
    summary: "Whether the reseller enforces two-factor sign-in for its staff and every user of its companies",
    tags,
    params: z.object({ resellerId: idParam }),
    response: z.object({ required: z.boolean() }),
  }),
  setResellerPolicy: defineRoute({
    method: "PUT",
    path: "/resellers/id/:resellerId/otp",
    access: "reseller",
    summary: "Enforce (or not) two-factor sign-in for the reseller's staff and every user of its companies",
    tags,
    params: z.object({ resellerId: idParam }),
    body: z.object({ required: z.boolean() }),
    response: z.object({ required: z.boolean() }),
  }),
};
