import { z } from "zod";
import { defineRoute, idParam } from "../model/contract.ts";

/**
 * Virtual lock: armed on a parked item from the map, it raises the virtualLock alarm
 * family (mail flag "lock") when the item moves more than `radiusM` from where it stood or its ignition turns
 * on. Disarmed by a user, or at `untilTs` when one is set.
 */
export const VIRTUAL_LOCK_RADIUS = { min: 10, max: 5_000, default: 100 } as const;

export const virtualLockSchema = z.object({
  itemType: z.literal([1, 2, 3]),
  itemId: z.number(),
  lat: z.number(),
  lng: z.number(),
  radiusM: z.number(),
  armedTs: z.number(),
  untilTs: z.number().nullable(),
  armedBy: z.string(),
});
export type VirtualLock = z.infer<typeof virtualLockSchema>;

export const virtualLockArmSchema = z.object({
  radiusM: z.number().int().min(VIRTUAL_LOCK_RADIUS.min).max(VIRTUAL_LOCK_RADIUS.max),
  untilTs: z.number().int().positive().nullable().default(null),
});

const itemParams = z.object({
  companyId: idParam,
  itemType: z.coerce.number().pipe(z.literal([1, 2, 3])),
  itemId: idParam,
});
const tags = ["virtual locks"] as const;

export const virtualLocksApi = {
  list: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/virtuallocks",
    access: "user",
    summary: "The virtual locks armed on the company's items",
    tags,
    params: z.object({ companyId: idParam }),
    response: z.array(virtualLockSchema),
  }),
  arm: defineRoute({
    method: "PUT",
    path: "/companies/id/:companyId/virtuallocks/:itemType/id/:itemId",
    access: "write",
    summary: "Arm a virtual lock at the item's current position",
    tags,
    params: itemParams,
    body: virtualLockArmSchema,
    response: virtualLockSchema,
  }),
  disarm: defineRoute({
    method: "DELETE",
    path: "/companies/id/:companyId/virtuallocks/:itemType/id/:itemId",
    access: "write",
    summary: "Disarm the item's virtual lock",
    tags,
    params: itemParams,
    response: z.object({ itemId: z.number() }),
  }),
};
