/**
 * Documents of bench/detect's labelled corpus that write personal data escaped, as the
 * detectors read it since libs/detectors/src/core/unescape.ts: a web server's access log
 * (combined log format) whose query strings and paths carry e-mails, phone numbers, now and
 * then an SSN or an IBAN, percent-encoded; a HAR capture or an API log with form bodies
 * (`application/x-www-form-urlencoded`: `+` for a blank); a JSON log whose serializer escaped
 * `@ < > &` and everything beyond ASCII as `\uXXXX`. A HAR's response now and then holds a page
 * with an e-mail obfuscated as `&#64;`.
 *
 * The escaping is done by real encoders (`encodeURIComponent`, `URLSearchParams`, and for JSON
 * `JSON.stringify` with the escapes Go's encoding/json writes for `<>&` and Python's
 * `ensure_ascii` for non-ASCII, `@` added as some loggers do), and each planted value's span is
 * its span in the ENCODED text (the detectors report the escaped span). Look-alikes are planted
 * beside them and must not be reported: `%40` in a path that holds no e-mail (`logo%402x.png`,
 * a scoped package's `%40acme%2Fui-kit`), percent-encoded search terms, OAuth redirects and
 * campaign parameters, `\u0040here` mentions, `\u003c…\u003e` markup.
 *
 * The documents come from a Faker of their own (German and English names, so that umlauts are
 * escaped too), so adding them leaves the other templates' documents as they were.
 */
import type { Faker } from "@faker-js/faker";
import type { Values } from "./values.ts";
import { TextBuilder, type Doc } from "./doc.ts";

/** A value as a form (or a browser's GET form, or URLSearchParams) encodes it: `+` for a blank. */
export const formEncode = (v: string): string => new URLSearchParams({ v }).toString().slice(2);

/**
 * A string as a JSON serializer writes it that escapes `@ < > &` and every character beyond
 * ASCII as `\uXXXX` (Go's encoding/json escapes `<>&`, Python's json.dumps everything beyond
 * ASCII; some loggers `@` too). Without the quotes.
 */
