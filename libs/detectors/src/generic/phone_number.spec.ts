import assert from "node:assert/strict";
import { getCountryCallingCode, getExampleNumber, parsePhoneNumberFromString, type Examples } from "libphonenumber-js/max";
import examples from "libphonenumber-js/mobile/examples";
import { mayBeValidIn, PHONE_REGIONS, phoneNumber } from "./phone_number.ts";
import { run, scoreOf, spans } from "../testing.ts";
import { compile, factsOf, runDetector } from "../core/engine.ts";
import type { Detector } from "../core/types.ts";

describe("generic/phone_number", () => {
  it("parses a run only when its context could make it count", () => {
    let parses = 0;
    const counting: Detector = {
      ...phoneNumber,
      find: (text) => phoneNumber.find!(text).map((c) => ({ ...c, confirm: () => (parses++, c.confirm!()) })),
    };
    const c = compile(counting);
    // A bare run scores 0.3 at best: without phone context it cannot reach 0.4, so no parse.
    assert.deepEqual(runDetector(c, factsOf("order 4153920132 shipped"), 5, 0.4), []);
    assert.equal(parses, 0);
    // With context it is parsed, and reported.
    const found = runDetector(c, factsOf("call me on 4153920132 tonight"), 5, 0.4);
    assert.equal(parses, 1);
    assert.equal(found.length, 1);
    assert.match(found[0]!.validation!, /^libphonenumber:/);
  });

  it("finds national and international numbers with exact spans", () => {
    assert.deepEqual(spans(phoneNumber, "call (415) 555-0132 today"), [[5, 19]]);
    assert.deepEqual(spans(phoneNumber, "Tel: +44 20 7946 0958."), [[5, 21]]);
    assert.deepEqual(spans(phoneNumber, "Mobil +49 151 23456789"), [[6, 22]]);
  });
  it("rejects numbers glued to words, impossible numbering plans and short runs", () => {
    assert.deepEqual(spans(phoneNumber, "id415-555-0132"), []);
    assert.deepEqual(spans(phoneNumber, "+1 000 000 0000"), []);
    assert.deepEqual(spans(phoneNumber, "room 555-01"), []);
  });
  it("does not read IPv4 addresses as phone numbers", () => {
    assert.deepEqual(spans(phoneNumber, "host = 229.163.65.196"), []);
    assert.deepEqual(spans(phoneNumber, "request from 254.24.67.63 took 4 ms"), []);
    // Dotted numbers that are not quads stay phone numbers.
    assert.deepEqual(spans(phoneNumber, "call 415.555.0132"), [[5, 17]]);
  });
  it("does not read CPF-formatted numbers or pieces of UUIDs and dashed serials as phone numbers", () => {
    assert.deepEqual(spans(phoneNumber, "CPF 030.478.858-94"), []);
    assert.deepEqual(spans(phoneNumber, "id=118006ce-3199-4583-b890-467b688b6efd"), []);
    assert.deepEqual(spans(phoneNumber, "serial AB12-415-555-0132-CD"), []);
    // Dashes alone still separate a number's groups.
    assert.deepEqual(spans(phoneNumber, "call 415-555-0132 - thanks"), [[5, 17]]);
  });
  it("reads no phone number out of a company's VAT or tax number under its phone lines (an Italian mail's footer)", () => {
    const footer = "Via Mazzini, 53 – Valdobbiadene – TV        \nCap. Soc. € 10.000,00 i.v. –  REA TV 0341585       \nC.F. – P.IVA – Reg. Imp. TV  n. 04336160264        \nTel. 0423 972429 – Fax 0423 971212       \nE-mail: info@example.it";
    assert.deepEqual(run(phoneNumber, footer).filter((f) => f.score >= 0.4).map((f) => footer.slice(f.start, f.end)), ["0423 972429", "0423 971212"]);
  });
  it("reads no phone number out of an amount of money (an IBM Italy mail's footer: its share capital)", () => {
    const footer = "Circonvallazione Idroscalo - 20090 Segrate (MI)\nCap. Soc. euro 347.256.998,80\nPrezzo: EUR 1.250.000 - saldo 12.345.678,90 €\nMobile: +39 335 7368459";
    assert.deepEqual(run(phoneNumber, footer).filter((f) => f.score >= 0.4).map((f) => footer.slice(f.start, f.end)), ["+39 335 7368459"]);
  });
  it("reads no number out of times, table columns, byte dumps and versions (seen in /usr/share/doc changelogs)", () => {
    const none = (text: string) => spans(phoneNumber, text);
    assert.deepEqual(none("Date:   Wed Feb 22 23:09:29 2006 -0800"), []);
    assert.deepEqual(none("Release 2022a - 2022-03-15 23:02:01 -0700"), []);
    assert.deepEqual(none("  5620  9.0.0836  wrong error when using"), []);
    assert.deepEqual(none("// Prints: <Buffer 08 07 06 05 04 03 02 01>"), []);
    // rows of numbers (PostgreSQL's catalogue, an octal dump in a man page): a group written twice, numbers before one that are no year
    assert.deepEqual(none("insert ( 2240 n 0 1904 - 1904 - - - - - f f r r 0 20 0 )\n0000040   F   G   H 377 377 377 377  \\e0 003\n '701 701 701 16 16' '3220 3220'"), []);
    assert.deepEqual(spans(phoneNumber, "oncall_phone = 206-206-1923"), [[15, 27]], "an area code and an exchange alike");
    assert.deepEqual(none("insert ( 10521 3794 869 869 26 s 932 4000 0 )\n f i s 5 0 16 '2281 3614 21 26 2281' _null_"), []);
    assert.deepEqual(spans(phoneNumber, "Tel 2024 030 1234567"), [[9, 20]], "a year before a number is no row");
    // standards with their year (Rust's std docs), and a number after a body's name that is no standard's
    assert.deepEqual(none("character code standards such as ANSI X3.4-1977, ISO 646-1973, ISO/IEC 8859-1987"), []);
    assert.deepEqual(spans(phoneNumber, "EN tel 646-1973"), [[7, 15]]);
    // a time in seconds (AppStream's component data in apt's lists)
    assert.deepEqual(run(phoneNumber, "Releases:\n- type: stable\n  unix-timestamp: 1675036800\n  url:\n    details: https://plasma-mobile.org/2023/01/30/january-blog-post/").filter((f) => f.score >= 0.4), []);
    // line ranges in rustdoc's links to the source
    assert.deepEqual(none("1.0.0 · ../../src/core/iter/traits/iterator.rs.html#3228-3231 Source #method.max"), []);
    assert.deepEqual(none("        // For ex: [2010:836B:4179::836B:4179]:8080-9090"), []);
    // an SVG path's numbers (inline SVG in The Rust Programming Language's HTML)
    assert.deepEqual(none("c-0.896,3.569-76.534,91.718-94.043,94.524C1038.411,722.773 194,-72 184.4818,-67.3467 183.6574"), []);
    assert.deepEqual(spans(phoneNumber, "call 212.392.0132 or 030 1234567"), [[5, 17], [21, 32]], "dotted and blank numbers stay");
    // Japanese character sets' standards and years (iconv-lite's comments)
    assert.deepEqual(none("//   0201-1976 Roman, 0208-1978, 0208-1983.\n//  * ISO2022-JP-1: Adds esc seq for 0212-1990."), []);
    // polynomials (SymPy's polys/polyquinticconst.py)
    assert.deepEqual(none("+ 6233350*p**7*q**8*r**2 - 12013350*p**4*q**10*r**2 - 29069550*p*q**12*r**2 - 97200*p**"), []);
    assert.deepEqual(spans(phoneNumber, "* Tel 030 1234567 *"), [[6, 17]], "a bullet's star apart from it is no product");
    assert.deepEqual(none("abseil (0~20200923.3-3) unstable"), []);
    assert.deepEqual(none("51 Franklin Street, Fifth Floor, Boston, MA 02110-1301 USA"), []);
    assert.deepEqual(none("changes in release 7.3 (2009-05-01) [stable]\n3.4.5 - 2021-02-13"), []);
    // decimals, coordinates, ranges, an unclosed parenthesis, a part number (Python's stdlib)
    assert.deepEqual(none("Decimal('0.333333333'), Decimal('22026.4658'), geohash(37.421542, -122.085589)"), []);
    assert.deepEqual(none("microsecond must be in 0..999999; microsecond (0-999999)"), []);
    assert.deepEqual(none(".TH XZMORE 1 30.06.2013 Tukaani"), []);
    // JavaScript bundles and SVG: viewBoxes, decimals, input masks
    assert.deepEqual(none('viewBox="16 16 0 0 16 16" and "0 0 10000 10000"; rgb 0.756866 0.854904; C7.71500651,7 7.04833984'), []);
    assert.deepEqual(none('event.value.length >= 10 ? "(999) 999-9999" : "000-000-0000"'), []);
    // directory assistance, RFC 3986's example (httplib2's iri2uri.py, at 0.85)
    assert.deepEqual(run(phoneNumber, '                "tel:+1-816-555-1212",\n  phone: (212) 555-1212').filter((f) => f.score >= 0.4), []);
    assert.deepEqual(spans(phoneNumber, "phone: (212) 555-1213"), [[7, 21]]);
    // a range from 0 or 1 to a power of two's predecessor, written with a blank (GNOME's settings schemas, at 0.45)
    assert.deepEqual(run(phoneNumber, " cursor-blink-timeout i \n 1 2147483647 \ndefault: 10\n phone 0 4294967295").filter((f) => f.score >= 0.4), []);
    // one digit over and over with one other among them (libphonenumber-js's README: Polish and Indian numbers at 0.65)
    assert.deepEqual(none("validatePhoneNumberLength('444 1 44444', 'TR') === 'INVALID_LENGTH'\nvalidatePhoneNumberLength('444 1 444444', 'TR') === undefined"), []);
    assert.deepEqual(spans(phoneNumber, "Tel: 0171 4444 4441 or +49 171 4444 4441"), [[5, 19], [23, 40]]);
    assert.deepEqual(none("255 250 250\t\tsnow\n248 248 255\t\tghost white"), []);
    // Perl's Unicode data: collation weights (allkeys.txt), code points among hexadecimal ones
    assert.deepEqual(none("0009  ; [*0201.0020.0002] # HORIZONTAL TABULATION\n3242 ; [*0328.0020.0004][.84D8.0020.0004]"), []);
    assert.deepEqual(none("FC88\t\t<final> 0645 0627\n1E0\t\t0226 0304\n620C 620F 6210 6257 6258\n8550 8551 8552 8553 8554 8555 8556 8558"), []);
    // /etc: a range in postgresql.conf, a netmask in security/access.conf
    assert.deepEqual(run(phoneNumber, "#commit_delay = 0\t\t\t# range 0-100000, in microseconds").filter((f) => f.score >= 0.4), []);
    assert.deepEqual(none("#          The same is 192.168.201.0/24 or 192.168.201.0/255.255.255.0"), []);
    // C headers: a standard's number and year, a date and a serial, bit ranges
    assert.deepEqual(none(" * The GOST R 34.10-2012 256 bit key klass.\n  // Per https://blogs.msdn.microsoft.com/oldnewthing/20040223-00/?p=40503\n\t\t\t\t     15)))); // 0-7 16-23 8-15 24-31 -> xzyw"), []);
    // ... digits counting up, a range of event numbers, a ZIP+4 with a typo (Linux's audit.h, the GPL notice)
    assert.deepEqual(none("__hi128(__c))); // 0123 4567\nphone: 123-456-7890\n * 1600 - 1699 kernel crypto events\n * Boston, MA 021110-1307, USA."), []);
    assert.deepEqual(spans(phoneNumber, "Phone: 1-703-847-0040 ext 103"), [[7, 21]]);
    // groff's font metrics (AFM): bounding boxes
    assert.deepEqual(none("C 78 ; WX 643 ; N Nu ; B 26 -7 827 599 ;\nC 80 ; WX 768 ; N Pi ; B 4 -14 844 599 ;"), []);
    // an object identifier (Python's cryptography)
    assert.deepEqual(none('TLS_FEATURE = ObjectIdentifier("1.3.6.1.5.5.7.1.24")'), []);
    // code points of Unicode's decompositions (Perl's unicore/Decomposition.pl, Unicode::Collate)
    assert.deepEqual(none("343\t\t0313\n344\t\t0308 0301\n0065 0302 0304 ; [.2007.0021.0002]"), []);
    // JavaScript packages: a version in package.json, Node's byte dumps in its type definitions
    assert.deepEqual(none('"@types/node": "18.19.130",'), []);
    assert.deepEqual(run(phoneNumber, "console.log(buf);\n// Prints: <Buffer 88 13 70 17>\n// Prints: <Buffer 01 02 03 04 05>").filter((f) => f.score >= 0.4), []);
    assert.deepEqual(spans(phoneNumber, "móvil 612 345 678"), [[6, 17]]);
    assert.deepEqual(run(phoneNumber, "LaserJet IIP Printer User's Manual HP part no 33471-90901").filter((f) => f.score >= 0.4), []);
    // the same numbers written as numbers still are
    assert.deepEqual(spans(phoneNumber, "Tel:030 1234567, fax 01 42 68 53 00"), [[4, 15], [21, 35]]);
    assert.deepEqual(spans(phoneNumber, "call 1 212 555 0132\tor 415 555 0132"), [[5, 19], [23, 35]]);
  });
  it("reads no number out of ranges, a citation's pages or a dotted version's pieces (botocore, moto, networkx, cfn-lint)", () => {
    const reported = (text: string) => run(phoneNumber, text).filter((f) => f.score >= 0.4).map((f) => text.slice(f.start, f.end));
    assert.deepEqual(reported('phone "AllowedValues":"0-2147483647", phone: valid values are 1-2147483646.'), []);
    assert.deepEqual(reported("phone ports <code>8191-8215</code>, 49152-49156, or 51678-51680; tel 26966-26979"), []);
    assert.deepEqual(reported("Phone Sociology. 23(3): 181-201. 1999.\ntel: PNAS, 103 (23), p. 8577-8582,"), []);
    assert.deepEqual(reported('phone "15.00.4073.23.v1",\n tel "14.00.3421.10.v1"\nphone: Chromium 126.0.6478.126, Chrome/47.0.2526.111'), []);
    assert.deepEqual(run(phoneNumber, 'phone "Address": "+12345678900"').filter((f) => f.score >= 0.4), [], "digits counting up (the AWS CLI's examples)");
    assert.deepEqual(reported("phone 8191-9215, tel 6123-6200, mobile 1-2123920132"), ["8191-9215", "6123-6200", "1-2123920132"], "blocks far apart and a number after 1- are numbers");
  });
  it("finds a business's toll-free and premium-rate numbers but never reports them (GCC's copyright file)", () => {
    for (const text of ["Austin, TX 78741\n800-292-9263", "call 1 800 392 0132", "phone: +44 800 123 4567", "tel 1-900-555-0234"]) {
      const [f] = run(phoneNumber, text);
      assert.equal(f?.validation, "service_number", text);
      assert.equal(f!.score, 0.1, text);
    }
    assert.ok(scoreOf(phoneNumber, "phone: +44 20 7123 4567") >= 0.4);
  });
  it("an identifier's label lowers a phone-shaped run below a phone's label", () => {
    const id = run(phoneNumber, "request id = 415 392 0132")[0]?.score ?? 0;
    assert.ok(id < 0.4, `id label scored ${id}`);
    assert.ok(scoreOf(phoneNumber, "phone = 415 392 0132") >= 0.4);
    // when the words disagree, an identifier's word on the number's own line outweighs a phone's
    // on the line above
    assert.equal(run(phoneNumber, "phone:\nid 77 is 415 392 0132")[0]?.score, run(phoneNumber, "id 77 is 415 392 0132")[0]?.score);
    // a number's base (perldiag: "portable" is French for a mobile phone)
    const octal = run(phoneNumber, "=item Octal number > 037777777777 non-portable")[0]?.score ?? 0;
    assert.ok(octal < 0.4, `octal number scored ${octal}`);
  });
  it("reads an international number in an unassigned block as a phone number only under a phone label or column", () => {
    // +1 783: a NANP area code not (yet) assigned, as in made-up and test data.
    const [found] = run(phoneNumber, "+1 783 229 2490", "phone");
    assert.equal(found?.validation, "libphonenumber-possible:1");
    assert.ok(found!.score >= 0.4, `under a phone column: ${found!.score}`);
    assert.ok(scoreOf(phoneNumber, "call me on +17832292490") >= 0.4);
    assert.ok(scoreOf(phoneNumber, "ticket +17832292490 closed") < 0.4, "alone it stays below the threshold");
    // Outside the country's general plan (area code 000) it is no number at all.
    assert.deepEqual(run(phoneNumber, "+1 000 000 0000", "phone"), []);
  });
  it("reads a number grouped as no one in its region writes it as one only under a phone label (PostgreSQL's catalogue, Vim's menus)", () => {
    for (const text of ["'23 23 20 16 16' _null_", "an 20.440.130.40 &Edit", "parse_string(\"0 123 321\")"]) {
      assert.ok(scoreOf(phoneNumber, text) < 0.4, text);
    }
    assert.ok(scoreOf(phoneNumber, "phone: 23 23 20 16 16") >= 0.4, "a label still makes it one");
    // a NANP number of an unassigned area code is valid in India, where no one writes it so
    assert.ok(scoreOf(phoneNumber, "(653) 392-2854") < 0.4);
    // written with a trunk prefix, the region whose format fits its groups: French, not German; an Australian mobile
    assert.equal(run(phoneNumber, "01 69 45 48 50")[0]?.validation, "libphonenumber:FR");
    assert.equal(run(phoneNumber, "0412 345 678")[0]?.validation, "libphonenumber:AU");
    // as their regions group them
    for (const text of ["(213) 373-4253", "213.373.4253", "1-213-373-4253", "020 7123 4567", "01 42 68 53 00", "912 34 56 78", "0412 345 678", "6123 4567", "(11) 97412-8821", "0421 229144"]) {
      assert.ok(scoreOf(phoneNumber, text) >= 0.4, text);
    }
  });
  it("reads digits before the national number as a prefix only when one writes that prefix there (Python's decimal tests, netstat)", () => {
    // a calling code and a trunk prefix both ("1" and "1"), which libphonenumber strips: +1 234-567-8000
    assert.ok(scoreOf(phoneNumber, "comx702 compare 1 12345678000  -> -1") < 0.4);
    // a trunk prefix 0 as a group of its own: a column of zeros before a counter
    assert.ok(scoreOf(phoneNumber, "x071     0 711348489     0     0") < 0.4);
    assert.ok(scoreOf(phoneNumber, "Tel. 0 711348489") >= 0.4, "a label still makes it one");
    // the trunk prefix, the calling code or an international prefix written before it
    for (const text of ["1 213 373 4253", "0711 348489", "(0) 711 348489", "86 139 1234 5678", "011 44 20 7123 4567"]) {
      assert.ok(scoreOf(phoneNumber, text) >= 0.4, text);
    }
  });
  it("reads no phone number out of a version after a comparison (Debian's build dependencies); a quoted mail's line still holds one", () => {
    assert.deepEqual(run(phoneNumber, "build-depends on gcc-10 (>= 10-20200431) on arm64"), []);
    assert.ok(scoreOf(phoneNumber, "> 0412 345 678") >= 0.4);
  });
  it("reads no phone number out of a negative number (TypeScript's compiler)", () => {
    assert.deepEqual(run(phoneNumber, "case 210 /* ArrayLiteralExpression */:\n  return -2147450880 /* ArrayLiteralOrCallOrNewExcludes */;\nx = [-2125550123, (-2125550124)]"), []);
    assert.ok(scoreOf(phoneNumber, "Fax 0711-348489") >= 0.4);
  });
  it("reads no phone number out of a position as ISO 6709 writes it (tz's zone.tab), nor out of a negative number alone in a cell", () => {
    // zone.tab and zone1970.tab: "+4953-09709" at 0.50, "-0351-03225" (a cell of its own) at 0.40
    assert.deepEqual(run(phoneNumber, "CA\t+4953-09709\tAmerica/Winnipeg\tCentral - ON (west); Manitoba\nBR\t-0351-03225\tAmerica/Fortaleza\nUS\t+492717-0023210\tAmerica/Sitka"), []);
    for (const cell of ["+4953-09709", "-0351-03225", "+492717-0023210", "+550737-1313435", "-0343-03830"]) assert.deepEqual(run(phoneNumber, cell), [], cell);
    // a phone number written with blanks, or out of a position's range or shape, stays one
    assert.ok(scoreOf(phoneNumber, "call +49 53 09709 today") >= 0.8);
    assert.ok(scoreOf(phoneNumber, "Tel: +4953-99709") >= 0.4);
  });
  it("reads no phone number out of a range from a round number to the next (Elasticsearch's ports)", () => {
    // elasticsearch.zip's settings reference: "http.port\n\n9200-9300" and "9300-9399", 0.40 as Singapore's
    for (const r of ["http.port\n\n9200-9300", "transport.port\n\n9300-9399", "ports 8000-8099"]) assert.deepEqual(run(phoneNumber, r), [], r);
    // a number whose second block is no round one, or far above, stays one
    assert.ok(scoreOf(phoneNumber, "Tel: 9200-9317") >= 0.4);
    assert.ok(scoreOf(phoneNumber, "Tel: 6100-9300") >= 0.4);
  });
  it("reads no phone number out of powers of two in a row (sizes in Vim's syntax for fstab)", () => {
    assert.deepEqual(run(phoneNumber, "syn keyword fsOptionsSize 512 1024 2048"), []);
  });
  it("takes voice and dial for phone words (CUPS' and GCC's contact lines)", () => {
    assert.ok(scoreOf(phoneNumber, "Voice: (301) 373-9600") >= 0.8);
    assert.ok(scoreOf(phoneNumber, "The direct dial number is 512-462-4118.") >= 0.8);
  });
  it("context lifts a bare digit run", () => {
    assert.ok(scoreOf(phoneNumber, "mobile: 4153920132") > scoreOf(phoneNumber, "value 4153920132"));
    // German's word for a mobile phone, in a sentence as well as a label
    assert.ok(scoreOf(phoneNumber, "Our records show the Handy 512-297-3849 for this person.") >= 0.5);
    assert.ok(scoreOf(phoneNumber, "Our records show the value 512-297-3849 for this person.") < 0.5);
    // the phone's word in the other languages of the national identifiers
    for (const text of ["Tél. : 01 47 82 39 16", "Telefone: (11) 94712-3965", "Telefoon: 020 794 6095", "numer telefonu: 22 123 45 67", "Rufnummer 030 84712396", "Cellulare: 347 123 4567"]) {
      assert.ok(scoreOf(phoneNumber, text) >= 0.6, `${text}: ${scoreOf(phoneNumber, text)}`);
    }
  });
  it("finds NANP's numbers for fiction (555-0100 to 555-0199) but never reports them (OpenAI's SDK docs, Presidio's cases)", () => {
    for (const text of ["target_uri: 'tel:+14155550123'", "call me: (415) 555-0132", "phone 415-555-0199", "Tel. +1 212 555 0100"]) {
      const [f] = run(phoneNumber, text);
      assert.equal(f?.validation, "fictional_555_01xx", text);
      assert.equal(f!.score, 0.01, text);
      assert.deepEqual(f!.context, [], `${text}: context says nothing of it`);
    }
    // the numbers around the range are real
    for (const text of ["call me: (415) 555-0200", "phone 415-555-0099", "phone 415-556-0132"]) assert.ok(scoreOf(phoneNumber, text) >= 0.4, text);
  });
  it("finds the United Kingdom's numbers for drama (Ofcom) but never reports them", () => {
    for (const text of ["Tel: 020 7946 0958", "Mobile: 07700 900461", "phone +44 7700 900123", "Tel. 0113 496 0123", "Tel: 0161 496 0999", "Tel: 028 9649 6123", "Tel: 029 2018 0123", "Tel: 01632 960123"]) {
      const [f] = run(phoneNumber, text);
      assert.equal(f?.validation, "fictional_uk_drama", text);
      assert.equal(f!.score, 0.01, text);
    }
    // the numbers beside the ranges are real
    for (const text of ["Tel: 020 7946 1958", "Mobile: 07700 901461", "Tel. 0113 496 1123", "Tel: 0191 496 0123"]) assert.ok(scoreOf(phoneNumber, text) >= 0.4, text);
  });
});

