export type { ClassifyInput, ClassifyResult, Classifier } from "./types.ts";
export { classifierFromEnv, classifierFromConfig, type Call } from "./classifier.ts";
export { deterministicVerdict, combine, type ModelAnswer } from "./verdict.ts";
export { classifyConfig, type ClassifyConfig, type Provider } from "./config.ts";
export { buildPrompt, type Prompt } from "./prompt.ts";
export { chatModel, structuredCaller, answerSchema, answerJsonSchema, LlmCallError, type LlmReply } from "./llm.ts";
export { estimateTokens } from "./tokens.ts";
export { FLOOR_SCORE, COUNT_SCORE, isFloor, levelOf, byStrength, countedFindings, type Strength, scrub, verifySpan, piiSignal, maskGeneric, segmentsOf } from "./evidence.ts";
