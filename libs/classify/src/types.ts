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
    reasons: string[];
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
