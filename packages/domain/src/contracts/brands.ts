import { z } from "zod";
import { brandImageSchema, brandSchema, brandWriteSchema } from "../model/brands.ts";
import { defineRoute, idParam } from "../model/contract.ts";

const params = z.object({ resellerId: idParam });
const oneParams = z.object({ resellerId: idParam, brandId: idParam });
const tags = ["brands"] as const;

/**
 * /branding: the brands (white labels) of a reseller's subtree; a super reseller sees and edits every brand,
 * the platform's own included.
 */
export const brandsApi = {
  list: defineRoute({
    method: "GET",
    path: "/resellers/id/:resellerId/brands",
    access: "resellerRead",
    summary: "Brands managed by the reseller and its sub-resellers (super reseller: every brand)",
    tags,
    params,
    response: z.array(brandSchema),
  }),
  get: defineRoute({
    method: "GET",
    path: "/resellers/id/:resellerId/brands/id/:brandId",
    access: "resellerRead",
    summary: "One brand of the reseller's subtree",
    tags,
    params: oneParams,
    response: brandSchema,
  }),
  create: defineRoute({
    method: "POST",
    path: "/resellers/id/:resellerId/brands",
    access: "reseller",
    summary:
      "Create a brand managed by the reseller; its first brand becomes the one its companies (and sub-resellers without their own) carry",
    tags,
    params,
    body: brandWriteSchema,
    response: brandSchema,
  }),
  update: defineRoute({
    method: "PUT",
    path: "/resellers/id/:resellerId/brands/id/:brandId",
    access: "reseller",
    summary: "Change a brand (host names are unique across brands: 409 brand.hostTaken on field hosts)",
    tags,
    params: oneParams,
    body: brandWriteSchema,
    response: brandSchema,
  }),
  remove: defineRoute({
    method: "DELETE",
    path: "/resellers/id/:resellerId/brands/id/:brandId",
    access: "reseller",
    summary:
      "Delete a brand with its host names and images; resellers that carried it carry the nearest brand up their tree again. The platform's own brand is never deleted (409 brand.default)",
    tags,
    params: oneParams,
    response: null,
  }),
  uploadImage: defineRoute({
    method: "POST",
    path: "/resellers/id/:resellerId/brands/id/:brandId/images/:image",
    access: "reseller",
    summary:
      "Set the brand's logo or favicon (raw body: PNG, JPEG, WebP, ICO, or SVG which is sanitised; at most 1 MB); replaces the old one",
    tags,
    params: oneParams.extend({ image: brandImageSchema }),
    query: z.object({ name: z.string().max(500).default("image") }),
    response: brandSchema,
  }),
  image: defineRoute({
    method: "GET",
    path: "/brand-images/:fileId/:token",
    access: "public",
    summary: "A brand's logo or favicon, by the link GET site carries (the sign-in page shows it)",
    tags,
    params: z.object({ fileId: idParam, token: z.string().regex(/^[0-9a-f-]{36}$/) }),
    response: z.string().describe("the image's bytes"),
  }),
};
