/**
 * bench/classify: files/s and prompt tokens per file with FILESCAN_LLM=off (the baseline, the
 * deterministic verdict) and FILESCAN_LLM=local (SmolLM2-135M through llm-local + ChatOpenAI),
 * over a small generated set. Findings are planted by the generator (the detectors are not part of
 * this benchmark). Run: node bench/classify/run.ts [files=4]. Needs the model
 * (bash infra/local/fetch-model.sh). A shared 2-core machine: treat figures as rough.
 */
import { existsSync } from "node:fs";
import { buildPrompt, classifierFromEnv, type ClassifyInput } from "@filescan/classify";
import { locator, type Finding } from "@filescan/contracts";
import { localLlmConfig, startLocalLlmServer } from "@filescan/llm-local";
import { benchArgs } from "../args.ts";

const cli = benchArgs(import.meta.url, { allowPositionals: true, options: {} });
if (cli.positionals.length > 1) cli.fail(`takes one number of files, got ${cli.positionals.length} arguments`);
const N = cli.int(cli.positionals[0] ?? "4", "files");
const FIRST = ["Jane", "Omar", "Li", "Sofia", "Ravi", "Anna"];
const LAST = ["Roe", "Haddad", "Wei", "Rossi", "Iyer", "Nowak"];
const FILLER = "The committee reviewed the quarterly figures and agreed to revisit the travel policy next month. ";

function ssn(i: number) {
  return `${String(120 + i).padStart(3, "0")}-${String(11 + (i % 80)).padStart(2, "0")}-${String(2000 + i * 37).slice(-4)}`;
}

function doc(i: number): ClassifyInput {
  const kind = i % 3; // 0: HR record with validated ids, 1: benign memo, 2: long report with one id deep inside
  const findings: Finding[] = [];
  let text: string;
  if (kind === 0) {
    const id = ssn(i);
    text = `HR RECORD ${i}\nName: ${FIRST[i % 6]} ${LAST[i % 6]}\nSSN: ${id}\nStart date: 2021-03-0${(i % 9) + 1}\n` + FILLER.repeat(5);
    const s = text.indexOf(id);
    findings.push({ type: "US_SSN", score: 0.95, detector: "us_ssn", validation: "ssn_rules", context: ["ssn"], locator: locator(), start: s, end: s + id.length, masked: `***-**-${id.slice(-4)}` });
  } else if (kind === 1) {
    text = `Memo ${i}\n` + FILLER.repeat(12);
  } else {
    const id = ssn(i);
    text = FILLER.repeat(400) + `Contractor tax id ${id} on file. ` + FILLER.repeat(400);
    const s = text.indexOf(id);
    findings.push({ type: "US_SSN", score: 0.9, detector: "us_ssn", validation: "ssn_rules", context: ["tax id"], locator: locator(), start: s, end: s + id.length, masked: `***-**-${id.slice(-4)}` });
  }
  return {
    meta: { filename: `f${i}.txt`, full_path: `/bench/f${i}.txt`, mimetype: "text/plain", app: "bench", extra_json: "{}", detected_type: "text/plain", status: "complete", reasons: [] },
    segments: [{ text, source: "text", locator: locator() }],
    findings,
  };
}

async function run(label: string, env: NodeJS.ProcessEnv, inputs: ClassifyInput[], rounds: number) {
  const c = classifierFromEnv(env);
  let prompt = 0;
  let completion = 0;
  let sensitive = 0;
  let failed = 0;
  const t0 = performance.now();
  for (let r = 0; r < rounds; r++) {
    for (const inp of inputs) {
      const res = await c.classify(inp);
      prompt += res.model.prompt_tokens;
      completion += res.model.completion_tokens;
      if (res.llm.has_sensitive_data) sensitive++;
      if (res.reasons.length) failed++;
    }
  }
  const secs = (performance.now() - t0) / 1000;
  const files = inputs.length * rounds;
  const out = { label, files, secs, filesPerSec: files / secs, promptPerFile: prompt / files, completionPerFile: completion / files, sensitive, failed };
  console.log(
    `${label.padEnd(7)} ${files} files in ${secs.toFixed(2)} s: ${out.filesPerSec.toFixed(2)} files/s, ` +
      `${out.promptPerFile.toFixed(0)} prompt + ${out.completionPerFile.toFixed(0)} completion tokens/file, ${sensitive} sensitive, ${failed} LLM failures`,
  );
  return out;
}

const modelPath = localLlmConfig().modelPath;
if (!existsSync(modelPath)) {
  console.error(`no model at ${modelPath}: run bash infra/local/fetch-model.sh`);
  process.exit(2);
}
const inputs = Array.from({ length: N }, (_, i) => doc(i));
const maxTokens = Number(process.env.FILESCAN_LLM_MAX_INPUT_TOKENS ?? 3000);
const est = inputs.map((i) => buildPrompt(i, maxTokens).estimatedTokens);
console.log(`${N} generated files, ${inputs.reduce((n, i) => n + i.segments[0]!.text.length, 0)} chars; prompt budget ${maxTokens} tokens; estimated prompt tokens/file ${(est.reduce((a, b) => a + b, 0) / N).toFixed(0)}`);

const off = await run("off", { FILESCAN_LLM: "off" }, inputs, 200);
const srv = await startLocalLlmServer({ modelPath, port: 0, threads: Number(process.env.FILESCAN_LLM_THREADS ?? 1) });
try {
  const local = await run("local", { FILESCAN_LLM: "local", FILESCAN_LLM_LOCAL_PORT: String(srv.port), FILESCAN_LLM_MAX_INPUT_TOKENS: String(maxTokens) }, inputs, 1);
  const uncertain = await run("local, FILESCAN_LLM_CALL=uncertain", { FILESCAN_LLM: "local", FILESCAN_LLM_CALL: "uncertain", FILESCAN_LLM_LOCAL_PORT: String(srv.port), FILESCAN_LLM_MAX_INPUT_TOKENS: String(maxTokens) }, inputs, 1);
  console.log(`ratio local/off throughput: ${(local.filesPerSec / off.filesPerSec).toExponential(2)} (off is ${(off.filesPerSec / local.filesPerSec).toFixed(0)}× faster)`);
  console.log(`ratio uncertain/always throughput (local): ${(uncertain.filesPerSec / local.filesPerSec).toFixed(2)}`);
  console.log(`estimate/actual prompt tokens (local): ${((est.reduce((a, b) => a + b, 0) / N) / local.promptPerFile).toFixed(2)}`);
} finally {
  await srv.close();
}
