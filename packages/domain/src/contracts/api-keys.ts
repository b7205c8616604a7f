import { z } from "zod";
import { defineRoute, idParam } from "../model/contract.ts";

/**
 * The roles an API key may act as: a read-only user, an operator or an administrator of the whole company (no
 * sub-administrator: a key belongs to no group).
 */
export const API_KEY_ROLES = ["READONLY", "OPERATOR", "ADMIN"] as const;
export type ApiKeyRole = (typeof API_KEY_ROLES)[number];

/** Every API key starts with this, so a Bearer credential is told from an access token at a glance. */
export const API_KEY_PREFIX = "vgk_";

export const apiKeySchema = z.object({
  id: z.number(),
  name: z.string(),
  prefix: z.string(),
  role: z.enum(API_KEY_ROLES),
  ip: z.string().nullable(),
  createdTs: z.number(),
  createdBy: z.string(),
  lastUsedTs: z.number().nullable(),
  lastUsedIp: z.string().nullable(),
  revokedTs: z.number().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

const ipRule = /^(\d{1,3}\.){3}\d{1,3}(\/\d{1,2})?$/;

export const apiKeyCreateSchema = z.object({
  name: z.string().trim().min(1, "required").max(80),
  role: z.enum(API_KEY_ROLES),
  /** An IPv4 address or CIDR network the key is accepted from; empty: anywhere. */
  ip: z
    .string()
    .trim()
    .max(43)
    .refine((v) => v === "" || ipRule.test(v), "ip.format")
    .default(""),
});
export type ApiKeyCreate = z.input<typeof apiKeyCreateSchema>;

const tags = ["api keys"] as const;

/** A company's API keys (administrators): the secret is answered once, at creation, and only its hash kept. */
export const apiKeysApi = {
  list: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/apikeys",
    access: "adminRead",
    summary: "The company's API keys (never their secrets)",
    tags,
    params: z.object({ companyId: idParam }),
    response: z.array(apiKeySchema),
  }),
  create: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/apikeys",
    access: "admin",
    summary: "Create an API key; the answer is the only time its secret is shown",
    tags,
    params: z.object({ companyId: idParam }),
    body: apiKeyCreateSchema,
    response: z.object({ key: apiKeySchema, secret: z.string() }),
  }),
  revoke: defineRoute({
    method: "DELETE",
    path: "/companies/id/:companyId/apikeys/id/:keyId",
    access: "admin",
    summary: "Revoke an API key: refused from the next request on",
    tags,
    params: z.object({ companyId: idParam, keyId: idParam }),
    response: null,
  }),
};
