import { z } from "zod";
import {
  expiredPasswordChangeSchema,
  loginBodySchema,
  loginResponseSchema,
  passwordResetRequestSchema,
  passwordSetBodySchema,
  tokenResponseSchema,
} from "../api/auth.ts";
import { defineRoute } from "../model/contract.ts";

const tags = ["auth"] as const;

/** Sign-in, token refresh, sign-out and password keys: the routes that need no access token. */
export const authApi = {
  login: defineRoute({
    method: "POST",
    path: "/auth/login",
    access: "public",
    summary: "Sign in with e-mail and password; opens a session",
    tags,
    body: loginBodySchema,
    response: loginResponseSchema,
  }),
  token: defineRoute({
    method: "GET",
    path: "/auth/token",
    access: "public",
    summary: "Rotate the refresh token (sent as the Bearer token) for a new token pair",
    tags,
    response: tokenResponseSchema,
  }),
  logout: defineRoute({
    method: "POST",
    path: "/auth/logout",
    access: "public",
    summary: "End the session of a refresh token; its access tokens stop working at once",
    tags,
    body: z.object({
      refreshToken: z.string().min(1).max(200),
      /** This browser's push subscription, dropped with the session so a signed-out browser gets no notices. */
      pushEndpoint: z.url().max(2000).optional(),
    }),
    response: null,
  }),
  passwordReset: defineRoute({
    method: "POST",
    path: "/auth/password/reset",
    access: "public",
    summary: "Mail a reset-password link (the same answer whether or not the address exists)",
    tags,
    body: passwordResetRequestSchema,
    response: null,
  }),
  passwordSet: defineRoute({
    method: "POST",
    path: "/auth/password/set",
    access: "public",
    summary: "Set the password with the key of a reset or create-password link",
    tags,
    body: passwordSetBodySchema,
    response: null,
  }),
  passwordExpired: defineRoute({
    method: "POST",
    path: "/auth/password/expired",
    access: "public",
    summary: "Replace an expired password with the old one",
    tags,
    body: expiredPasswordChangeSchema,
    response: null,
  }),
};
