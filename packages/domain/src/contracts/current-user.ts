import { z } from "zod";
import { currentPasswordChangeSchema } from "../api/auth.ts";
import { defineRoute } from "../model/contract.ts";
import { profileUpdateSchema, userSchema } from "../model/users.ts";

const tags = ["current user"] as const;

/** The signed-in user's own record, profile, password and company selection. */
export const currentUserApi = {
  get: defineRoute({
    method: "GET",
    path: "/current/user",
    access: "user",
    summary: "The signed-in user",
    tags,
    response: userSchema,
  }),
  update: defineRoute({
    method: "PUT",
    path: "/current/user",
    access: "user",
    summary: "Update the signed-in user's own profile",
    tags,
    body: profileUpdateSchema,
    response: userSchema,
  }),
  changePassword: defineRoute({
    method: "PUT",
    path: "/current/user/password",
    access: "user",
    summary: "Change the own password with the current one",
    tags,
    body: currentPasswordChangeSchema,
    response: null,
  }),
  selectCompany: defineRoute({
    method: "PUT",
    path: "/current/user/companies/id/:companyId",
    access: "user",
    summary: "Select the company a reseller-level user works in (0: none)",
    tags,
    // 0 clears the selection, so this id may be zero; still a 32-bit integer, so never a 500.
    params: z.object({ companyId: z.coerce.number().int().min(0).max(2_147_483_647) }),
    response: userSchema,
  }),
};
