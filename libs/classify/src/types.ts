import type { Finding, Llm, Segment, Status } from "@filescan/contracts";

export interface ClassifyInput {
  meta: {
    filename: string;
    full_path: string;
    mimetype: string;
    app: string;
    extra_json: string;
    detected_type: string;
    status: Status;
    /** The extraction's reason codes (each once). */
    reasons: string[];
    /** How many embedded files or members were of a type no parser reads (`unsupported_type` on a member). */
    unsupported_members?: number;
  };
  segments: Segment[];
  findings: Finding[];
}

export interface ClassifyResult {
  llm: Llm;
  model: { provider: string; name: string | null; prompt_tokens: number; completion_tokens: number; llm_ms: number };
  /** Why the analysis is partial beyond the extraction's reasons, e.g. `llm_unavailable`, `llm_invalid_output`. */
  reasons: string[];
}

export interface Classifier {
  classify(input: ClassifyInput): Promise<ClassifyResult>;
}