describe("generic/phone_number: numbers as European documents write them (bench/detect/ids.ts)", () => {
  /** The best score of the findings covering `value` in `text` (0 when none). */
  const best = (text: string, value: string) => {
    const at = text.indexOf(value);
    return Math.max(0, ...run(phoneNumber, text).filter((f) => f.start < at + value.length && at < f.end).map((f) => f.score));
  };
  it("reads a number grouped as no one in the first region writes it as no service number of that region, so a label lifts it", () => {
    // a Polish mobile, a Berlin number (read first as a British 03 number, a service number)
    for (const [text, value] of [["Telefon: 512 774 391", "512 774 391"], ["Telefon: 030 44 73 19 82", "030 44 73 19 82"]] as const) {
      assert.ok(best(text, value) >= 0.4, text);
    }
    // grouped as its region writes it, a service number stays one
    assert.equal(run(phoneNumber, "phone: +44 800 123 4567")[0]?.validation, "service_number");
  });
  it("takes groups finer than libphonenumber's for a number written with its trunk prefix, each of two digits or more", () => {
    for (const text of ["He can be reached on 07481 226 903.", "030 44 73 19 82", "0711 34 84 89"]) assert.ok(best(text, text.match(/0[\d ]+\d/)![0]) >= 0.4, text);
    // not a run split into ones, nor a row without a trunk prefix
    for (const text of ["0 7 4 8 1 2 2 6 9 0 3", "'23 23 20 16 16' _null_"]) assert.ok(best(text, text.match(/\d[\d ]+\d/)![0]) < 0.4, text);
  });
  it("takes other languages' labels and verbs for phone words", () => {
    for (const [text, value] of [["Telemóvel: 912 384 570", "912 384 570"], ["Tlf. 33 12 34 56", "33 12 34 56"], ["Mobil: 0664 123 45 67", "0664 123 45 67"], ["Ik ben bereikbaar via 070 345 9821", "070 345 9821"], ["zadzwoń jak dojedziesz: 512 774 391.", "512 774 391"]] as const) {
      assert.ok(best(text, value) >= 0.4, text);
    }
  });
  it("reads Danish, Swedish, Austrian and the like numbers under a label only, as their regions group them", () => {
    assert.equal(run(phoneNumber, "Tlf. 33 12 34 56")[0]?.validation, "libphonenumber:DK");
    assert.ok(best("Forældres telefon: 28 45 67 89", "28 45 67 89") >= 0.4);
    for (const [text, value] of [["Lokal 33 12 34 56", "33 12 34 56"], ["see (cf: 20161217) and call it", "20161217"], ["GET /a HTTP/1.1\" 204 25408 \"-\" \"Mozilla/5.0 (iPhone; CPU", "204 25408"]] as const) {
      assert.ok(best(text, value) < 0.4, text);
    }
  });
  it("reads an area code, a slash and the subscriber's number as one number; a list of numbers stays two", () => {
    assert.deepEqual(spans(phoneNumber, "Tel. 089 / 45 67 89-12"), [[5, 22]]);
    assert.ok(best("ruf mich an, 0176/98765432 bitte", "0176/98765432") >= 0.4);
    assert.deepEqual(spans(phoneNumber, "Tel. 030 1234567 / 030 7654321"), [[5, 16], [19, 30]]);
  });
  it("reads no phone number out of a Portuguese postcode", () => {
    assert.ok(best("Avenida Sá da Bandeira 27, 3000-351 Coimbra, telefone +351 239 820 000", "3000-351") < 0.4);
  });
});

