import { z } from "zod";
import { defineRoute, idParam } from "../model/contract.ts";
import {
  formInputSchema,
  formSchema,
  submissionDetailSchema,
  submissionInputSchema,
  submissionQuerySchema,
  submissionSchema,
} from "../model/forms.ts";

const companyParams = z.object({ companyId: idParam });
const formParams = z.object({ companyId: idParam, id: idParam });
const ok = z.object({ ok: z.boolean() });

const tags = ["forms"] as const;

/**
 * Custom forms: the builder's forms (administrators), the forms offered on one item, and the
 * submissions from the web map and the mobile app, validated against the form version they were entered for.
 */
export const formsApi = {
  list: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/forms",
    access: "user",
    summary: "The company's forms, keyed by id",
    tags,
    params: companyParams,
    response: z.record(z.string(), formSchema),
  }),
  one: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/forms/id/:id",
    access: "user",
    summary: "One form, its current version's fields",
    tags,
    params: formParams,
    response: formSchema,
  }),
  create: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/forms",
    access: "admin",
    summary: "Create a form (administrators)",
    tags,
    params: companyParams,
    body: formInputSchema,
    response: formSchema,
  }),
  update: defineRoute({
    method: "PUT",
    path: "/companies/id/:companyId/forms/id/:id",
    access: "admin",
    summary: "Change a form; when its fields change and it has submissions, a new version is created",
    tags,
    params: formParams,
    body: formInputSchema,
    response: formSchema,
  }),
  remove: defineRoute({
    method: "DELETE",
    path: "/companies/id/:companyId/forms/id/:id",
    access: "admin",
    summary: "Delete a form and its submissions",
    tags,
    params: formParams,
    response: ok,
  }),
  forItem: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/forms/item/:itemType/id/:itemId",
    access: "user",
    summary: "The active forms assigned to an item (directly or through its group)",
    tags,
    params: z.object({
      companyId: idParam,
      itemType: z.enum(["vehicle", "asset", "person"]),
      itemId: idParam,
    }),
    response: z.array(formSchema),
  }),
  submit: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/forms/id/:id/submissions",
    access: "write",
    summary:
      "Submit a form for an item (web map and mobile app): values are checked against the form version's fields; attachments are file ids from the file store",
    tags,
    params: formParams,
    body: submissionInputSchema,
    response: submissionSchema,
  }),
  submissions: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/forms/id/:id/submissions",
    access: "user",
    summary: "Submissions of a form in the caller's scope, newest first, filtered by period and item",
    tags,
    params: formParams,
    query: submissionQuerySchema,
    response: z.array(submissionSchema),
  }),
  submission: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/forms/submissions/id/:id",
    access: "user",
    summary: "One submission with the fields of its form version",
    tags,
    params: formParams,
    response: submissionDetailSchema,
  }),
};
