import assert from "node:assert/strict";
import { sessionCookie } from "./session_cookie.ts";
import { run, values as valuesOf } from "../testing.ts";

const values = (text: string) => valuesOf(sessionCookie, text);

describe("secrets/session_cookie", () => {
  it("finds a framework's session cookie wherever it is written", () => {
    assert.deepEqual(values("cookie: JSESSIONID=9F2B1C9E4D7A6B5C3D2E1F0A9B8C7D6E; _ga=GA1.2.1234567890.1600000000"), ["9F2B1C9E4D7A6B5C3D2E1F0A9B8C7D6E"]);
    assert.deepEqual(values("GET /shop/cart;jsessionid=E71F0C3B9A24D8561B7C2E9F04A3D6B8?item=4 HTTP/1.1"), ["E71F0C3B9A24D8561B7C2E9F04A3D6B8"]);
    assert.deepEqual(values("Set-Cookie: PHPSESSID=k3j4h5g6f7d8s9a0q1w2e3r4t5; path=/"), ["k3j4h5g6f7d8s9a0q1w2e3r4t5"]);
    assert.deepEqual(values("connect.sid=s%3AZq8vR2tYxW3nB5mK7pL9.abc123DEF456ghi789JKL012mno345PQR678stu901"), ["s%3AZq8vR2tYxW3nB5mK7pL9.abc123DEF456ghi789JKL012mno345PQR678stu901"]);
    assert.deepEqual(values('"name": "_shop_session", "value": "x"\n_shop_session=bG9naW4gdG9rZW4gMTIzNDU2Nzg5MA%3D%3D--1a2b3c4d5e'), ["bG9naW4gdG9rZW4gMTIzNDU2Nzg5MA%3D%3D--1a2b3c4d5e"]);
    assert.equal(run(sessionCookie, "Cookie: ASP.NET_SessionId=ab12cd34ef56gh78ij90kl12")[0]!.validation, "session_cookie_name");
  });
  it("finds a generic name only on a line that says cookie", () => {
    assert.deepEqual(values("set-cookie: sid=Zq8vR2tYxW3nB5mK7pL9; HttpOnly"), ["Zq8vR2tYxW3nB5mK7pL9"]);
    assert.deepEqual(values("sid=Zq8vR2tYxW3nB5mK7pL9"), []);
    assert.deepEqual(values("cookie jar\nsession=Zq8vR2tYxW3nB5mK7pL9"), []);
    assert.deepEqual(values("session=requests.Session()  # cookie handling"), []);
  });
  it("rejects short values, values without a letter or a digit, placeholders, parts of longer names", () => {
    assert.deepEqual(values("Cookie: JSESSIONID=deleted; Max-Age=0"), []);
    assert.deepEqual(values("Cookie: JSESSIONID=ABCDEFGHIJKLMNOPQRSTUV"), []);
    assert.deepEqual(values("Cookie: JSESSIONID=12345678901234567890"), []);
    assert.deepEqual(values("Cookie: JSESSIONID=${SESSION_TOKEN_VALUE_1}"), []);
    assert.deepEqual(values("Cookie: MYJSESSIONID=9F2B1C9E4D7A6B5C3D2E1F0A9B8C7D6E"), []);
  });
});
