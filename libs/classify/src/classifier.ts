/**
 * classifierFromEnv: detectors' findings + a bounded LLM call → the `llm` object.
 * The LLM is skipped when it cannot add anything (no finding and fewer than MIN_WORDS words: no
 * text at all, OCR noise from a photo, a stray label); any LLM failure falls back to the
 * deterministic verdict with status `partial` and a reason.
 */
import type { Llm, Status } from "@filescan/contracts";
import { classifyConfig, type ClassifyConfig } from "./config.ts";
import { isFloor, piiSignal, verifySpan, type VerifiedSpan } from "./evidence.ts";
import { FIELD_DESCRIPTIONS, LIMITS, LlmCallError, structuredCaller, type LlmReply } from "./llm.ts";
import { buildPrompt } from "./prompt.ts";
import type { ClassifyInput, ClassifyResult, Classifier } from "./types.ts";
import { combine, deterministicVerdict } from "./verdict.ts";
import { echoSource, ownWording } from "./wording.ts";

export type Call = (system: string, user: string) => Promise<LlmReply>;

function degrade(status: Status): Status {
  return status === "complete" ? "partial" : status;
}

/**
 * Fewer words (runs of two letters or more) than this, and no finding: nothing for the model to
 * weigh. On the Python mail test corpus the images' OCR gave one character each and a zip two
 * 5-byte members, and each cost 11–43 s of the local model to learn nothing (one answer claimed
 * sensitive data, citing nothing).
 */
export const MIN_WORDS = 3;

function worthAsking(input: ClassifyInput): boolean {
  if (input.findings.length > 0) return true;
  let n = 0;
  for (const s of input.segments) {
    const word = /\p{L}{2,}/gu;
    while (word.exec(s.text)) if (++n >= MIN_WORDS) return true;
  }
  return false;
}

export function classifierFromConfig(cfg: ClassifyConfig, call: Call | null = cfg.provider === "off" ? null : structuredCaller(cfg)): Classifier {
  return {
    async classify(input: ClassifyInput): Promise<ClassifyResult> {
      const det = deterministicVerdict(input);
      const model = { provider: cfg.provider, name: cfg.provider === "off" ? null : cfg.model, prompt_tokens: 0, completion_tokens: 0, llm_ms: 0 };
      if (!call || !worthAsking(input)) return { llm: det, model, reasons: [] };
      if (cfg.callWhen === "uncertain" && input.findings.some(isFloor)) return { llm: det, model, reasons: [] };

      const prompt = buildPrompt(input, cfg.maxInputTokens);
      const t0 = performance.now();
      try {
        const reply = await call(prompt.system, prompt.user);
        model.llm_ms = Math.round(performance.now() - t0);
        model.prompt_tokens = reply.promptTokens;
        model.completion_tokens = reply.completionTokens;
        if (reply.modelName) model.name = reply.modelName;
        const verified: VerifiedSpan[] = [];
        for (const q of reply.answer.evidence) {
          const v = verifySpan(q, input.segments);
          if (v && piiSignal(v.quote)) verified.push(v);
        }
        // Wording that only echoes the instructions, copies the document or loops is left out (wording.ts).
        const source = echoSource(prompt.instructions, ...FIELD_DESCRIPTIONS);
        const shown = echoSource(prompt.user);
        const answer = { ...reply.answer, reasoning: ownWording(reply.answer.reasoning, source, LIMITS.reasoning, shown), description: ownWording(reply.answer.description, source, LIMITS.description, shown) };
        const llm: Llm = combine(input, det, answer, verified, prompt.replacements, cfg.raiseCap);
        return { llm, model, reasons: [] };
      } catch (err) {
        if (!(err instanceof LlmCallError)) throw err;
        model.llm_ms = Math.round(performance.now() - t0);
        model.prompt_tokens = err.promptTokens;
        model.completion_tokens = err.completionTokens;
        const why = err.reason === "llm_unavailable" ? "the LLM was unavailable" : "the LLM's answer was unusable";
        return {
          llm: { ...det, status: degrade(det.status), reasoning: `${det.reasoning} Deterministic verdict: ${why}.` },
          model,
          reasons: [err.reason],
        };
      }
    },
  };
}

/** The classifier the environment asks for (FILESCAN_LLM=local|openai|off, see config.ts). */
export function classifierFromEnv(env: NodeJS.ProcessEnv = process.env): Classifier {
  return classifierFromConfig(classifyConfig(env));
}
