/**
 * The mixed corpus of bench/detect's throughput figure: what a crawler finds on a file share,
 * cut into segments the way libs/extract cuts them (text in chunks of about 8 KiB at line
 * ends; spreadsheets and CSV one segment per cell, named by their column header).
 *
 * Shares of the bytes (see KINDS): prose (reports, minutes, mails) with a contact or an
 * identifier every few paragraphs; source code and configuration; application logs with a
 * client IP on a third of the lines; business spreadsheets (orders: ids, products, amounts,
 * dates); customer lists (names, e-mails, phones, cities, IBANs); and the labelled documents
 * of the quality corpus (a planted value every ~80 bytes) as the densest part.
 */
import type { Faker } from "@faker-js/faker";
import { locator, type Segment } from "@filescan/contracts";
import { chunkSpans } from "@filescan/extract";

export interface MixedDoc {
  kind: string;
  segments: Segment[];
  bytes: number;
}

/** Share of the corpus's bytes per kind. */
export const KINDS: Record<string, number> = {
  prose: 0.3,
  code: 0.15,
  log: 0.2,
  "orders sheet": 0.15,
  "customer sheet": 0.05,
  "labelled (dense)": 0.15,
};

/** Text in chunks of about 8 KiB, cut where libs/extract cuts them (at line ends). */
function chunks(text: string): Segment[] {
  return [...chunkSpans(text)].map(([s, e]) => ({ text: text.slice(s, e), source: "text", locator: locator() }));
}

/** A sheet as libs/extract emits it: the header row, then one segment per cell named by its column. */
function sheet(header: string[], rows: string[][]): Segment[] {
  const out: Segment[] = [{ text: header.join(", "), source: "text", locator: locator({ sheet: "Sheet1", row: 1, part: "header" }) }];
  rows.forEach((row, r) => {
    row.forEach((cell, c) => out.push({ text: cell, source: "text", locator: locator({ sheet: "Sheet1", row: r + 2, column: header[c]!, cell: `${String.fromCharCode(65 + c)}${r + 2}` }) }));
  });
  return out;
}

const bytesOf = (segments: Segment[]) => segments.reduce((a, s) => a + Buffer.byteLength(s.text), 0);

function prose(f: Faker): string {
  let t = `${f.company.catchPhrase()}\n\n`;
  const paragraphs = f.number.int({ min: 8, max: 30 });
  for (let i = 0; i < paragraphs; i++) {
    const sentences = [f.company.buzzPhrase(), f.commerce.productDescription(), f.hacker.phrase(), f.lorem.sentence()];
    if (f.number.int(3) === 0) sentences.push(`Revenue grew ${f.number.int(40)}% to ${f.finance.amount()} in ${f.date.past().getFullYear()}, against ${f.number.int(900)} units in Q${f.number.int({ min: 1, max: 4 })}.`);
    if (f.number.int(5) === 0) sentences.push(`Please contact ${f.person.fullName()} (${f.internet.email()}, ${f.phone.number({ style: "national" })}) before ${f.date.soon().toDateString()}.`);
    if (f.number.int(12) === 0) sentences.push(`The meeting is at ${f.location.streetAddress()}, ${f.location.city()}.`);
    t += f.helpers.shuffle(sentences).join(" ") + "\n\n";
  }
  return t;
}

