/**
 * Public surface of `map-tiles/`: the base maps offered, the self-hosted PMTiles archive and its import, and the
 * street tiles made from the address tables.
 */
export { checkArchive, importMapArchive } from "./import-archive.ts";
export { configuredProviders, offeredProviders } from "./providers.ts";
export { mapProviderRoutes, pmtilesMount } from "./routes.ts";
export { streetTilesMount } from "./street-tiles.ts";
