import { z } from "zod";
import { passwordSchema } from "../model/fields.ts";

export const loginBodySchema = z.object({
  username: z.string().trim().min(1, "required").max(254),
  password: z.string().min(1, "required").max(200),
  /** Which login history the attempt counts towards: the web front or the mobile app. */
  channel: z.enum(["front", "app"]).default("front"),
  /** The authenticator's 6-digit code, for accounts with two-factor sign-in (asked after `otp.required`). */
  otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "otp.format")
    .optional(),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const mapKeysSchema = z.record(z.string(), z.string());

export const loginResponseSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number(),
  mapKeys: mapKeysSchema,
  osmTilesUrl: z.string(),
  initTs: z.number(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const tokenResponseSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const passwordResetRequestSchema = z.object({ email: z.string().trim().min(1, "required").max(254) });

export const passwordSetBodySchema = z.object({ key: z.string().min(10).max(200), password: passwordSchema });

export const expiredPasswordChangeSchema = z
  .object({
    username: z.string().trim().min(1).max(254),
    oldPassword: z.string().min(1),
    password: passwordSchema,
  })
  .refine((v) => v.oldPassword !== v.password, { message: "password.sameAsOld", path: ["password"] });

export const currentPasswordChangeSchema = z
  .object({ oldPassword: z.string().min(1), password: passwordSchema })
  .refine((v) => v.oldPassword !== v.password, { message: "password.sameAsOld", path: ["password"] });

/** Claims carried by the access token. */
export interface AccessClaims {
  sub: string;
  role: string;
  site: number;
}
