import { z } from "zod";
import { defineRoute, idParam } from "../model/contract.ts";
import {
  CUSTOM_STATE_ITEM_KINDS,
  customDataFieldRowSchema,
  customDatasSchema,
  customDatasWriteSchema,
  customStatesByIdSchema,
  customStatesSchema,
  customStatesWriteSchema,
  itemCustomStateSchema,
} from "../model/items.ts";

const companyParams = z.object({ companyId: idParam });
const kind = z.enum(CUSTOM_STATE_ITEM_KINDS);

/** Custom states per item kind (company configuration) and the current custom state of one item. */
export const customStatesApi = {
  list: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/states",
    access: "user",
    summary: "Custom states per item kind, each with the no-state (id 0)",
    tags: ["company load", "custom states"],
    params: companyParams,
    response: customStatesSchema,
  }),
  save: defineRoute({
    method: "PUT",
    path: "/companies/id/:companyId/states",
    access: "admin",
    summary: "Replace the custom states of one item kind",
    tags: ["custom states"],
    params: companyParams,
    body: customStatesWriteSchema,
    response: z.object({ kind, states: customStatesByIdSchema }),
  }),
  setItemState: defineRoute({
    method: "PUT",
    path: "/companies/id/:companyId/:kind/id/:id/customState",
    access: "subadmin",
    summary: "Set one item's current custom state (broadcast live)",
    tags: ["custom states"],
    params: z.object({
      companyId: idParam,
      kind: z.enum(["vehicles", "assets", "persons"]),
      id: idParam,
    }),
    body: itemCustomStateSchema,
    response: z.object({ id: z.number(), stateId: z.number() }),
  }),
};

/** The free custom data fields declared per item kind (company configuration). */
export const customDataApi = {
  list: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/customdatas",
    access: "user",
    summary: "Custom data fields per item kind",
    tags: ["custom data"],
    params: companyParams,
    response: customDatasSchema,
  }),
  save: defineRoute({
    method: "PUT",
    path: "/companies/id/:companyId/customdatas",
    access: "admin",
    summary: "Replace the custom data fields of one item kind",
    tags: ["custom data"],
    params: companyParams,
    body: customDatasWriteSchema,
    response: z.object({ kind, fields: z.array(customDataFieldRowSchema) }),
  }),
};
