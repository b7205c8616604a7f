import { z } from "zod";
import { supportContactSchema } from "../api/company-load.ts";
import { defineRoute, idParam } from "../model/contract.ts";

/** A reseller's support contact with the companies whose help menu shows it (their `conf.supports`). */
export const supportAdminSchema = supportContactSchema.extend({ companyIds: z.array(z.number()) });
export type SupportAdmin = z.infer<typeof supportAdminSchema>;

const phone = z
  .string()
  .trim()
  .max(40)
  .refine((v) => v === "" || /^\+?[0-9 ()-]{5,}$/.test(v), "phone.format")
  .default("");

export const supportInputSchema = z.object({
  name: z.string().trim().min(1, "required").max(80),
  helpline: phone,
  email: z
    .string()
    .trim()
    .max(254)
    .refine((v) => v === "" || /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v), "email.format")
    .default(""),
  mobile: phone,
  whatsapp: phone,
  description: z.string().trim().max(500).default(""),
  companyIds: z.array(z.number().int().positive()).max(5000).default([]),
});
export type SupportInput = z.input<typeof supportInputSchema>;

const params = z.object({ resellerId: idParam });
const oneParams = z.object({ resellerId: idParam, supportId: idParam });
const tags = ["supports"] as const;

/** /supports: a reseller's support contacts and the companies each is assigned to. */
export const supportsApi = {
  list: defineRoute({
    method: "GET",
    path: "/resellers/id/:resellerId/supports/admin",
    access: "resellerRead",
    summary: "The reseller's support contacts with the companies each is assigned to",
    tags,
    params,
    response: z.array(supportAdminSchema),
  }),
  create: defineRoute({
    method: "POST",
    path: "/resellers/id/:resellerId/supports",
    access: "reseller",
    summary: "Add a support contact and assign it to companies",
    tags,
    params,
    body: supportInputSchema,
    response: supportAdminSchema,
  }),
  update: defineRoute({
    method: "PUT",
    path: "/resellers/id/:resellerId/supports/id/:supportId",
    access: "reseller",
    summary: "Change a support contact and the companies it is assigned to",
    tags,
    params: oneParams,
    body: supportInputSchema,
    response: supportAdminSchema,
  }),
  remove: defineRoute({
    method: "DELETE",
    path: "/resellers/id/:resellerId/supports/id/:supportId",
    access: "reseller",
    summary: "Delete a support contact (it leaves every company's help menu)",
    tags,
    params: oneParams,
    response: null,
  }),
  uploadPhoto: defineRoute({
    method: "POST",
    path: "/resellers/id/:resellerId/supports/id/:supportId/photo",
    access: "reseller",
    summary:
      "Set the contact's photo (raw image body, JPEG/PNG/WebP/GIF, at most 2 MB); replaces the old one",
    tags,
    params: oneParams,
    query: z.object({ name: z.string().max(500).default("photo") }),
    response: supportAdminSchema,
  }),
  removePhoto: defineRoute({
    method: "DELETE",
    path: "/resellers/id/:resellerId/supports/id/:supportId/photo",
    access: "reseller",
    summary: "Remove the contact's photo",
    tags,
    params: oneParams,
    response: supportAdminSchema,
  }),
  photo: defineRoute({
    method: "GET",
    path: "/support-photos/:fileId/:token",
    access: "public",
    summary: "A support contact's photo, by the link the contact carries (shown in the companies' help menu)",
    tags,
    params: z.object({ fileId: idParam, token: z.string().regex(/^[0-9a-f-]{36}$/) }),
    response: z.string().describe("the image's bytes"),
  }),
};
