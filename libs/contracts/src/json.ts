/** Parsing JSON without rounding its numbers. */

// JSON.rawJSON and JSON.parse's source text (ES2025; not yet in TypeScript's lib).
const RawJson = JSON as unknown as { rawJSON(text: string): object; isRawJSON(v: unknown): boolean };
type ExactReviver = (this: unknown, key: string, value: unknown, context?: { source?: string }) => unknown;

/**
 * JSON.parse, but a finite number JSON.parse cannot hold as written (`18446744073709551615` read
 * as 18446744073709552000, `0.1000000000000000000001`, `1.0`) stays the text the client sent
 * (JSON.rawJSON), so JSON.stringify writes it back unchanged: extra fields are preserved, not
 * rounded, by the API that queues them and by the projector that indexes them. A number beyond JSON's range stays Infinity (refused by the submission's checks).
 */
export function parseJsonExact(text: string): unknown {
  try {
    return JSON.parse(text, exactNumbers as Parameters<typeof JSON.parse>[1]) as unknown;
  } catch (err) {
    // The reviver walks the value recursively: 10,000 brackets overflow the stack. Such a body is
    // refused anyway (too deep), and without the reviver JSON.parse reads it without recursion.
    if (err instanceof RangeError) return JSON.parse(text) as unknown;
    throw err;
  }
}

const exactNumbers: ExactReviver = (_key, value, context) =>
  typeof value === "number" && Number.isFinite(value) && context?.source !== undefined && context.source !== String(value) ? RawJson.rawJSON(context.source) : value;

/** Whether `v` is a number kept as its text by parseJsonExact. */
export const isRawJson = (v: unknown): boolean => RawJson.isRawJSON(v);
