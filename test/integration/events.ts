/** Events as the apps produce them, for the integration tests that write them directly. */
import { createHash, randomUUID } from "node:crypto";
import { ANALYZER_VERSION, locator, type FileAnalyzed, type FileSubmitted } from "@filescan/contracts";

/** A text file's FileSubmitted event: digests of `content`, `extra` as the client's extra fields. */
export function submitted(content: string, extra: Record<string, unknown> = {}, path = `/data/${randomUUID()}.txt`, app = "projector-test"): FileSubmitted {
  const bytes = Buffer.from(content);
  const h = (alg: string) => createHash(alg).update(bytes).digest("hex");
  return {
    submission_id: randomUUID(), received_at: Date.now(), principal: { subject: "tok_test", token_name: "test" }, mimetype: "text/plain",
    sha256: h("sha256"), sha1: h("sha1"), md5: h("md5"), filename: path.split("/").pop()!, full_path: path, timestamp: new Date().toISOString(),
    app, extra_json: JSON.stringify(extra), size: bytes.length, content: bytes,
  };
}

/** Its FileAnalyzed event: a validated SSN on page 2 when `sensitive`, else nothing; made by `version` of the analyzer. */
export function analyzed(s: FileSubmitted, sensitive = true, reused = false, version = ANALYZER_VERSION): FileAnalyzed {
  return {
    submission_id: s.submission_id, sha256: s.sha256, analyzed_at: Date.now(),
    llm: { has_sensitive_data: sensitive, confidence: sensitive ? "high" : "low", reasoning: "US_SSN validated on page 2", description: "a test file", status: "complete", page_number: sensitive ? 2 : null, file_in_zip: null },
    findings: sensitive ? [{ type: "US_SSN", score: 0.95, detector: "us_ssn", validation: "ssn_rules", context: ["ssn"], locator: locator({ page: 2 }), start: 4, end: 15, masked: "***-**-6789" }] : [],
    finding_counts: sensitive ? { US_SSN: 1 } : {},
    extraction: { detected_type: "text/plain", type_mismatch: false, status: "complete", reasons: [], chars: 40 },
    model: { provider: "off", name: null, prompt_tokens: 0, completion_tokens: 0, llm_ms: 0, detect_ms: 1, extract_ms: 1, reused },
    analyzer_version: version,
  };
}
