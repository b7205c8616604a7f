/** Public surface of `map-tiles/`: the base maps offered and the self-hosted PMTiles archive (issue 18). */
export { configuredProviders } from "./providers.ts";
export { mapProviderRoutes, pmtilesMount } from "./routes.ts";
