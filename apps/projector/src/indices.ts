/**
 * The projector's indices: composable templates from schemas/elasticsearch/, one concrete index
 * per alias (`filescan-files` → `filescan-files-<generation>`), created on first start. The prefix
 * (`FILESCAN_ES_INDEX_PREFIX`, default `filescan`) lets tests and tenants keep separate sets.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Client } from "@elastic/elasticsearch";
import { esIndexShape, repoRoot, type EsIndexShape } from "@filescan/config";

import { aliasesFor, ANALYSES_ALIAS, FILES_ALIAS } from "@filescan/search";

export { aliasesFor, ANALYSES_ALIAS, FILES_ALIAS };

export interface IndexNames {
  files: string;
  analyses: string;
}

interface Template {
  index_patterns: string[];
  template: { settings: Record<string, unknown>; mappings: Record<string, unknown> };
}

/** A template of schemas/elasticsearch/ for the indices of `alias`, with the configured shards and replicas. */
function template(file: string, alias: string, shape: EsIndexShape): Template {
  const t = JSON.parse(readFileSync(path.join(repoRoot(), "schemas", "elasticsearch", `${file}.template.json`), "utf8")) as Template & { _comment?: string };
  delete t._comment;
  t.template.settings = { ...t.template.settings, number_of_shards: shape.shards, number_of_replicas: shape.replicas };
  return { ...t, index_patterns: [`${alias}-*`] };
}

export async function putTemplates(es: Client, aliases: IndexNames, shape: EsIndexShape = esIndexShape()): Promise<void> {
  await es.indices.putIndexTemplate({ name: aliases.files, ...template(FILES_ALIAS, aliases.files, shape) });
  await es.indices.putIndexTemplate({ name: aliases.analyses, ...template(ANALYSES_ALIAS, aliases.analyses, shape) });
}

/** The concrete index an alias points at, or undefined when there is no such alias. */
export async function aliasTarget(es: Client, alias: string): Promise<string | undefined> {
  try {
    const r = await es.indices.getAlias({ name: alias });
    return Object.keys(r)[0];
  } catch (err) {
    if ((err as { meta?: { statusCode?: number } }).meta?.statusCode === 404) return undefined;
    throw err;
  }
}

/**
 * Makes sure both aliases exist, each on one index made from the templates. An index made from
 * an earlier template gets the fields added since (a mapping only grows: a field whose type
 * changed fails here, at start, and needs `filescan projector rebuild`), so a document with a new
 * field is not refused by the strict mapping.
 */
export async function ensureIndices(
  es: Client,
  aliases: IndexNames = aliasesFor(),
  shape: EsIndexShape = esIndexShape(),
  onNote: (msg: string) => void = () => undefined,
): Promise<IndexNames> {
  await putTemplates(es, aliases, shape);
  for (const [alias, file] of [[aliases.files, FILES_ALIAS], [aliases.analyses, ANALYSES_ALIAS]] as const) {
    const existing = await aliasTarget(es, alias);
    if (existing) {
      const { mappings } = template(file, alias, shape).template;
      await es.indices.putMapping({ index: alias, ...mappings });
      // (replicas change in place; shards only in new indices)
      const now = (await es.indices.getSettings({ index: existing }))[existing]?.settings?.index;
      if (Number(now?.number_of_replicas) !== shape.replicas) {
        await es.indices.putSettings({ index: existing, settings: { number_of_replicas: shape.replicas } });
        onNote(`${existing}: replicas ${now?.number_of_replicas} → ${shape.replicas}`);
      }
      if (Number(now?.number_of_shards) !== shape.shards) {
        onNote(`${existing} has ${now?.number_of_shards} shard(s), FILESCAN_ES_SHARDS says ${shape.shards}: \`filescan projector rebuild\` makes new indices with ${shape.shards}`);
      }
      continue;
    }
    try {
      await es.indices.create({ index: `${alias}-000001`, aliases: { [alias]: { is_write_index: true } } });
    } catch (err) {
      // another projector process created it first
      if ((err as { meta?: { body?: { error?: { type?: string } } } }).meta?.body?.error?.type !== "resource_already_exists_exception") throw err;
    }
  }
  return aliases;
}

/** Fresh concrete indices for a rebuild; the aliases move to them only when the rebuild is done. */
export async function createGeneration(es: Client, aliases: IndexNames, generation: string, shape: EsIndexShape = esIndexShape()): Promise<IndexNames> {
  await putTemplates(es, aliases, shape);
  const names = { files: `${aliases.files}-${generation}`, analyses: `${aliases.analyses}-${generation}` };
  await es.indices.create({ index: names.files });
  await es.indices.create({ index: names.analyses });
  return names;
}

/** Points both aliases at `target` in one atomic step; returns the indices they left. */
export async function swapAliases(es: Client, aliases: IndexNames, target: IndexNames): Promise<string[]> {
  const actions: Array<Record<string, unknown>> = [];
  const old: string[] = [];
  for (const key of ["files", "analyses"] as const) {
    const prev = await aliasTarget(es, aliases[key]);
    if (prev && prev !== target[key]) {
      actions.push({ remove: { index: prev, alias: aliases[key] } });
      old.push(prev);
    }
    actions.push({ add: { index: target[key], alias: aliases[key], is_write_index: true } });
  }
  await es.indices.updateAliases({ actions });
  return old;
}
