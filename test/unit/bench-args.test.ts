import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "@filescan/config";
import { intOf, intsOf, positiveOf, usageOf, UsageError } from "../../bench/args.ts";

const root = repoRoot();
/** Every benchmark script: bench/<name>/<file>.ts. */
const scripts = readdirSync(path.join(root, "bench"), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) => readdirSync(path.join(root, "bench", d.name)).filter((f) => f.endsWith(".ts")).map((f) => path.join("bench", d.name, f)));

/** The option names of a script's benchArgs call (its `options` object's keys). */
function optionNames(source: string): string[] {
  const at = source.indexOf("benchArgs(import.meta.url, {");
  const open = source.indexOf("options:", at);
  const start = source.indexOf("{", open);
  let depth = 0;
  let end = start;
  for (; end < source.length; end++) {
    if (source[end] === "{") depth++;
    else if (source[end] === "}" && --depth === 0) break;
  }
  const body = source.slice(start + 1, end);
  // keys at depth 1 of the options object: `name: { type` or `"name-with-dash": { type`
  return [...body.matchAll(/(?:^|[,{])\s*(?:"([\w-]+)"|(\w+)):\s*\{\s*type:/g)].map((m) => m[1] ?? m[2]!);
}

describe("bench/args: the benchmarks' command lines", () => {
  it("reads a script's opening comment as its usage, without the stars", () => {
    assert.equal(usageOf("/**\n * bench/x: what it measures.\n *\n *   node bench/x.ts [--n 3]\n */\nimport x from 'y';\n"), "bench/x: what it measures.\n\n  node bench/x.ts [--n 3]\n");
    assert.equal(usageOf("import x from 'y';\n"), "");
  });

  it("takes whole numbers, numbers above 0 and lists of whole numbers, and refuses what is not one with the option's name", () => {
    assert.equal(intOf("3", "passes"), 3);
    assert.equal(intOf("0", "seed", 0), 0);
    for (const bad of ["x", "", "2.5", "0", "-1", "1e400", undefined]) assert.throws(() => intOf(bad, "passes"), (e: unknown) => e instanceof UsageError && /^--passes must be a whole number of at least 1/.test(e.message), String(bad));
    assert.equal(positiveOf("0.5", "mixed-mb"), 0.5);
    for (const bad of ["0", "-2", "NaN", "Infinity", " ", "4MB"]) assert.throws(() => positiveOf(bad, "mixed-mb"), /--mixed-mb must be a number above 0/, bad);
    assert.deepEqual(intsOf("64000,256000", "sizes", 2), [64000, 256000]);
    assert.throws(() => intsOf("64000", "sizes", 2), /--sizes takes 2 whole numbers/);
    assert.throws(() => intsOf("64000,x", "sizes", 2), /--sizes must be a whole number/);
  });

  it("every benchmark reads its options through benchArgs, and its usage names each option", () => {
    let withOptions = 0;
    for (const file of scripts) {
      const source = readFileSync(path.join(root, file), "utf8");
      assert.ok(!/\bparseArgs\(/.test(source), `${file} calls parseArgs itself (use benchArgs: --help and clear errors)`);
      // (one that read process.argv itself ran on --help, or measured NaN)
      assert.ok(!/process\.argv/.test(source), `${file} reads process.argv itself (use benchArgs: --help and clear errors)`);
      if (!source.includes("benchArgs(")) continue;
      withOptions++;
      const usage = usageOf(source);
      const names = optionNames(source);
      assert.ok(names.length > 0 || /allowPositionals: true/.test(source), `${file}: no option nor argument read from its benchArgs call`);
      for (const n of names) assert.ok(usage.includes(`--${n}`), `${file}: its usage does not name --${n}`);
    }
    assert.ok(withOptions >= 16, `only ${withOptions} benchmarks with options found`);
  });

  it("a benchmark answers --help with its usage and exit 0, a wrong option or number with one line and exit 2", () => {
    const run = (...args: string[]) => spawnSync(process.execPath, ["bench/projector/run.ts", ...args], { cwd: root, encoding: "utf8", timeout: 15_000 });
    const help = run("--help");
    assert.equal(help.status, 0, help.stderr);
    assert.match(help.stdout, /^bench\/projector/);
    assert.match(help.stdout, /--sightings/);
    for (const [args, message] of [[["--sightings", "many"], /--sightings must be a whole number of at least 1, got "many"/], [["--nope"], /Unknown option '--nope'/], [["--files"], /'--files <value>' argument missing/]] as const) {
      const r = run(...args);
      assert.equal(r.status, 2, `${args.join(" ")}: ${r.stderr}`);
      assert.equal(r.stdout, "");
      assert.match(r.stderr, message);
      assert.match(r.stderr, /^bench\/projector\/run\.ts: .*\(--help for the options\)\n$/);
    }
  });

  it("bench/detect names its kinds when --kind is not one, before it builds a corpus", () => {
    const r = spawnSync(process.execPath, ["bench/detect/run.ts", "--kind", "labelled"], { cwd: root, encoding: "utf8", timeout: 15_000 });
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, /--kind must be one of "prose", .*"labelled \(dense\)", got "labelled"/);
  });
});
