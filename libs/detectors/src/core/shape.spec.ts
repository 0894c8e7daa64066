import assert from "node:assert/strict";
import { bitConstant, compactDate, HASH_CONSTANTS, inArn, inHexDump, inHexList, inNumberList, inNumberRow, issueNumber, lowerHexHash, mixedCase, numericNoise, placeholderDigits, urlSegment } from "./shape.ts";

/** `fn` asked about `value` where it stands in `text` (its first occurrence unless `start` says). */
const at = (fn: (text: string, start: number, end: number) => boolean, text: string, value: string, start = text.indexOf(value)) => fn(text, start, start + value.length);

describe("core/shape: values that are something else", () => {
  it("knows the hash constants bundles spell out, computed exactly", () => {
    // first and last of MD5's sine table, SHA-256's round constants and initial values; SHA-1's IV
    for (const w of [0xd76aa478, 0xeb86d391, 0x428a2f98, 0xc67178f2, 0x6a09e667, 0x5be0cd19, 0x67452301, 0xc3d2e1f0]) assert.ok(HASH_CONSTANTS.has(String(w)), w.toString(16));
    // SHA-512's first and last initial value and round constant, both halves; SHA-224's first IV; SHA-1's last K
    for (const w of [0x6a09e667, 0xf3bcc908, 0x5be0cd19, 0x137e2179, 0x428a2f98, 0xd728ae22, 0x6c44198c, 0x4a475817, 0xc1059ed8, 0xca62c1d6]) assert.ok(HASH_CONSTANTS.has(String(w)), w.toString(16));
    assert.ok(HASH_CONSTANTS.has("680876936"), "the signed form of 0xd76aa478");
    for (const n of ["2147483647", "2147483648", "4294967295", "4294967296", "4294967297", "9007199254740991"]) assert.ok(HASH_CONSTANTS.has(n), n);
  });
  it("takes hash constants, arrays of numbers and fractions for code, and nothing else", () => {
    assert.equal(at(numericNoise, "this._d=271733878,(this||Ss)._e=3285377520", "271733878"), true);
    assert.equal(at(numericNoise, "29912,1294757372,1396182291,1695183700", "1294757372"), true);
    assert.equal(at(numericNoise, "new tr(96652208,967058379),new tr(1,2)", "96652208"), true);
    assert.equal(at(numericNoise, "new tr(96652208,967058379),new tr(1,2)", "967058379"), true);
    assert.equal(at(numericNoise, "INSERT INTO t VALUES (078051120, 'Jane')", "078051120"), false, "a value in a row, not a list of numbers");
    assert.equal(at(numericNoise, "Z(-.4435068666934967)),uA(r", "4435068666934967"), true);
    assert.equal(at(numericNoise, "SSN 078051120, tel 4155550132,4155550133", "078051120"), false);
    assert.equal(at(numericNoise, "SSN 078051120, tel 4155550132,4155550133", "4155550132"), false, "the first of a list");
    assert.equal(at(numericNoise, "no. 4111111111111111", "4111111111111111"), false);
    assert.equal(at(numericNoise, "card 4111-1111-1111-1111", "4111-1111-1111-1111"), false, "digits alone only");
    // an array of numbers one to a line (Go's citm_catalog.json: "subTopicIds"); a lone number in brackets is not a list
    const ids = '"subTopicIds": [\n                337184279,\n                337184283\n            ],';
    assert.equal(at(numericNoise, ids, "337184279"), true);
    assert.equal(at(numericNoise, ids, "337184283"), true);
    assert.equal(at(numericNoise, '"ssn": [\n  "536-22-1234"\n], "id": [\n  536221234\n]', "536221234"), false);
    assert.equal(at(numericNoise, "SSN:\n536221234,\nphone 4155550132", "536221234"), false);
    // an assembler's immediate (Go's loong64 tests)
    assert.equal(at(numericNoise, "\tAND\t$-2251797666199552, R4", "2251797666199552"), true);
    assert.equal(at(numericNoise, "\tMOVQ $4611686018427387904, AX", "4611686018427387904"), true);
    // an obfuscated script's ciphertext beside its key (a phishing mail's JavaScript); not a value beside a word
    assert.equal(at(numericNoise, 'var Wca = of("520668444578", "j2PvvNsMTBscSqSf");', "520668444578"), true);
    assert.equal(at(numericNoise, 'lookup("520668444578", "aadhaar")', "520668444578"), false);
    assert.equal(at(numericNoise, 'check("520668444578")', "520668444578"), false);
  });
  it("takes the bytes of a hex dump line for bytes, and not its text column (Go's TLS and RSA test vectors)", () => {
    const dump = "000000a0  81 00 ba 6f aa 86 bd cf  bf 9f f2 ef 5c 94 60 78  |...o....\\.`x|\n00000050  31 36 30 38 31 37 32 31  35 32 33 5a 17 0d 32 36  |o0...16081721523|";
    assert.equal(at(inHexDump, dump, "86 bd cf"), true);
    assert.equal(at(inHexDump, dump, "16081721523"), false);
    assert.equal(at(inHexDump, "8a 76 44 72 1a 0c be c6 dd 3f 62 79 bd e3 e8 f2 \r\n", "79 bd e"), true);
    assert.equal(at(inHexDump, "ffff ffff ffff dede 9090 6565 cccc ffff ffff", "9090 6565"), true);
    assert.equal(at(inHexDump, "call 02 63 29 59 03 or 01 23 45 67 89 today", "02 63 29 59 03"), false, "numbers without a hex letter are no dump");
    assert.equal(at(inHexDump, "Card: 4111 1111 1111 1111 Exp 12 25 CVV 123 ab", "4111 1111 1111 1111"), false);
    // bytes are written in one case: "aB" is no byte, so a line of them is no dump
    assert.equal(at(inHexDump, "aB 12 cD 34 eF 56 Ab 78 call 02 63 29 59 03", "02 63 29 59 03"), false);
    assert.equal(at(inHexDump, "ab 12 cd 34 ef 56 ab 78 02 63 29 59 03", "02 63 29 59 03"), true);
  });
  it("takes a number whose bits come in few runs for a constant of code (powers of two, masks), and no card", () => {
    for (const n of ["2251799813685251", "4503599627370495", "2251797666199552", "9223372036854775807", "18446744073709551615"]) assert.equal(bitConstant(n), true, n);
    for (const n of ["4111111111111111", "5500000000000004", "378282246310005", "6011111111111117", "8291032395191335", "4012888888881881", "65536"]) assert.equal(bitConstant(n), false, n);
  });
  it("tells mixed case and lower-case hex hashes", () => {
    assert.deepEqual(["T8169345a", "T8169345A", "2315785f", "2315785F", "abcdef"].map((v) => [mixedCase(v), lowerHexHash(v)]), [[true, false], [false, false], [false, true], [false, false], [false, false]]);
  });
  it("takes numbers among hexadecimal ones, or in a longer list of one width, for a table (Perl's Unicode data)", () => {
    // lib/unicore/Decomposition.pl, Unicode/Collate/CJK/*.pm
    assert.equal(at(inHexList, "1DF\t\t00E4 0304\n1E0\t\t0226 0304\n1E1", "0226 0304"), true);
    assert.equal(at(inHexList, "8F68 8FB8 8FBD 9094 9096 9097\n", "9094 9096"), true);
    assert.equal(at(inNumberList, "5FDA 5FDB 225BE 620C 620F 6210 6257 6258\n6259", "6257 6258"), true);
    assert.equal(at(inNumberList, "51E8 51E9 5210\n5211 5212 5213 5214 5215 5216 5217 5218 5219", "5211 5212 5213 5214"), true);
    assert.equal(at(inNumberList, "8550 8551 8552 8553 8554 8555 8556 8558", "8556 8558"), true);
    // a row of a code point table on its own line (Perl's Pinyin collation table); a phone number between lines of prose is none
    assert.equal(at(inNumberList, "5B1C 85AA 99A8 946B 99AB\n6794 8951 9414\n4F08\n", "6794 8951 9414"), true);
    assert.equal(at(inNumberList, "7C54\n8184 7636\n55FD\n", "8184 7636"), true);
    assert.equal(at(inNumberList, "Call us:\n8184 7636\nThanks, ABCD\n", "8184 7636"), false);
    // ... and not a card, a phone number or an account next to words, or two cards in a row
    assert.equal(at(inHexList, "Card: 4111 1111 1111 1111, exp 12/27", "4111 1111 1111 1111"), false);
    assert.equal(at(inHexList, "Fax 030 1234567 or face 030 7654321", "030 7654321"), false, "a word of hex letters alone is a word");
    assert.equal(at(inNumberList, "4012-8888-8888-1881 4012 8888 8888 1881", "4012 8888 8888 1881"), false);
    assert.equal(at(inNumberList, "card 4111 1111 1111 1111 expires 2027", "4111 1111 1111 1111"), false);
    assert.equal(at(inNumberList, "Tel 0301 2345 6789 (office)", "0301 2345 6789"), false);
    assert.equal(at(inNumberList, "ids 1234 5678 9012", "5678 9012"), false, "three groups, all digits: could be one number");
  });
  it("knows a placeholder's digits: nine counting up or down, blocks of one digit (AWS's, CMS's and Node's documentation)", () => {
    const all = (v: string) => placeholderDigits(v, 0, v.length);
    for (const v of ["123456789012", "987654321012", "123456789111", "111122223333", "444455556666", "1234567893", "111222333", "222.111.111.222", "123.45.67.89", "0123 4567 89", "890123456", "111-22-3333", "1122334455", "999-88-7777"]) assert.equal(all(v), true, v);
    for (const v of ["12345678", "1492673052", "214693557", "867139942017", "111122223", "11122233", "123456789a", "4111 1111 1111 1111", "135792468", "111-33-2222", "1122-33-4455 6"]) assert.equal(all(v), false, v);
  });
  it("takes an ARN's account field for an AWS account, and the whole part of a decimal number for a number", () => {
    const text = "arn:aws:iam::509284790694:user/aagrawal; arn:aws-us-gov:s3:us-gov-west-1:509284790695:x; account 509284790696";
    assert.equal(at(inArn, text, "509284790694"), true);
    assert.equal(at(inArn, text, "509284790695"), true);
    assert.equal(at(inArn, text, "509284790696"), false);
    assert.equal(at(numericNoise, '"lastUpdatedTime": 1624912434.431,', "1624912434"), true);
    assert.equal(at(numericNoise, "SSN 536224871. Next", "536224871"), false, "a sentence's full stop");
    // negative numbers of code (typeshed's stubs of pywin32's winerror), not a label's dash
    assert.equal(at(numericNoise, "FVE_E_NO_LICENSE: Final = -2144272312\n", "2144272312"), true);
    assert.equal(at(numericNoise, "codes = (-2144272312, -2144272313)", "2144272312"), true);
    assert.equal(at(numericNoise, "Licence - 2144272312", "2144272312"), false);
    assert.equal(at(numericNoise, "Licence-2144272312", "2144272312"), false);
  });
  it("takes a tracker's or a bug word's number for an issue's, and an eight-digit date for a date (change logs)", () => {
    for (const [text, value] of [["Debian #215805).", "215805"], ["Fixes rh#519394 (R", "519394"], ["merge #57 Redhat #1518986", "1518986"], ["(:bzbug:`678401`)", "678401"], ["- JDK-8277227: Better", "8277227"], ["Closes: #1019937", "1019937"], ["Bug 422174 unhandled", "422174"], ["TODO(b/189822916): Remove", "189822916"], ["nodejs/node/commit/9226322394)", "9226322394"], ["show_bug.cgi?id=1518986", "1518986"]] as const) {
      assert.equal(at(issueNumber, text, value), true, text);
    }
    for (const [text, value] of [["Account #12345678", "12345678"], ["License: 8277227", "8277227"], ["debug 422174", "422174"], ["DL D1234567", "1234567"]] as const) {
      assert.equal(at(issueNumber, text, value), false, text);
    }
    assert.deepEqual(["20220521", "19991231", "20030716"].map(compactDate), [true, true, true]);
    // a URL's path segment: a product's or a page's number
    for (const [text, value] of [["<a href=\"http://www.amazon.com/gp/product/1583332049\">", "1583332049"], ["https://x.example/users/4857773456/edit", "4857773456"], ["www.example.org/p/4857773456", "4857773456"]] as const) assert.equal(at(urlSegment, text, value), true, text);
    for (const [text, value] of [["https://x.example/?nhs=1583332049", "1583332049"], ["path a/1583332049", "1583332049"], ["https://x.example/id/1583-332049", "1583"], ["https://x.example/n/1583332049x", "1583332049"]] as const) assert.equal(at(urlSegment, text, value), false, text);
    assert.deepEqual(["20221321", "20220532", "18991231", "12345678", "2022052"].map(compactDate), [false, false, false, false, false]);
  });
  it("takes groups of digits with other numbers glued to them for a stretch of a row of numbers (PostgreSQL's catalogue)", () => {
    // postgres.bki: a number on each side, two on one side
    assert.equal(at(inNumberRow, "insert ( 639 '~' 11 10 b f f 19 25 16 0 640 79 1818 1824 )", "640 79 1818", "insert ( 639 '~' 11 10 b f f 19 25 16 0 640 79 1818 1824 )".lastIndexOf("640 79 1818")), true);
    assert.equal(at(inNumberRow, "insert ( 10507 4611 869 869 11 4636 )", "869 11 4636", "insert ( 10507 4611 869 869 11 4636 )".lastIndexOf("869 11 4636")), true);
    assert.equal(at(inNumberRow, "\t1.40 1.32 1.31 1.33\n2097152+65536 0 0 0 0 29 0 264 701 0 41 701 0 41\n", "701 0 41", "\t1.40 1.32 1.31 1.33\n2097152+65536 0 0 0 0 29 0 264 701 0 41 701 0 41\n".lastIndexOf("701 0 41")), true);
    // not a row: one number on one side, a number glued to a word or a dot, a value of one group, words around
    assert.equal(at(inNumberRow, "ids 1234 5678 9012", "5678 9012", "ids 1234 5678 9012".lastIndexOf("5678 9012")), false);
    assert.equal(at(inNumberRow, "Tel 2024 030 1234567", "030 1234567", "Tel 2024 030 1234567".lastIndexOf("030 1234567")), false);
    assert.equal(at(inNumberRow, "SSN 536 22 4871 v2 7", "536 22 4871", "SSN 536 22 4871 v2 7".lastIndexOf("536 22 4871")), false);
    assert.equal(at(inNumberRow, "build 4.2 536 22 4871 12", "536 22 4871", "build 4.2 536 22 4871 12".lastIndexOf("536 22 4871")), false, "4.2 is no whole number");
    assert.equal(at(inNumberRow, "123456789 1234567890 12345679012", "1234567890", "123456789 1234567890 12345679012".lastIndexOf("1234567890")), false, "Presidio's row of licence numbers: one number each");
    assert.equal(at(inNumberRow, "SSN: 536 22 4871, phone 212 555 0100", "536 22 4871", "SSN: 536 22 4871, phone 212 555 0100".lastIndexOf("536 22 4871")), false);
  });
});
