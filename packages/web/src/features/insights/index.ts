/** Public surface of `features/insights`: the live map's heat-map tool (the screens load through AppRoutes). */
export { HeatmapTool } from "./heatmap-tool.tsx";
