/**
 * A faster match sweep for compromise, same results.
 *
 * compromise tags a text by "sweeping" its rule nets over every sentence: for each sentence it
 * picks the rules that could match (those hooked on a word or tag the sentence has, whose
 * needs it meets), then runs them. Its own picking walks every key of the net's `hooks` (730
 * words and tags in the post-tagger) for every sentence, concatenates the hooked rules and
 * removes duplicates through an object keyed by rule text. NER reads many short windows, so
 * that walk was the biggest single cost of detection with NER on: about a fifth of the CPU.
 *
 * `bulkMatch` below picks the same rules in the same order from the sentence's side: it looks
 * up only the words and tags the sentence has, in the keys' original order, and drops a rule
 * whose text was already picked. The filters (needs, ifNo, wants, minWords) and the running
 * of the rules through compromise's own `match` are compromise's rules, restated.
 * `fast_sweep.spec.ts` compares whole tagged documents with and without this.
 */
import nlp from "compromise";

interface Rule {
  match: string;
  needs: string[];
  wants: string[];
  minWant: number;
  minWords: number;
  ifNo?: string[];
  unTag?: unknown;
}
interface Net {
  hooks: Record<string, Rule[]>;
  always: Rule[];
}
interface MatchOpts {
  matchOne?: boolean;
}
type Ptr = [number, number, number, ...unknown[]];
interface Methods {
  one: {
    bulkMatch: BulkMatch;
    cacheDoc(docs: unknown[][]): Array<Set<string>>;
    match(docs: unknown[][], rule: Rule): { ptrs: Ptr[] };
  };
}
type BulkMatch = (docs: unknown[][], net: Net, methods: Methods, opts: MatchOpts) => unknown[];

const methods = (nlp as unknown as { methods(): Methods }).methods();
const original: BulkMatch = methods.one.bulkMatch;

/** `Object.keys(hooks)` and each key's position in it, once per net. */
const memo = new WeakMap<object, { keys: string[]; pos: Map<string, number> }>();
function indexOf(hooks: Record<string, Rule[]>): { keys: string[]; pos: Map<string, number> } {
  let x = memo.get(hooks);
  if (!x) {
    const keys = Object.keys(hooks);
    x = { keys, pos: new Map(keys.map((k, i) => [k, i])) };
    memo.set(hooks, x);
  }
  return x;
}

function applies(rule: Rule, have: Set<string>): boolean {
  for (const need of rule.needs) if (!have.has(need)) return false;
  if (rule.ifNo !== undefined) for (const no of rule.ifNo) if (have.has(no)) return false;
  if (rule.wants.length === 0) return true;
  let found = 0;
  for (const want of rule.wants) if (have.has(want)) found++;
  return found >= rule.minWant;
}

/** The rules worth trying on one sentence, in compromise's order. */
function pick(net: Net, keys: string[], pos: Map<string, number>, have: Set<string>, termCount: number): Rule[] {
  const at: number[] = [];
  for (const k of have) {
    const i = pos.get(k);
    if (i !== undefined) at.push(i);
  }
  at.sort((a, b) => a - b);
  const picked = new Set<string>();
  const out: Rule[] = [];
  for (const i of at) {
    for (const rule of net.hooks[keys[i]!]!) {
      if (picked.has(rule.match)) continue; // the first rule with this text stands, applicable or not
      picked.add(rule.match);
      if (applies(rule, have) && termCount >= rule.minWords) out.push(rule);
    }
  }
  for (const rule of net.always) if (termCount >= rule.minWords) out.push(rule);
  return out;
}

const bulkMatch: BulkMatch = (docs, net, m, opts) => {
  const { keys, pos } = indexOf(net.hooks);
  const caches = m.one.cacheDoc(docs);
  const results: unknown[] = [];
  for (let n = 0; n < docs.length; n++) {
    for (const rule of pick(net, keys, pos, caches[n]!, docs[n]!.length)) {
      const res = m.one.match([docs[n]!], rule);
      if (res.ptrs.length === 0) continue;
      for (const ptr of res.ptrs) {
        ptr[0] = n;
        const todo: Rule & { pointer?: Ptr } = Object.assign({}, rule, { pointer: ptr });
        if (rule.unTag !== undefined) todo.unTag = rule.unTag;
        results.push(todo);
      }
      if (opts.matchOne === true) return [results[0]];
    }
  }
  return results;
};

/** For the spec: compromise's own bulkMatch and ours. */
export const sweeps = { original, fast: bulkMatch, install: (f: BulkMatch) => (methods.one.bulkMatch = f) };

/** Turns the faster sweep on (the default once this module is loaded) or off. */
export function fastSweep(on: boolean): void {
  methods.one.bulkMatch = on ? bulkMatch : original;
}

fastSweep(true);
