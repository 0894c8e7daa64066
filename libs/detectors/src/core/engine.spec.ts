import assert from "node:assert/strict";
import { DETECTORS } from "../registry.ts";
import { anchoredMatches, atChance, CHANCE_MIN_TRIED, compile, factsOf, GateScan, passes, runDetector } from "./engine.ts";
import type { Detector } from "./types.ts";
import { compileTerms, headerWords, labelBefore, matchTerms, paragraphCeil, paragraphFloor, windowWords, windowWordsReference, words } from "./context.ts";
import { rng } from "../testing.ts";


describe("core/engine", () => {
  it("a detector's gate opens wherever one of its context terms matches (it is a necessary condition), and only on the whole term", () => {
    const next = rng(5);
    const seps = [" ", ".", "-", "_", ". ", ": ", "/", "\n"];
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
    let hits = 0;
    for (const det of DETECTORS) {
      const c = compile(det);
      for (const term of det.context) {
        for (let k = 0; k < 4; k++) {
          // the term as a document may write it: any case, any separators, a plural, text around it
          const ws = term.split(/\s+/).map((w) => (next() < 0.5 ? w.toUpperCase() : w) + (next() < 0.2 ? "s" : ""));
          const text = `Ref. 12 ${ws.join(pick(seps))}${pick(seps)}0000 and more`;
          const at = text.indexOf("0000");
          if (matchTerms(c.ctx, [windowWords(text, at, at + 4, 50)]).length === 0) continue;
          hits++;
          assert.ok(c.gateRx.test(text.toLowerCase()), `${det.id}: ${JSON.stringify(text)} matches a term but the gate is shut`);
        }
      }
    }
    assert.ok(hits > 1000, `only ${hits} texts matched a term`);
    const dob = compile(DETECTORS.find((d) => d.id === "date_of_birth")!);
    assert.equal(dob.gateRx.test("order date 2024-11-23, delivered 2024-11-25"), false, "a lone d is no D.O.B.");
    assert.ok(dob.gateRx.test("d.o.b. 1980-04-02"));
    assert.ok(dob.gateRx.test(headerWords("Date_of_Birth").join(" ")));
    assert.equal(dob.gateRx.test(headerWords("order_date").join(" ")), false);
    // whole words: "dl" in "handler" or "lic" in "public" is no licence
    const dl = compile(DETECTORS.find((d) => d.id === "us_driver_license")!);
    assert.equal(dl.gateRx.test("the public handler in the middle of the republic, 12 units"), false);
    for (const t of ["dl: d1234567", "driver's licenses a1234567", "cdl #b7654321", "(licence) x"]) assert.ok(dl.gateRx.test(t), t);
  });
  it("one GateScan over a text opens exactly the gates each detector's own expression opens", () => {
    const compiled = DETECTORS.filter((d) => !d.ner).map(compile);
    const gates = new GateScan(compiled);
    const next = rng(11);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
    const terms = compiled.flatMap((c) => c.det.context);
    const fillers = ["the", "handler", "public", "ids", "dates", "birthday", "of", "d", "dl2", "x", "born1990", "account's", "numbers", "Ünïcode", "pass-word", "tax_id"];
    const seps = [" ", ".", "-", "_", ". ", ": ", "/", "\n", "", "  "];
    let opened = 0;
    for (let i = 0; i < 3000; i++) {
      // terms, parts of terms and near-misses, overlapping and glued together
      const parts = Array.from({ length: 2 + Math.floor(next() * 10) }, () => {
        const t = next() < 0.5 ? pick(terms) : pick(fillers);
        const ws = t.split(/\s+/).map((w) => (next() < 0.3 ? w.toUpperCase() : w) + (next() < 0.15 ? "s" : ""));
        return (next() < 0.2 ? ws.slice(0, 1 + Math.floor(next() * ws.length)) : ws).join(pick(seps));
      });
      const lower = parts.join(pick(seps)).toLowerCase();
      const open = gates.open(lower);
      for (const c of compiled) {
        if (!gates.has(c)) continue;
        const own = c.gateRx.test(lower);
        if (own) opened++;
        assert.equal(open.has(c), own, `${c.det.id} on ${JSON.stringify(lower)}`);
      }
    }
    assert.ok(opened > 3000, `only ${opened} gates opened`);
    // a term right after a character beyond ASCII inside a longer first word ("nom" of "prénoms", both context words)
    const inCell = compiled.find((c) => c.det.id === "person_in_cell")!;
    assert.equal(inCell.gateRx.test("x prénoms y"), true);
    assert.equal(gates.open("x prénoms y").has(inCell), true);
  });

  it("a maxChars pre-filter skips longer texts (detectors of a cell alone)", () => {
    const det: Detector = { id: "t", type: "T", area: "generic", category: "custom", description: "", patterns: [], context: [], prefilter: { maxChars: 10 }, find: () => [] };
    assert.equal(passes(compile(det), factsOf("short"), 0), true);
    assert.equal(passes(compile(det), factsOf("longer than ten"), 0), false);
  });
  it("reads camelCase words in their parts, an acronym before a word too, plurals and abbreviations of capitals whole", () => {
    assert.deepEqual(words("dateOfBirth phoneNumber NHSNumber XMLHttpRequest"), ["date", "of", "birth", "phone", "number", "nhs", "number", "xml", "http", "request"]);
    assert.deepEqual(words("SSNs IBANs IDNr LTbigf iPhone XML dOB eID nSecu"), ["ssns", "ibans", "idnr", "ltbigf", "i", "phone", "xml", "dob", "eid", "n", "secu"], "a single letter first stays with an acronym after it, not with a word");
    assert.deepEqual(words("subnet-03c51e2eEXAMPLE"), ["subnet", "03c51e2e", "example"], "AWS's example ids: a letter after a digit too");
    assert.deepEqual(words("СерияИНомерПаспорта ДатаРождения"), ["серия", "и", "номер", "паспорта", "дата", "рождения"], "in any script with cases (1C's Cyrillic element names)");
    assert.deepEqual(words("numeroDAssuranceSociale isAValue macOSVersion"), ["numero", "d", "assurance", "sociale", "is", "a", "value", "mac", "os", "version"], "one capital after a word, before a capitalised word, is a word of its own");
    assert.deepEqual(headerWords("homePhone"), ["home", "phone"]);
    assert.equal(labelBefore("orderId=527 703 9934", 8), "id");
  });
  it("also matches a term of several words written as one word (\"dateofbirth\"), not one of single letters (\"c f\" is no \"cf\")", () => {
    const seqs = (ts: string[]) => compileTerms(ts).map((t) => t.seq.join(" "));
    assert.deepEqual(seqs(["date of birth", "tax file number", "c f", "ssn"]), ["date of birth", "tax file number", "c f", "ssn", "dateofbirth", "taxfilenumber"]);
    assert.deepEqual(matchTerms(compileTerms(["tax file number"]), [["taxfilenumber"]]), ["tax file number"]);
  });
  it("leaves HTML's layout tags out of a window, not an XML element's name", () => {
    const t = "<tr><td>D.O.B.</td><td>01/09/1961</td></tr>";
    assert.deepEqual(windowWords(t, t.indexOf("01/"), t.indexOf("</td></tr>"), 3), ["d", "o", "b"]);
    const x = "<dob>01/09/1961</dob>";
    assert.deepEqual(windowWords(x, 5, 15, 3), ["dob", "dob"]);
    assert.deepEqual(windowWords("<Tr2>x</b >y", 5, 6, 2), ["tr2", "y"], "a name not HTML's, and a tag with a blank");
  });
  it("reads a value's own label: the word right before it on its line, past a little label punctuation", () => {
    const at = (t: string, v: string) => labelBefore(t, t.indexOf(v));
    assert.equal(at("request id=527 703 9934", "527"), "id");
    assert.equal(at("Order #: 1234", "1234"), "order");
    assert.equal(at("Card numbers 4111", "4111"), "number");
    assert.equal(at("order\n1234", "1234"), "", "not across a line end");
    assert.equal(at("order      1234", "1234"), "", "not across a wide gap");
    assert.equal(at("1234", "1234"), "");
    assert.equal(at("id=5571 3533 4607 1482", "3533"), "id", "the label of the run a later group belongs to");
    assert.equal(at("tel: 030-1234", "1234"), "tel");
    assert.equal(at('"InvitedTime": 1579826107000', "157"), "time", "a JSON member's key, its camelCase word's last part");
    assert.equal(at('{"orderId": "5571 3533"}', "5571"), "id");
    assert.equal(at("<serial>1234</serial>", "1234"), "serial");
  });
  it("a value's own label that is negative context outweighs positive words further off", () => {
    const det: Detector = { id: "t", type: "T", area: "generic", category: "custom", description: "", patterns: [{ name: "n", regex: /\b\d{4}\b/g, score: 0.3 }], context: ["mobile"], negativeContext: ["id"], prefilter: {} };
    const c = compile(det);
    const scoreIn = (t: string) => runDetector(c, factsOf(t), 5)[0]!.score;
    const labelled = scoreIn("the mobile circuit! id=1234");
    assert.equal(labelled, 0, "its label says id: 0.3, no boost, minus the penalty");
    assert.ok(scoreIn("id of the mobile circuit: 1234") > labelled, "an id word further off only weighs against the boost");
    assert.ok(scoreIn("mobile circuit 1234") >= 0.4);
  });
  it("a candidate marked ownLine takes context from its own line and the column header only", () => {
    const det: Detector = { id: "t", type: "T", area: "generic", category: "custom", description: "", patterns: [], context: ["server"], prefilter: {}, find: (t) => [...t.matchAll(/\d\.\d\.\d\.\d/g)].map((m) => ({ start: m.index, end: m.index + 7, score: 0.1, validation: null, ownLine: true }))};
    const c = compile(det);
    const scoreIn = (t: string, header = "") => runDetector(c, factsOf(t, headerWords(header)), 5)[0]!;
    assert.equal(scoreIn("the server\nSync with 1.4.1.4").score, 0.1, "a line away: not lifted");
    assert.deepEqual(scoreIn("the server\nSync with 1.4.1.4").context, []);
    assert.ok(scoreIn("the other\nserver 1.4.1.4").score > 0.1, "on its line: lifted");
    assert.ok(scoreIn("server 1.4.1.4").score > 0.1, "a text of one line");
    assert.ok(scoreIn("notes\n1.4.1.4", "Server").score > 0.1, "its column header counts");
    // without the mark, the window crosses the line
    const plain = compile({ ...det, find: (t) => det.find!(t).map((x) => ({ ...x, ownLine: false })) });
    assert.ok(runDetector(plain, factsOf("the server\nSync with 1.4.1.4"), 5)[0]!.score > 0.1);
    // a negative word a line away still lowers it (gcloud's man pages: "test-key \\\n --ip=1.2.3.4")
    const neg = compile({ ...det, negativeContext: ["test"] });
    assert.ok(runDetector(neg, factsOf("add test-key \\\n --server=1.4.1.4"), 5)[0]!.score < runDetector(neg, factsOf("add key \\\n --server=1.4.1.4"), 5)[0]!.score);
  });
  it("a negative header term counts in the column header only, not in the text around a value", () => {
    const det: Detector = { id: "t", type: "T", area: "generic", category: "custom", description: "", patterns: [{ name: "n", regex: /\bParis\b/g, score: 0.4 }], context: [], negativeHeader: ["name"], prefilter: {} };
    const c = compile(det);
    const scored = (t: string, header = "") => runDetector(c, factsOf(t, headerWords(header)), 5)[0]!;
    assert.equal(scored("Paris").score, 0.4);
    assert.equal(scored("the name of the city is Paris").score, 0.4, "in the text it is no negative context");
    const inNameColumn = scored("Paris", "Customer Name");
    assert.ok(Math.abs(inNameColumn.score - 0.1) < 1e-9, `0.4 minus the penalty, not ${inNameColumn.score}`);
    assert.deepEqual(inNameColumn.context, ["-name"]);
    assert.equal(scored("Paris", "city").score, 0.4);
  });
  it("context stops at a blank line, in both directions", () => {
    const t = "[server]\nversion = 797 459 772\n\n[contact]\nphone";
    const at = t.indexOf("797");
    assert.equal(paragraphCeil(t, at + 11, t.length), t.indexOf("\n\n"));
    assert.equal(paragraphFloor(t, at, 0), 0);
    assert.deepEqual(windowWords(t, at, at + 11, 5), ["server", "version"]);
    const u = "phone\n \t\r\nversion 797";
    assert.equal(paragraphFloor(u, u.indexOf("797"), 0), u.indexOf("version"));
    assert.deepEqual(windowWords(u, u.indexOf("797"), u.length, 5), ["version"]);
    assert.deepEqual(windowWords("call\n797 459 772", 5, 16, 5), ["call"]);
  });
  it("reads a word with its marks whole, and a context term of a script without blanks inside a longer word", () => {
    // Thai's vowel and tone marks (Mn) belong to their word; a decomposed "é" too
    assert.deepEqual(words("เลขประจำตัวประชาชน cafe\u0301"), ["เลขประจำตัวประชาชน", "cafe\u0301"]);
    const ctx = compileTerms(["身分證", "เลขประจำตัวประชาชน", "id card"]);
    // "我的身分證字號是" is one word: the term is read inside it, before it
    // (with the terms of every detector registered so far: the Taiwanese id's "身分證字號" too)
    const read = words("我的身分證字號是");
    assert.ok(read.includes("身分證") && !read.includes("我的"), JSON.stringify(read));
    assert.equal(read[read.length - 1], "我的身分證字號是");
    assert.deepEqual(matchTerms(ctx, [windowWords("我的身分證字號是A123456789", 8, 18, 3)]), ["身分證"]);
    assert.deepEqual(matchTerms(ctx, [windowWords("เลขประจำตัวประชาชนของผม 1101700203450", 24, 37, 3)]), ["เลขประจำตัวประชาชน"]);
    assert.deepEqual(matchTerms(ctx, [headerWords("เลขประจำตัวประชาชน_ผู้สมัคร")]), ["เลขประจำตัวประชาชน"]);
    // (in a script with blanks, a term is still a whole word: "card" is not read inside "idcards2")
    assert.deepEqual(words("discard"), ["discard"]);
  });
  it("windowWords (a scan outwards from the span) reads the same words as slicing and a regular expression", () => {
    // (with markup: "<", "</", ">", "/" around words make tags' names, HTML's of which neither reads)
    const alphabet = ["a", "B", "s", "ss", " ", ",", "-", "\n", "\n\n", "\t", "1", "é", "Ж", "ß", "😀", "𝐀", "ñ", "<", "</", ">", "/", "td", "Tr", "h2", "dob",
      // (Thai with its vowel and tone marks, Chinese: scripts without blanks, whose registered context terms are read inside longer words too)
      "ประชาชน", "เลขประจำตัวประชาชน", "ของผม", "\u0e31", "身分證", "字號", "我的"];
    const rand = rng(11);
    for (let t = 0; t < 20_000; t++) {
      let text = "";
      const len = Math.floor(rand() * 220);
      for (let i = 0; i < len; i++) text += alphabet[Math.floor(rand() * alphabet.length)];
      const start = Math.floor(rand() * (text.length + 1));
      const end = start + Math.floor(rand() * (text.length - start + 1));
      // spans never start or end inside a surrogate pair
      if (/[\udc00-\udfff]/.test(text[start] ?? "") || /[\udc00-\udfff]/.test(text[end] ?? "")) continue;
      const n = Math.floor(rand() * 7);
      assert.deepEqual(windowWords(text, start, end, n), windowWordsReference(text, start, end, n), JSON.stringify({ text, start, end, n }));
    }
  });

  it("with a minimum score, runDetector reports exactly what it reports without one, filtered afterwards", () => {
    const text = [
      "SSN 078-05-1120 and 123456789; order 482913 shipped 2026-11-05, amount 512.30.",
      "Card 4111 1111 1111 1111, account 12345678901, routing 021000021, NHS 943 476 5919.",
      "Call +44 20 7946 0958 or (212) 555-0142. Licence D1234567, passport A12345678.",
      "Driver license number 123456789 issued; tax id 86095742719; BSN 111222333.",
      "sample 078-05-1120 example card 5500 0000 0000 0004; IP 10.0.0.1; mail a@b.co",
    ].join("\n");
    const header = "customer ssn";
    for (const minScore of [0.2, 0.4, 0.6]) {
      for (const det of DETECTORS.filter((d) => !d.ner)) {
        for (const h of ["", header]) {
          const c = compile(det);
          const fresh = () => factsOf(text, headerWords(h));
          const all = runDetector(c, fresh(), 5).filter((s) => s.score >= minScore && s.score > 0);
          assert.deepEqual(runDetector(c, fresh(), 5, minScore), all, `${det.id} at ${minScore}, header '${h}'`);
        }
      }
    }
  });

  it("an anchored pattern finds from its anchor exactly what a scan of every position finds", () => {
    const rand = rng(23);
    const parts = ["a", "b.c", "x-y", "@", "@", "example.org", ".com", " ", "\n", "_", "+tag", "é", "..", "1", "-", "'", "mail.example.co.uk", "user.name"];
    const anchored = DETECTORS.flatMap((d) => d.patterns.filter((p) => p.anchor).map((p) => ({ id: d.id, p })));
    assert.ok(anchored.length > 0);
    let matches = 0;
    for (const { id, p } of anchored) {
      for (let t = 0; t < 20_000; t++) {
        let text = "";
        const n = Math.floor(rand() * 14);
        for (let i = 0; i < n; i++) text += parts[Math.floor(rand() * parts.length)];
        const plain = [...text.matchAll(new RegExp(p.regex.source, p.regex.flags))].map((m) => [m.index, m[0]]);
        matches += plain.length;
        assert.deepEqual([...anchoredMatches(p, text)].map((m) => [m.index, m[0]]), plain, `${id}: ${JSON.stringify(text)}`);
      }
    }
    assert.ok(matches > 500, `only ${matches} matches`);
  });

  it("calls a detector's validations chance when they are no more than chance and two standard deviations", () => {
    // (the figures of the doc comment: ten cards among forty other numbers; a Unicode stroke table)
    assert.equal(atChance({ tried: 50, passed: 10 }, 0.1), false);
    assert.equal(atChance({ tried: 50, passed: 9 }, 0.1), true);
    assert.equal(atChance({ tried: 782, passed: 68 }, 0.1), true);
    assert.equal(atChance({ tried: 5554, passed: 45 }, 1 / 97), true, "fr_nir in glibc's cns11643_stroke");
    assert.equal(atChance({ tried: 400, passed: 400 }, 0.1), false, "a file of real numbers");
    assert.equal(atChance({ tried: CHANCE_MIN_TRIED - 1, passed: 0 }, 0.1), false, "too few to say");
  });

  it("declares each check digit's chance no lower than random numbers pass it (else tables of them would count)", () => {
    const next = rng(9);
    const declared = DETECTORS.filter((d) => d.chance !== undefined);
    assert.ok(declared.length >= 10, `only ${declared.length} detectors declare a chance`);
    for (const d of declared) {
      let best = 0;
      for (let length = 6; length <= 20; length++) {
        let passed = 0;
        for (let i = 0; i < 3000; i++) {
          let v = "";
          for (let k = 0; k < length; k++) v += Math.floor(next() * 10);
          if (d.validate!(v) !== false) passed++;
        }
        best = Math.max(best, passed / 3000);
      }
      assert.ok(best > 0, `${d.id}: no random number passes`);
      assert.ok(best <= d.chance! * 1.3, `${d.id}: ${best.toFixed(4)} of random numbers pass, declared ${d.chance!.toFixed(4)}`);
    }
  });
});
