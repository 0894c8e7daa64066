export { startProjector, waitCaughtUp, PROJECTOR_GROUP, type RunningProjector } from "./projector.ts";
export { startProjectorApp, type RunningProjectorApp } from "./app.ts";
export { ensureIndices, aliasesFor, createGeneration, swapAliases, FILES_ALIAS, ANALYSES_ALIAS, type IndexNames } from "./indices.ts";
export { rebuild } from "./rebuild.ts";
export { sightingDoc, analysisDoc, summarise } from "./documents.ts";
export { purge, purgeCount, purgeQuery, type PurgeFilter, type PurgeResult } from "./purge.ts";
