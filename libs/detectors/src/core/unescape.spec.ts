import assert from "node:assert/strict";
import { ESCAPE, mayUnescape, unescapeForDetection } from "./unescape.ts";

/** The decoded text, and each of its characters with the original span it stands for. */
function decoded(input: string): { text: string; spans: string[] } | null {
  const u = unescapeForDetection(input);
  if (u === null) return null;
  assert.equal(u.start.length, u.text.length + 1);
  assert.equal(u.end.length, u.text.length);
  assert.equal(u.start[u.text.length], input.length);
  const spans: string[] = [];
  for (let i = 0; i < u.text.length; i++) {
    // (the two units of a surrogate pair share their span)
    assert.ok(u.start[i]! < u.end[i]! && u.end[i]! <= input.length && (u.end[i]! <= u.start[i + 1]! || u.start[i + 1] === u.start[i]), `span of ${i}`);
    spans.push(input.slice(u.start[i], u.end[i]));
  }
  return { text: u.text, spans };
}

describe("detectors: escapes decoded for detection", () => {
  it("decodes percent-escapes in a URL, `+` as a blank in its query, not in its path", () => {
    assert.equal(decoded("GET /api/users?email=jane.doe%40gmail.com HTTP/1.1")!.text, "GET /api/users?email=jane.doe@gmail.com HTTP/1.1");
    assert.equal(decoded("redirect?to=mailto%3Ajohn.smith%40acme-corp.de")!.text, "redirect?to=mailto:john.smith@acme-corp.de");
    assert.equal(decoded("/c++/my%20file?q=a+b#x+y")!.text, "/c++/my file?q=a b#x+y");
    assert.equal(decoded("/app#/view?q=a+b&x=%2F")!.text, "/app#/view?q=a+b&x=/", "a \"?\" in the fragment opens no query");
    // a query without an escape keeps its "+" (nothing says it was form-encoded)
    assert.equal(decoded("/a?q=a+b x?y=%40 z?q=c+d")!.text, "/a?q=a+b x?y=@ z?q=c+d");
    // a URL's authority is left as it is: a decoded "@" or "/" in a password would break the URL
    assert.equal(decoded("https://user:he%2F%2Fo@pypi.example.com/simple?u=a%40b.org")!.text, "https://user:he%2F%2Fo@pypi.example.com/simple?u=a@b.org");
    assert.equal(decoded("http://user%40name:p%40ss%3Aword@localhost:8080/"), null);
    assert.equal(decoded("//trusted.com%40evil.com/path"), null);
    const d = decoded("x jane.doe%40gmail.com")!;
    assert.equal(d.spans[10], "%40");
    assert.equal(d.spans[11], "g");
  });

  it("decodes a form body, `+` as a blank, and UTF-8 sequences as one character", () => {
    assert.equal(decoded("name=John+Smith&phone=%2B49+30+1234567&iban=DE89%203704%200044%200532%200130%2000")!.text, "name=John Smith&phone=+49 30 1234567&iban=DE89 3704 0044 0532 0130 00");
    const d = decoded("name=J%C3%BCrgen+M%C3%BCller&e=%F0%9F%98%80")!;
    assert.equal(d.text, "name=Jürgen Müller&e=😀");
    assert.equal(d.spans[6], "%C3%BC");
    assert.deepEqual(d.spans.slice(-2), ["%F0%9F%98%80", "%F0%9F%98%80"]);
  });

  it("reads `+` as a blank in a query or form body of two pairs or more without any escape (what a browser writes when nothing needed escaping)", () => {
    const body = "account_holder=Helene+Dehmel&iban=SI21+8448+6320+0608+412&reference=257.479.145-20";
    assert.equal(decoded(body)!.text, "account_holder=Helene Dehmel&iban=SI21 8448 6320 0608 412&reference=257.479.145-20");
    assert.equal(decoded("GET /search?q=jane+doe&page=2 HTTP/1.1")!.text, "GET /search?q=jane doe&page=2 HTTP/1.1");
    // one pair, a path, a fragment, code: "+" stays
    assert.equal(decoded("/a?q=a+b x?y=%40 z?q=c+d")!.text, "/a?q=a+b x?y=@ z?q=c+d");
    assert.equal(decoded("/c++/x?a=1&b=2"), null);
    assert.equal(decoded("/p#q=a+b&c=d"), null);
    assert.equal(decoded("total=a+b; n=1&m=2"), null);
    assert.ok(mayUnescape(body) && !mayUnescape("a+b&c") && !mayUnescape("x?a=1&b=2"));
  });

  it("leaves an escaped `&` in a query or form body escaped: decoded, it ended the value early", () => {
    assert.equal(decoded("username=jane%40x.org&password=ab12%26cd34&remember_me=1")!.text, "username=jane@x.org&password=ab12%26cd34&remember_me=1");
    assert.equal(decoded("/q?s=Tom%20%26%20Jerry")!.text, "/q?s=Tom %26 Jerry");
    // elsewhere an escaped "&" is decoded
    assert.equal(decoded(String.raw`"Tom \u0026 Jerry"`)!.text, '"Tom & Jerry"');
  });

  it("decodes JSON's \\u escapes (a surrogate pair as one character) and HTML's numeric character references", () => {
    assert.equal(decoded(String.raw`{"email":"jane\u0040gmail.com","name":"J\u00fcrgen","e":"\ud83d\ude00"}`)!.text, '{"email":"jane@gmail.com","name":"Jürgen","e":"😀"}');
    assert.equal(decoded("jane.doe&#64;gmail.com, jane.doe&#x40;gmail.com, O&#39;Brien")!.text, "jane.doe@gmail.com, jane.doe@gmail.com, O'Brien");
    assert.equal(decoded(String.raw`"SSN:\u000a536-22-1234"`)!.text, '"SSN: 536-22-1234"', "a line break as a blank");
  });

  it("leaves invalid and structural escapes, ASCII letters and digits as percent-escapes, and text without escapes alone", () => {
    // malformed UTF-8 (decodeURIComponent throws on it), a lone surrogate, an escaped backslash, a quote, "<"
    assert.equal(decoded("a%E0%A4 b%C3 c%FF%FE"), null);
    assert.equal(decoded(String.raw`"\ud83d x" "\\u0040" "\u0000"`), null);
    assert.equal(decoded("/q?y=%00%7F%C2%85"), null);
    // a quote, a backslash, "<" and ">" as a blank: a separator that ends no JSON string nor XML element
    assert.equal(decoded(String.raw`{"q":"/u?filter=email%20eq%20%22jane%40x.org%22","n":"\u0022Jim\u0022 \u003cb\u003e"}`)!.text, '{"q":"/u?filter=email eq  jane@x.org ","n":" Jim   b "}');
    assert.equal(decoded("grew 30%30 and 50%41"), null, "no encoder escapes letters or digits");
    assert.equal(decoded("&#0; &#1114112; &#xD800;"), null);
    assert.equal(decoded("100% sure, 20%, %zz, %4"), null);
    assert.equal(decoded("nothing here"), null);
    // one pass: a doubly encoded "@" stays "%40"
    assert.equal(decoded("a%2540b")!.text, "a%40b");
    // a valid escape beside an invalid one
    assert.equal(decoded("x%C3%40y")!.text, "x%C3@y");
  });

  it("has a cheap test that every decodable text passes", () => {
    for (const t of ["%40", String.raw`\u0040`, "&#64;", "&#x40;"]) assert.ok(ESCAPE.test(t), t);
    for (const t of ["100%", "%zz", String.raw`\u00`, "&#;", "&amp;"]) assert.ok(!ESCAPE.test(t), t);
  });
});