describe("generic/phone_number: the numbering-plan pre-check", () => {
  it("never rules out a number libphonenumber calls valid in that region (random and example numbers)", () => {
    let seed = 42;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    let valid = 0;
    for (const region of PHONE_REGIONS) {
      const samples: string[] = [];
      // libphonenumber's example mobile number, written nationally, bare and with the calling code
      const ex = getExampleNumber(region, examples as Examples);
      if (ex) samples.push(ex.formatNational().replace(/\D/g, ""), String(ex.nationalNumber), `${ex.countryCallingCode}${ex.nationalNumber}`);
      const cc = getCountryCallingCode(region);
      for (let i = 0; i < 3000; i++) {
        const head = ["", "0", "1", "00", cc, `0${cc}`, "011", String(rnd(10))][rnd(8)]!;
        let d = head;
        const len = 7 + rnd(9);
        while (d.length < len) d += String(rnd(10));
        samples.push(d);
      }
      for (const d of samples) {
        const n = parsePhoneNumberFromString(d, { defaultCountry: region });
        if (!n?.isValid()) continue;
        valid++;
        assert.ok(mayBeValidIn(region, d), `${region} ${d} is valid (${n.country}) but was ruled out`);
      }
    }
    assert.ok(valid > 1000, `only ${valid} valid samples`);
  });
});
