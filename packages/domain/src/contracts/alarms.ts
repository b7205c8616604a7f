import { z } from "zod";
import {
  alarmBulkResultSchema,
  alarmBulkUpdateSchema,
  alarmLogIdsSchema,
  alarmLogRangeSchema,
  alarmLogSchema,
  alarmStateUpdateSchema,
} from "../alarmLog.ts";
import {
  alarmInputsSchema,
  alarmRuleInputSchema,
  alarmRuleSchema,
  craInputSchema,
  craSchema,
  pushEndpointSchema,
  pushSubscriptionSchema,
  resellerCraSchema,
} from "../alarms.ts";
import { defineRoute, idParam } from "../contract.ts";

const companyParams = z.object({ companyId: idParam });
const ruleParams = z.object({ companyId: idParam, alarmId: idParam });
const logParams = z.object({ companyId: idParam, logId: idParam });
const resellerParams = z.object({ resellerId: idParam });
const resellerLogParams = z.object({ resellerId: idParam, logId: idParam });
const ok = z.object({ ok: z.boolean() });

const tags = ["alarms"] as const;

/**
 * Alarms (spec 02 §2-§7): a company's rules, its notices (alarm logs) and their states, push subscriptions and
 * alarm-receiving centres; the reseller's view of the notices of all its companies and its centres.
 */
export const alarmsApi = {
  inputs: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/alarms/inputs",
    summary: "Alarm families and priorities with their names",
    tags,
    params: companyParams,
    response: alarmInputsSchema,
  }),
  rules: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/alarms",
    summary: "The company's alarm rules, keyed by id",
    tags,
    params: companyParams,
    response: z.record(z.string(), alarmRuleSchema),
  }),
  rule: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/alarms/id/:alarmId",
    summary: "One alarm rule",
    tags,
    params: ruleParams,
    response: alarmRuleSchema,
  }),
  createRule: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/alarms",
    summary: "Create an alarm rule (administrators)",
    tags,
    params: companyParams,
    body: alarmRuleInputSchema,
    response: alarmRuleSchema,
  }),
  updateRule: defineRoute({
    method: "PUT",
    path: "/companies/id/:companyId/alarms/id/:alarmId",
    summary: "Change an alarm rule; its item type and family stay fixed",
    tags,
    params: ruleParams,
    body: alarmRuleInputSchema,
    response: alarmRuleSchema,
  }),
  removeRule: defineRoute({
    method: "DELETE",
    path: "/companies/id/:companyId/alarms/id/:alarmId",
    summary: "Delete an alarm rule",
    tags,
    params: ruleParams,
    response: ok,
  }),
  notices: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/alarmlogs",
    summary: "Notices of a period in the caller's scope, keyed by id",
    tags,
    params: companyParams,
    query: alarmLogRangeSchema,
    response: z.record(z.string(), alarmLogSchema),
  }),
  unseen: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/alarmlogs/unseen",
    summary: "How many notices of the last 30 days the caller has not seen",
    tags,
    params: companyParams,
    response: z.object({ count: z.number().int() }),
  }),
  setNoticeState: defineRoute({
    method: "PUT",
    path: "/companies/id/:companyId/alarmlogs/id/:logId",
    summary: "Change a notice's state, with a note",
    tags,
    params: logParams,
    body: alarmStateUpdateSchema,
    response: alarmLogSchema,
  }),
  removeNotice: defineRoute({
    method: "DELETE",
    path: "/companies/id/:companyId/alarmlogs/id/:logId",
    summary: "Delete a notice (administrators)",
    tags,
    params: logParams,
    response: ok,
  }),
  updateBulk: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/alarmlogs/updatebulk",
    summary: "Change the state of many notices",
    tags,
    params: companyParams,
    body: alarmBulkUpdateSchema,
    response: alarmBulkResultSchema,
  }),
  seen: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/alarmlogs/id/:logId/seen",
    summary: "Mark a notice seen by the caller",
    tags,
    params: logParams,
    response: alarmLogSchema,
  }),
  seenBulk: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/alarmlogs/seenbulk",
    summary: "Mark many notices seen by the caller; answers the ids newly marked",
    tags,
    params: companyParams,
    body: alarmLogIdsSchema,
    response: z.object({ seen: z.array(z.number().int()) }),
  }),
  pushKey: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/alarms/push/key",
    summary: "The server's Web Push public key, null when push is not configured",
    tags,
    params: companyParams,
    response: z.object({ publicKey: z.string().nullable() }),
  }),
  pushSubscribe: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/alarms/push/subscribe",
    summary: "Register the caller's browser for push notices",
    tags,
    params: companyParams,
    body: pushSubscriptionSchema,
    response: ok,
  }),
  pushUnsubscribe: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/alarms/push/unsubscribe",
    summary: "Forget one of the caller's own browser subscriptions (another user's is left alone)",
    tags,
    params: companyParams,
    body: pushEndpointSchema,
    response: ok,
  }),
  cras: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/cras",
    summary: "Alarm-receiving centres of the company's reseller, keyed by id",
    tags,
    params: companyParams,
    response: z.record(z.string(), craSchema),
  }),
  resellerNotices: defineRoute({
    method: "GET",
    path: "/resellers/id/:resellerId/alarmlogs",
    summary: "Notices of a period of every company of the reseller subtree, keyed by id",
    tags,
    params: resellerParams,
    query: alarmLogRangeSchema,
    response: z.record(z.string(), alarmLogSchema),
  }),
  resellerSetNoticeState: defineRoute({
    method: "PUT",
    path: "/resellers/id/:resellerId/alarmlogs/id/:logId",
    summary: "Change the state of a notice of the reseller subtree",
    tags,
    params: resellerLogParams,
    body: alarmStateUpdateSchema,
    response: alarmLogSchema,
  }),
  resellerCras: defineRoute({
    method: "GET",
    path: "/resellers/id/:resellerId/cras",
    summary: "Alarm-receiving centres of the reseller subtree, keyed by id",
    tags,
    params: resellerParams,
    response: z.record(z.string(), resellerCraSchema),
  }),
  createCra: defineRoute({
    method: "POST",
    path: "/resellers/id/:resellerId/cras",
    summary: "Create an alarm-receiving centre",
    tags,
    params: resellerParams,
    body: craInputSchema,
    response: craSchema.extend({ url: z.string() }),
  }),
};