export const jsonEscape = (v: string): string =>
  JSON.stringify(v)
    .slice(1, -1)
    .replace(/[@<>&\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

/** An e-mail obfuscated against harvesters as web pages write it: `jane&#64;example.org`. */
const htmlObfuscate = (v: string): string => v.replace(/@/g, "&#64;");

class Builder extends TextBuilder {
  /** Plants `raw` (a value of `type`) as `encode` writes it, the span over the encoded text. */
  pos(type: string, raw: string, encode: (v: string) => string = (v) => v): this {
    return this.plant(type, encode(raw));
  }
}

/** One query parameter or form field: its value, and its type when it is a planted value. */
type Field = [key: string, value: string, type?: string];

export function escapedDocs(faker: Faker, values: Values, count: number): Doc[] {
  const P = values.positive;
  const n = (max: number) => faker.number.int(max);
  const hex = (len: number) => faker.string.hexadecimal({ length: len, casing: "lower", prefix: "" });
  const negative = () => faker.helpers.arrayElement(values.negative)();
  const fullName = () => `${faker.person.firstName()} ${faker.person.lastName()}`;
  const word = () => faker.word.noun().toLowerCase().replace(/[^a-z]/g, "") || "item";
  /** A password as people choose them: letters, digits and a sign or two that a form encodes. */
  const password = () => {
    const base = faker.internet.password({ length: 8 + n(6), pattern: /[A-Za-z0-9]/ });
    const sign = () => faker.helpers.arrayElement([..."!#$%&*+=?@"]);
    const at = 1 + n(base.length - 2);
    return `${base.slice(0, at)}${sign()}${base.slice(at)}${faker.datatype.boolean() ? sign() : ""}`;
  };
  /** User agents with real versions (no four-part version that looks like an IP address). */
  const userAgent = () =>
    faker.helpers.arrayElement([
      () => `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${120 + n(6)}.0.${6099 + n(400)}.${n(200)} Safari/537.36`,
      () => `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.${n(5)} Safari/605.1.15`,
      () => `Mozilla/5.0 (X11; Linux x86_64; rv:${120 + n(6)}.0) Gecko/20100101 Firefox/${120 + n(6)}.0`,
      () => `Mozilla/5.0 (iPhone; CPU iPhone OS 17_${n(5)} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.${n(5)} Mobile/15E148 Safari/604.1`,
      () => `curl/8.${n(8)}.${n(1)}`,
      () => `python-requests/2.${28 + n(4)}.${n(3)}`,
      () => `okhttp/4.${9 + n(3)}.${n(2)}`,
    ])();
  const clfDate = () => {
    const d = faker.date.recent();
    const mon = d.toLocaleString("en-US", { month: "short", timeZone: "UTC" });
    const p2 = (x: number) => String(x).padStart(2, "0");
    return `${p2(d.getUTCDate())}/${mon}/${d.getUTCFullYear()}:${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())} +0000`;
  };

  /**
   * Writes `fields` as a query string or form body with `encode`, planting the typed ones. With
   * URLSearchParams's encoding the result is checked against URLSearchParams itself.
   */
  function fieldsOf(b: Builder, fields: Field[], encode: (v: string) => string): void {
    const from = b.text.length;
    fields.forEach(([k, v, type], i) => {
      b.add(`${i ? "&" : ""}${encode(k)}=`);
      if (type) b.pos(type, v, encode);
      else b.add(encode(v));
    });
    if (encode === formEncode && b.text.slice(from) !== new URLSearchParams(fields.map(([k, v]): [string, string] => [k, v])).toString()) throw new Error("escaped.ts: a form encoding differs from URLSearchParams's");
  }

  /** The request target of an access log's line: a path, a query with planted values, or a look-alike. */
  function target(b: Builder): void {
    const encode = faker.datatype.boolean() ? formEncode : encodeURIComponent;
    const r = n(11);
    if (r < 4) {
      // a lookup, a verification or a subscription with the person's contact in the query
      const fields: Field[] = [["email", P.EMAIL_ADDRESS!(), "EMAIL_ADDRESS"]];
      if (faker.datatype.boolean()) fields.push(["phone", P.PHONE_NUMBER!(), "PHONE_NUMBER"]);
      if (n(3) === 0) fields.push(faker.datatype.boolean() ? ["ssn", P.US_SSN!(), "US_SSN"] : ["iban", P.IBAN_CODE!(), "IBAN_CODE"]);
      if (faker.datatype.boolean()) fields.push(["lang", faker.helpers.arrayElement(["en", "de", "en-US"])]);
      fields.push(["ref", faker.helpers.arrayElement(["newsletter", "checkout", "signup form", "web"])]);
      b.add(`GET ${faker.helpers.arrayElement(["/api/v1/customers/lookup", "/account/verify", "/newsletter/subscribe", "/api/users"])}?`);
      fieldsOf(b, faker.helpers.shuffle(fields), encode);
    } else if (r < 5) {
      // an e-mail as a REST path's segment
      b.add(`${faker.helpers.arrayElement(["GET", "DELETE", "PUT"])} /api/v2/users/`).pos("EMAIL_ADDRESS", P.EMAIL_ADDRESS!(), encodeURIComponent).add(faker.helpers.arrayElement(["", "/orders", "/preferences"]));
    } else if (r < 6) {
      // a phone number alone, as a click-to-call or an SMS verification sends it
      b.add(`POST /api/sms/verify?`);
      fieldsOf(b, [["to", P.PHONE_NUMBER!(), "PHONE_NUMBER"], ["code", String(100000 + n(899999))]], encode);
    } else if (r < 7) {
      // look-alike: "@" in a path that holds no e-mail (an image for high-density screens, a scoped package)
      b.add("GET ").add(faker.datatype.boolean() ? `/static/img/${word()}${encodeURIComponent("@2x")}.png` : `/packages/${encodeURIComponent(`@${word()}/${word()}-kit`)}/${n(9)}.${n(20)}.${n(9)}`);
    } else if (r < 8) {
      // look-alike: a search, its terms percent-encoded
      const terms = faker.helpers.arrayElement([
        () => `${faker.commerce.productName()} & ${word()}`,
        () => `${n(70) + 10}% off ${faker.commerce.product()}`,
        () => `"${faker.commerce.productAdjective()} ${faker.commerce.product()}" size ${n(12) + 36}`,
        () => `order ${negative()}`,
      ])();
      b.add("GET /search?");
      fieldsOf(b, [["q", terms], ["page", String(n(9) + 1)]], encode);
    } else if (r < 9) {
      // look-alike: an OAuth redirect ("email" a scope, the callback URL encoded)
      b.add("GET /oauth/authorize?");
      fieldsOf(b, [["client_id", hex(20)], ["redirect_uri", `https://${faker.internet.domainName()}/auth/callback`], ["scope", "openid profile email"], ["state", hex(16)]], encode);
    } else if (r < 10) {
      // look-alike: a campaign's parameters
      b.add("GET /?");
      fieldsOf(b, [["utm_source", "newsletter"], ["utm_medium", "email"], ["utm_campaign", faker.company.buzzPhrase()]], encode);
    } else {
      // no personal data: an asset, an order's page
      b.add("GET ").add(faker.helpers.arrayElement([`/assets/app.${hex(8)}.js`, "/favicon.ico", `/api/v1/orders/${encodeURIComponent(negative())}`, `/checkout?next=${encodeURIComponent("/checkout/payment?step=2")}`]));
    }
  }

  /** A web server's access log, combined log format. */
  function accessLog(): Doc {
    const b = new Builder();
    const lines = 8 + n(12);
    for (let i = 0; i < lines; i++) {
      b.pos("IP_ADDRESS", P.IP_ADDRESS!()).add(` - - [${clfDate()}] "`);
      target(b);
      const referer = faker.datatype.boolean() ? "-" : `https://${faker.internet.domainName()}/${word()}`;
      b.add(` HTTP/1.1" ${faker.helpers.arrayElement([200, 200, 200, 204, 302, 304, 404])} ${n(40000)} "${referer}" "${userAgent()}"\n`);
    }
    return { kind: "access log", text: b.text, spans: b.spans };
  }

  /** A form's fields: a sign-up, a log-in, a bank account's update, a contact form, or a form without personal data. */
  function form(): { path: string; fields: Field[] } {
    const r = n(4);
    if (r === 0)
      return {
        path: "/signup",
        fields: [["name", fullName(), "PERSON"], ["email", P.EMAIL_ADDRESS!(), "EMAIL_ADDRESS"], ["phone", P.PHONE_NUMBER!(), "PHONE_NUMBER"], ["password", password(), "PASSWORD"], ["newsletter", "on"], ["csrf_token", hex(32)]],
      };
    if (r === 1) return { path: "/login", fields: [["username", P.EMAIL_ADDRESS!(), "EMAIL_ADDRESS"], ["password", password(), "PASSWORD"], ["remember_me", "1"]] };
    if (r === 2)
      return {
        path: "/account/payment",
        fields: [["account_holder", fullName(), "PERSON"], ["iban", P.IBAN_CODE!(), "IBAN_CODE"], ...(faker.datatype.boolean() ? [["ssn", P.US_SSN!(), "US_SSN"] as Field] : []), ["reference", negative()]],
      };
    // a contact form: the message holds signs a form encodes, and no personal data of its own
    return {
      path: "/contact",
      fields: [["email", P.EMAIL_ADDRESS!(), "EMAIL_ADDRESS"], ["subject", `Order ${negative()}`], ["message", `${faker.commerce.productName()} & ${faker.commerce.product()}: ${n(50) + 10}% off? ${faker.hacker.phrase()}`]],
    };
  }

  /** A HAR capture's entries or an API's log lines, requests with form bodies. */
  function formLog(): Doc {
    const b = new Builder();
    const host = `${faker.helpers.arrayElement(["www", "app", "shop"])}.${faker.internet.domainName()}`;
    if (faker.datatype.boolean()) {
      b.add(`{\n  "log": {\n    "version": "1.2",\n    "creator": { "name": "WebInspector", "version": "537.36" },\n    "entries": [\n`);
      const entries = 1 + n(2);
      for (let i = 0; i < entries; i++) {
        const { path, fields } = form();
        b.add(`      {\n        "startedDateTime": "${faker.date.recent().toISOString()}",\n        "request": {\n          "method": "POST",\n          "url": "https://${host}${path}",\n          "httpVersion": "HTTP/2",\n`);
        b.add(`          "headers": [\n            { "name": "content-type", "value": "application/x-www-form-urlencoded" },\n            { "name": "origin", "value": "https://${host}" }\n          ],\n`);
        b.add(`          "postData": {\n            "mimeType": "application/x-www-form-urlencoded",\n            "text": "`);
        fieldsOf(b, fields, formEncode);
        b.add(`"\n          }\n        },\n        "response": { "status": ${faker.helpers.arrayElement([200, 302, 303])}, "content": { "size": ${n(9000)}, "mimeType": "text/html"`);
        // (the page that answered, with its contact obfuscated against harvesters: `&#64;`)
        if (faker.datatype.boolean()) b.add(`, "text": ${JSON.stringify(`<p>Thank you! ${faker.company.catchPhrase()}. Questions? Write to `).slice(0, -1)}`).pos("EMAIL_ADDRESS", P.EMAIL_ADDRESS!(), htmlObfuscate).add(`${JSON.stringify(" or call us.</p>").slice(1)}`);
        b.add(` } }\n      }${i + 1 < entries ? "," : ""}\n`);
      }
      b.add("    ]\n  }\n}\n");
    } else {
      const lines = 3 + n(5);
      for (let i = 0; i < lines; i++) {
        b.add(`${faker.date.recent().toISOString()} INFO  http-nio-8443-exec-${n(9) + 1} `);
        if (n(3) === 0) {
          // no body: a health check, a static file
          b.add(`GET ${faker.helpers.arrayElement(["/health", "/metrics", `/static/${word()}.css`])} ${200} ${n(40)} ms\n`);
          continue;
        }
        const { path, fields } = form();
        b.add(`POST ${path} content-type=application/x-www-form-urlencoded body=`);
        fieldsOf(b, fields, formEncode);
        b.add(` -> ${faker.helpers.arrayElement([200, 302, 400])} ${n(400)} ms\n`);
      }
    }
    return { kind: "form body", text: b.text, spans: b.spans };
  }

  /** A JSON log (one object a line) whose serializer escapes `@ < > &` and non-ASCII. */
  function jsonLog(): Doc {
    const b = new Builder();
    const lines = 6 + n(10);
    const str = (key: string, value: string, type?: string) => {
      b.add(`,"${key}":"`);
      if (type) b.pos(type, value, jsonEscape);
      else b.add(jsonEscape(value));
      b.add('"');
    };
    for (let i = 0; i < lines; i++) {
      b.add(`{"time":"${faker.date.recent().toISOString()}","level":"${faker.helpers.arrayElement(["info", "warn", "debug"])}"`);
      const r = n(8);
      if (r < 3) {
        str("msg", "user signed up");
        str("email", P.EMAIL_ADDRESS!(), "EMAIL_ADDRESS");
        str("name", fullName(), "PERSON");
        if (faker.datatype.boolean()) str("phone", P.PHONE_NUMBER!(), "PHONE_NUMBER");
        b.add(`,"remote_addr":"`).pos("IP_ADDRESS", P.IP_ADDRESS!()).add('"');
      } else if (r < 4) {
        // an e-mail in a message, in angle brackets
        b.add(`,"msg":"${jsonEscape("password reset requested for <")}`).pos("EMAIL_ADDRESS", P.EMAIL_ADDRESS!(), jsonEscape).add(`${jsonEscape(">")}"`);
      } else if (r < 5) {
        str("msg", "payout account changed");
        str("holder", fullName(), "PERSON");
        str("iban", P.IBAN_CODE!(), "IBAN_CODE");
        if (faker.datatype.boolean()) str("ssn", P.US_SSN!(), "US_SSN");
      } else if (r < 6) {
        // a German service's message (its umlauts escaped as \u00e4)
        str("msg", "Empfänger geändert");
        str("recipient", fullName(), "PERSON");
        str("contact", P.EMAIL_ADDRESS!(), "EMAIL_ADDRESS");
      } else {
        // look-alikes: a query with "<" and "&", a high-density image, a mention, a template, a scoped package, non-ASCII prose
        const la = faker.helpers.arrayElement([
          () => str("msg", `GET /api/v1/items?price<${n(90) + 10}&sort=asc`),
          () => str("asset", `/img/${word()}@2x.png`),
          () => str("msg", `@${faker.helpers.arrayElement(["here", "channel", "oncall"])} deploy ${negative()} finished`),
          () => str("template", "<p>Hello {{first_name}}, write to <{{support_email}}></p>"),
          () => str("dependency", `@${word()}/${word()}@${n(9)}.${n(20)}.${n(9)}`),
          () => str("msg", faker.helpers.arrayElement(["Größe geändert", "Bestellung übermittelt", "Zahlung läuft – bitte warten", "Ärger mit Lieferung → Ticket"])),
        ]);
        la();
        b.add(`,"trace_id":"${hex(32)}"`);
      }
      b.add("}\n");
    }
    return { kind: "json log", text: b.text, spans: b.spans };
  }

  const makers = [accessLog, formLog, jsonLog];
  return Array.from({ length: count }, (_, i) => makers[i % makers.length]!());
}
