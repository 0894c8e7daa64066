import type { Detector } from "../core/types.ts";
import { findAssignments, KEY_START, SEPARATOR } from "./assignment.ts";
import { jwt } from "./jwt.ts";

/** `api_key = ...`, `client_secret: ...`, `aws_secret_access_key=...`, `auth_token=...`. */
const NAMES = String.raw`(?:api[_.-]?key|apikey|secret[_.-]?key|client[_.-]?secret|secret|access[_.-]?token|auth[_.-]?token|refresh[_.-]?token|private[_.-]?token|token|secret[_.-]?access[_.-]?key)["']?[ \t]*${SEPARATOR}`;
const KEYS = new RegExp(String.raw`${KEY_START}(?:[A-Za-z0-9]+[_.-])*${NAMES}`, "gi");
/** The part of every KEYS match from the key name on: a quick test that the text assigns a key at all. */
const TAIL = new RegExp(NAMES, "i");

/**
 * Values that are no key whatever their entropy: with a blank ("**GDPR COMPLIANT**"), a URL, code
 * (`fieldsWithDefaults?.apiKey`, `Lexer.#operatorSingletons[op`), and names without a digit
 * (`LANGSMITH_API_KEY`, `SecurityGrantApiKeyGrantApiKey`, `TranscriptionSession.ClientSecret`, a
 * TextMate scope `comment.line.double-dash.source.rust` in an editor's syntax rules:
 * a random key of 16 or more characters holds a digit but for a few in a hundred), a secret
 * manager's resource name (`projects/my-project/secrets/my-secret/versions/2`), a URN (`X509_SUBJECT_TOKEN =
 * 'urn:openai:params:oauth:token-type:x509'`, an OAuth token type in OpenAI's SDK), a WebDAV lock
 * token (`Lock Token: opaquelocktoken:0c0f600b-88f9-…` in Subversion's book: a lock's name, RFC 4918),
 * an ARN (a Lambda function's, under Cognito's "PreTokenGeneration").
 */
export const NOT_A_KEY = /\s|:\/\/|\?\.|#|\[|^[A-Za-z_.$-]+$|^projects\/|\/secrets\/|^urn:|^arn:|^opaquelocktoken:/i;

/**
 * A camelCase identifier of words, digits only at a word's end: a README's placeholder for the
 * value (`auth: { apiKey: 'base64EncodedKey' }` in Elasticsearch's client, reported at 1.0; a
 * variable's name, `myApiKeyValue2`). Each piece holds a vowel; random base62 of 16 characters or
 * more takes this shape about once in 100,000 values.
 */
const CAMEL_WORDS = /^[a-z]{2,}\d*(?:[A-Z][a-z]{2,}\d*)+$/;
const camelWords = (value: string): boolean => CAMEL_WORDS.test(value) && value.split(/(?=[A-Z])|\d+/).every((p) => p === "" || /[aeiouy]/i.test(p));

/** Shannon entropy in bits per character. */
export function entropy(s: string): number {
  const counts = new Map<string, number>();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) h -= (n / s.length) * Math.log2(n / s.length);
  return h;
}

export const apiKey: Detector = {
  id: "api_key",
  type: "API_KEY",
  area: "secrets",
  category: "credential",
  description: "API key, token or client secret in a configuration assignment (entropy-checked)",
  patterns: [],
  context: ["api", "key", "secret", "token", "credentials", "auth"],
  readsKey: true,
  prefilter: { keywords: ["key", "secret", "token"] },
  find(text) {
    // Keys and tokens are random: at least 16 characters and ~3.5 bits of entropy per character.
    // A value the JWT detector validates is its finding (the more specific type), not a key.
    return findAssignments(text, KEYS, 16, 0.75, TAIL)
      .filter((c) => randomKey(text.slice(c.start, c.end)))
      .map((c) => ({ ...c, validation: "assignment_entropy" }));
  },
};

/**
 * Whether a value may be a key or a token: random (about 3.5 bits of entropy per character or
 * more), no JWT (the JWT detector's, the more specific type), nothing `NOT_A_KEY` names and no
 * identifier of words (`camelWords`).
 */
export function randomKey(value: string): boolean {
  return entropy(value) >= 3.5 && !(value.startsWith("eyJ") && jwt.validate!(value)) && !NOT_A_KEY.test(value) && !camelWords(value);
}
