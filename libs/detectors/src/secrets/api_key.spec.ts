import assert from "node:assert/strict";
import { apiKey } from "./api_key.ts";
import { run } from "../testing.ts";

const values = (text: string) => run(apiKey, text).map((f) => text.slice(f.start, f.end));

describe("secrets/api_key", () => {
  it("finds random-looking values assigned to key/secret/token names", () => {
    assert.deepEqual(values("STRIPE_API_KEY=sk_live_4eC39HqLyjWDarjtT1zdp7dc"), ["sk_live_4eC39HqLyjWDarjtT1zdp7dc"]);
    assert.deepEqual(values('client_secret: "Zq8vN2pL0xR7tY4wK9mB3cD6"'), ["Zq8vN2pL0xR7tY4wK9mB3cD6"]);
  });
  it("ignores short, low-entropy and placeholder values", () => {
    assert.deepEqual(values("token=abc\nsecret=aaaaaaaaaaaaaaaaaaaaaa\napi_key=${API_KEY}"), []);
    // a build's resource-filtering tokens (Jackson's parent POM)
    assert.deepEqual(values("replacement token: @projectgroupid@\n ${project.groupId}"), []);
    // the OAuth RFCs' example tokens, which libraries' docs copy (oauthlib)
    assert.deepEqual(values('"access_token":"2YotnFZFEjr1zCsicMWpAA",\n"refresh_token":"tGzv3JOkF0XG5Qx2TlKWIA",\noauth_token="hh5s93j4hdidpola"'), []);
    // RFC 5849's Authorization header (section 3.5.1) and RFC 7009's revocation request, in oauthlib's docstrings
    assert.deepEqual(values('    oauth_consumer_key="0685bd9184jfhq22",\n    oauth_token="ad180jjd733klru7",\n\n    token=45ghiukldjahdnhzdauz&token_type_hint=refresh_token'), []);
    // the AWS CLI's examples and moto's fixtures: an example's marker, values counting up, a format string's field
    assert.deepEqual(values('"SecretAccessKey": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",\n"token": "abcd1234defg5678",\nsecret_key = "a1b2c3d4567890ab"\napi_key: 1a2b3c4d-5e6f-7a8b-9c0d-1e2f3a4b5c6d\ntoken = {self._starting_token}'), []);
  });
  it("takes a WebDAV lock token for no key (Subversion's book: Lock Token: opaquelocktoken:…)", () => {
    assert.deepEqual(values("Lock Token: opaquelocktoken:0c0f600b-88f9-0310-9e48-355b44d4a58e\nLock Owner: harry"), []);
    assert.deepEqual(values("auth_token: 0c0f600b88f903109e48355b44d4a58e"), ["0c0f600b88f903109e48355b44d4a58e"]);
  });
  it("takes an attribute of an object for code, not a key (OpenAI's and LangChain's clients)", () => {
    assert.deepEqual(values("const apiKey = this._options.apiKey;\nparams.apiKey = openAIEndpointConfig.azureOpenAIApiKey;"), []);
    assert.deepEqual(values('const LANGSMITH_API_KEY = "LANGSMITH_API_KEY";\napi_key: SecurityGrantApiKeyGrantApiKey;\nclient_secret: TranscriptionSession.ClientSecret;'), []);
    assert.deepEqual(values('{token:"comment.line.double-dash.source.rust",regex:"//.*$"}'), []);
    // LangChain's docs (TypeScript's non-null assertion) and OpenTelemetry's re-exported constants
    assert.deepEqual(values("token: process.env.UPSTASH_REDIS_REST_TOKEN!,\nexports.K8S_VOLUME_TYPE_VALUE_SECRET = require_experimental_attributes.K8S_VOLUME_TYPE_VALUE_SECRET;"), []);
    // gcloud's man pages: a secret manager's resource name, a value named after its option
    assert.deepEqual(values("    \\-\\-secret=projects/my\\-project/secrets/my\\-secret/versions/2\n  \\-\\-activation\\-token=channel\\-activation\\-token\n"), []);
    // OpenAI's SDK: an OAuth token type's URN
    assert.deepEqual(values("const X509_SUBJECT_TOKEN = 'urn:openai:params:oauth:token-type:x509';"), []);
    assert.deepEqual(values("const API_TOKEN = 'urnQ7xK2mP9vL4nR8tW3';"), ["urnQ7xK2mP9vL4nR8tW3"]);
    assert.deepEqual(values('const apiKey = fieldsWithDefaults?.apiKey;\nconst token = Lexer.#operatorSingletons[op];\n{"secret":"**GDPR COMPLIANT**"}'), []);
  });
  it("takes a camelCase identifier of words for a placeholder, not a key (Elasticsearch's client README)", () => {
    // "auth: { apiKey: 'base64EncodedKey' }" was reported at 1.0, twice
    assert.deepEqual(values("  cloud: { id: '<cloud-id>' },\n  auth: { apiKey: 'base64EncodedKey' }\n"), []);
    assert.deepEqual(values("const token = 'myAccessTokenValue2';"), []);
    // random keys that start so stay: a piece without a vowel, a digit inside a piece, two capitals
    assert.deepEqual(values("api_key: 'bcdx2TrmpQzwkLkkv7Nbcdfg'\napi_key: 'base64Enc0dedKeyZq'\napi_key: 'abQ7xK2mP9vL4nR8tW3s'"), ["bcdx2TrmpQzwkLkkv7Nbcdfg", "base64Enc0dedKeyZq", "abQ7xK2mP9vL4nR8tW3s"]);
  });
  it("takes no value from the next line, and no C++ scope for an assignment", () => {
    assert.deepEqual(values("function to mix session keys with inner secret:\n  gnutls_ia_permute_inner_secret"), []);
    assert.deepEqual(values("(secret::Zq8vN2pL0xR7tY4wK9mB3cD6)"), []);
  });
  it("leaves a JSON Web Token to the JWT detector, not a JWT-shaped random value", () => {
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
    const token = `${b64({ alg: "HS256", typ: "JWT" })}.${b64({ sub: "42" })}.c2lnbmF0dXJlX2J5dGVzX2hlcmU`;
    assert.deepEqual(values(`access_token: ${token}`), []);
    assert.deepEqual(values("access_token: eyJ4Q9zVbN2kLp7.eyJ8RtYw3XmQ1sZ0.Kd93hFvPq2LmZx"), ["eyJ4Q9zVbN2kLp7.eyJ8RtYw3XmQ1sZ0.Kd93hFvPq2LmZx"]);
  });
});
