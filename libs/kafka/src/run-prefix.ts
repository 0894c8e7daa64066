/**
 * Throwaway FILESCAN_KAFKA_PREFIX values of test and benchmark runs, and the clean-up of the
 * ones a killed run left behind.
 *
 * A run's prefix is `<kind>_<started>_<id>.` (`test_t4k2qz_9f3a1c.`): the kind says who made it,
 * `started` is its start in seconds since 1970 in base 36, `id` tells runs of the same second
 * apart. A run deletes its own topics when it ends (`deletePrefixed`); one that was killed
 * cannot, so the next run deletes whatever runs started more than STALE_RUN_MS ago left: no
 * run of ours lasts that long, so a run that is still going is never touched.
 */
import { randomBytes } from "node:crypto";
import type { Admin } from "kafkajs";

/** Older than this, a run's topics and groups are left-overs (the longest run takes ~20 min). */
export const STALE_RUN_MS = 6 * 3_600_000;

const RUN_PREFIX = /^([a-z][a-z0-9-]*)_([0-9a-z]{1,12})_([0-9a-f]{6})\./;

/** A fresh prefix for a run of this kind (lower-case letters, digits and "-"). */
export function runPrefix(kind: string, now = Date.now()): string {
  if (!/^[a-z][a-z0-9-]*$/.test(kind)) throw new Error(`a run's kind is lower-case letters, digits and "-", not ${JSON.stringify(kind)}`);
  return `${kind}_${Math.floor(now / 1000).toString(36)}_${randomBytes(3).toString("hex")}.`;
}

/** The run prefixes among these topic or group names whose run started more than `olderThanMs` before `now`. */
export function staleRunPrefixes(names: Iterable<string>, now = Date.now(), olderThanMs = STALE_RUN_MS): string[] {
  const out = new Set<string>();
  for (const name of names) {
    const m = RUN_PREFIX.exec(name);
    if (m && parseInt(m[2]!, 36) * 1000 < now - olderThanMs) out.add(m[0]);
  }
  return [...out].sort();
}

/** Deletes the topics and consumer groups of runs that started more than `olderThanMs` ago; returns their prefixes. */
export async function deleteStaleRuns(admin: Admin, now = Date.now(), olderThanMs = STALE_RUN_MS): Promise<string[]> {
  const topics = await admin.listTopics();
  const groups = (await admin.listGroups()).groups.map((g) => g.groupId);
  const stale = staleRunPrefixes([...topics, ...groups], now, olderThanMs);
  if (stale.length === 0) return [];
  const ofStale = (name: string) => stale.some((p) => name.startsWith(p));
  const staleGroups = groups.filter(ofStale);
  if (staleGroups.length) await admin.deleteGroups(staleGroups).catch(() => undefined);
  const staleTopics = topics.filter(ofStale);
  if (staleTopics.length) await admin.deleteTopics({ topics: staleTopics });
  return stale;
}