function code(f: Faker): string {
  const id = () => f.hacker.noun().replace(/\W+/g, "_") + f.helpers.arrayElement(["", "Count", "Id", "Config", "Timeout"]);
  let t = `// ${f.hacker.phrase()}\nimport { ${id()} } from "./${f.system.fileName({ extensionCount: 0 })}.js";\n\n`;
  const fns = f.number.int({ min: 5, max: 20 });
  for (let i = 0; i < fns; i++) {
    t += `/** ${f.hacker.phrase()} */\nexport function ${id()}(${id()}, ${id()} = ${f.number.int(1000)}) {\n`;
    const lines = f.number.int({ min: 3, max: 12 });
    for (let j = 0; j < lines; j++) {
      t += f.helpers.arrayElement([
        `  const ${id()} = ${f.number.int(65535)};\n`,
        `  if (${id()} > ${f.number.float({ max: 100, fractionDigits: 2 })}) return ${id()}.${id()}(${f.number.int(99)});\n`,
        `  // ${f.hacker.phrase()}\n`,
        `  const url = "${f.internet.url()}/v${f.number.int(3)}/${f.hacker.noun()}";\n`,
        `  ${id()} = 0x${f.string.hexadecimal({ length: 8, prefix: "" })};\n`,
        `  log.debug("${f.hacker.verb()} %s", "${f.string.uuid()}");\n`,
        `  version = "${f.system.semver()}";\n`,
      ]);
    }
    t += "}\n\n";
  }
  return t;
}

function log(f: Faker): string {
  let t = "";
  const lines = f.number.int({ min: 50, max: 200 });
  for (let i = 0; i < lines; i++) {
    const head = `${f.date.recent().toISOString()} ${f.helpers.arrayElement(["INFO", "INFO", "WARN", "DEBUG", "ERROR"])} [${f.hacker.noun()}] `;
    const r = f.number.int(9);
    if (r < 3) t += `${head}${f.internet.httpMethod()} /${f.hacker.noun()}/${f.number.int(99999)} from ${f.internet.ipv4()} ${f.internet.httpStatusCode()} ${f.number.int(900)}ms\n`;
    else if (r < 4) t += `${head}user ${f.internet.username()} logged in, session ${f.string.uuid()}\n`;
    else t += `${head}${f.hacker.phrase()} (job ${f.number.int(99999)}, attempt ${f.number.int(5)}, ${f.number.float({ max: 10, fractionDigits: 3 })}s)\n`;
  }
  return t;
}

function orders(f: Faker): Segment[] {
  const rows: string[][] = [];
  const n = f.number.int({ min: 20, max: 120 });
  for (let i = 0; i < n; i++) {
    rows.push([String(f.number.int({ min: 100000, max: 99999999 })), f.commerce.productName(), String(f.number.int({ min: 1, max: 50 })), f.finance.amount(), f.date.recent().toISOString().slice(0, 10), f.location.countryCode(), f.helpers.arrayElement(["shipped", "open", "returned"])]);
  }
  return sheet(["order_id", "product", "quantity", "unit_price", "order_date", "country", "status"], rows);
}

function customers(f: Faker): Segment[] {
  const rows: string[][] = [];
  const n = f.number.int({ min: 10, max: 60 });
  for (let i = 0; i < n; i++) {
    rows.push([f.person.fullName(), f.internet.email(), f.phone.number({ style: "international" }), f.location.city(), f.location.countryCode(), f.finance.iban()]);
  }
  return sheet(["name", "email", "phone", "city", "country", "iban"], rows);
}

/**
 * Builds about `totalBytes` of documents in the shares of KINDS; `labelled` supplies the dense
 * documents (the quality corpus's texts, used in turn).
 */
export function mixedCorpus(f: Faker, totalBytes: number, labelled: string[]): MixedDoc[] {
  const makers: Record<string, () => Segment[]> = {
    prose: () => chunks(prose(f)),
    code: () => chunks(code(f)),
    log: () => chunks(log(f)),
    "orders sheet": () => orders(f),
    "customer sheet": () => customers(f),
    "labelled (dense)": (() => {
      let i = 0;
      return () => chunks(labelled[i++ % labelled.length]!);
    })(),
  };
  const docs: MixedDoc[] = [];
  for (const [kind, share] of Object.entries(KINDS)) {
    let bytes = 0;
    while (bytes < totalBytes * share) {
      const segments = makers[kind]!();
      const b = bytesOf(segments);
      docs.push({ kind, segments, bytes: b });
      bytes += b;
    }
  }
  return f.helpers.shuffle(docs);
}
