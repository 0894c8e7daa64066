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

/** A word or tag a rule needs or wants: its hook key's position, or the text when it is no key. */
type Term = number | string;
interface Compiled {
  rule: Rule;
  /** Number of the rule's match text (rules with the same text share it). */
  text: number;
  needs: Term[];
  wants: Term[];
}
/** A net, indexed once: its keys in `Object.keys` order and each key's rules, compiled. */
interface Indexed {
  pos: Map<string, number>;
  lists: Compiled[][];
  /** Scratch: which keys the current sentence has. */
  mark: Uint8Array;
  /** Scratch: the sentence in which a match text was last picked. */
  seen: Uint32Array;
  serial: number;
}

const indexed = new WeakMap<object, Indexed>();
function indexOf(hooks: Record<string, Rule[]>): Indexed {
  let x = indexed.get(hooks);
  if (x) return x;
  const keys = Object.keys(hooks);
  const pos = new Map(keys.map((k, i) => [k, i]));
  const texts = new Map<string, number>();
  const compiled = new Map<Rule, Compiled>();
  const term = (t: string): Term => pos.get(t) ?? t;
  const compile = (rule: Rule): Compiled => {
    let c = compiled.get(rule);
    if (!c) {
      if (!texts.has(rule.match)) texts.set(rule.match, texts.size);
      c = { rule, text: texts.get(rule.match)!, needs: rule.needs.map(term), wants: rule.wants.map(term) };
      compiled.set(rule, c);
    }
    return c;
  };
  const lists = keys.map((k) => hooks[k]!.map(compile));
  x = { pos, lists, mark: new Uint8Array(keys.length), seen: new Uint32Array(texts.size), serial: 0 };
  indexed.set(hooks, x);
  return x;
}

function has(t: Term, x: Indexed, have: Set<string>): boolean {
  return typeof t === "number" ? x.mark[t] === 1 : have.has(t);
}

function applies(c: Compiled, x: Indexed, have: Set<string>): boolean {
  for (const need of c.needs) if (!has(need, x, have)) return false;
  const ifNo = c.rule.ifNo;
  if (ifNo !== undefined) for (const no of ifNo) if (have.has(no)) return false;
  if (c.wants.length === 0) return true;
  let found = 0;
  for (const want of c.wants) if (has(want, x, have)) found++;
  return found >= c.rule.minWant;
}

/** The rules worth trying on one sentence, in compromise's order. */
function pick(net: Net, x: Indexed, have: Set<string>, termCount: number): Rule[] {
  const at: number[] = [];
  for (const k of have) {
    const i = x.pos.get(k);
    if (i !== undefined) at.push(i);
  }
  at.sort((a, b) => a - b);
  for (const i of at) x.mark[i] = 1;
  if (++x.serial === 0xffffffff) {
    x.seen.fill(0);
    x.serial = 1;
  }
  const out: Rule[] = [];
  for (const i of at) {
    for (const c of x.lists[i]!) {
      if (x.seen[c.text] === x.serial) continue; // the first rule with this text stands, applicable or not
      x.seen[c.text] = x.serial;
      if (applies(c, x, have) && termCount >= c.rule.minWords) out.push(c.rule);
    }
  }
  for (const i of at) x.mark[i] = 0;
  for (const rule of net.always) if (termCount >= rule.minWords) out.push(rule);
  return out;
}

const bulkMatch: BulkMatch = (docs, net, m, opts) => {
  const x = indexOf(net.hooks);
  const caches = m.one.cacheDoc(docs);
  const results: unknown[] = [];
  for (let n = 0; n < docs.length; n++) {
    for (const rule of pick(net, x, caches[n]!, docs[n]!.length)) {
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
