import { queryOptions } from "@tanstack/react-query";
import { type HeatmapLayer, insightsApi, periodicApi } from "@vigia/domain";
import { api } from "../../platform/api/instance.ts";
import { type PeriodPreset, presetRange } from "./period.ts";
import type { PeriodChoice } from "./period-bar.tsx";

/** The groups filter of a period as the insights calls take it (none: every group). */
const groupIdsOf = (period: PeriodChoice) => period.groupIds.join(",") || undefined;

/** The dashboard's figures over a period. */
export const dashboardQuery = (companyId: number | null, period: PeriodChoice) =>
  queryOptions({
    queryKey: ["dashboard", companyId, period],
    queryFn: () =>
      api.call(insightsApi.dashboard, {
        params: { companyId: companyId ?? 0 },
        query: { from_ts: period.from, to_ts: period.to, groupIds: groupIdsOf(period) },
      }),
    enabled: companyId !== null,
  });

/** The /heatmaps screen's heat map of a layer over a period. */
export const heatmapQuery = (
  companyId: number | null,
  layer: HeatmapLayer,
  period: PeriodChoice,
  resolution: number,
) =>
  queryOptions({
    queryKey: ["heatmap", companyId, layer, period],
    queryFn: () =>
      api.call(insightsApi.heatmap, {
        params: { companyId: companyId ?? 0 },
        query: { from_ts: period.from, to_ts: period.to, layer, resolution, groupIds: groupIdsOf(period) },
      }),
    enabled: companyId !== null,
  });

/**
 * The live map tool's heat map of a layer over a preset period, at the map's resolution; the period is worked out
 * when asked, so "today" is today at each fetch.
 */
export const heatmapToolQuery = (
  companyId: number | null,
  layer: HeatmapLayer,
  preset: Exclude<PeriodPreset, "custom">,
  resolution: number,
  timezone: string,
) =>
  queryOptions({
    queryKey: ["heatmap-tool", companyId, layer, preset, resolution],
    queryFn: () => {
      const range = presetRange(preset, Date.now(), timezone);
      return api.call(insightsApi.heatmap, {
        params: { companyId: companyId ?? 0 },
        query: { from_ts: range.from, to_ts: range.to, layer, resolution },
      });
    },
    enabled: companyId !== null,
  });

/** The incidents over a period. */
export const incidentsQuery = (companyId: number | null, period: PeriodChoice) =>
  queryOptions({
    queryKey: ["incidents", companyId, period],
    queryFn: () =>
      api.call(insightsApi.incidents, {
        params: { companyId: companyId ?? 0 },
        query: { from_ts: period.from, to_ts: period.to, groupIds: groupIdsOf(period) },
      }),
    enabled: companyId !== null,
  });

/** The company's periodic report schedules. */
export const periodicQuery = (companyId: number | null) =>
  queryOptions({
    queryKey: ["periodic", companyId],
    queryFn: () => api.call(periodicApi.list, { params: { companyId: companyId ?? 0 } }),
    enabled: companyId !== null,
  });

/** One schedule's run history (the company's id read when asked). */
export const periodicRunsQuery = (scheduleId: number, companyId: () => number) =>
  queryOptions({
    queryKey: ["periodic", "runs", scheduleId],
    queryFn: () => api.call(periodicApi.runs, { params: { companyId: companyId(), id: scheduleId } }),
  });
