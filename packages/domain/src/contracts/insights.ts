import { z } from "zod";
import { defineRoute, idParam } from "../model/contract.ts";
import {
  dashboardSchema,
  heatmapQuerySchema,
  heatmapSchema,
  incidentsSchema,
  periodQuerySchema,
} from "../model/insights.ts";

const companyParams = z.object({ companyId: idParam });

/** Dashboard, heat maps and incidents: every role, scoped to the user's groups. */
export const insightsApi = {
  dashboard: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/dashboard",
    access: "user",
    summary: "Period figures, alarms by priority and top lists for the dashboard",
    tags: ["dashboard"],
    params: companyParams,
    query: periodQuerySchema,
    response: dashboardSchema,
  }),
  heatmap: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/heatmap",
    access: "user",
    summary: "Positions, stops, driving events or alarms of a period binned into H3 hexagons",
    tags: ["heat maps"],
    params: companyParams,
    query: heatmapQuerySchema,
    response: heatmapSchema,
  }),
  incidents: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/incidents",
    access: "user",
    summary: "Safety events and high-priority alarms of a period, with counts per vehicle and driver",
    tags: ["incidents"],
    params: companyParams,
    query: periodQuerySchema,
    response: incidentsSchema,
  }),
};
