/**
 * bench/detect/layouts.ts: recall of libs/detectors for values under the labels and in the
 * layouts real files write them, beyond the labelled corpus's templates.
 *
 *   node bench/detect/layouts.ts [--seed 7] [--misses]
 *
 * Each valid value of values.ts is planted under several labels per type (English, the
 * scheme's own language, a database column's name: "Geburtsdatum", "N° de sécurité sociale",
 * "nhs_number") in 21 layouts: "Label: value", a tab, the value on the next line, `key=value`,
 * a JSON member (snake_case and camelCase keys), a YAML line, an XML element, an HTML table
 * row, a Markdown row, an inline CSV row, a sentence, "My … is …", a parenthesis after a name,
 * a name/value pair (AWS's tags, a Kubernetes container's environment, Hadoop's properties),
 * a table's column under the label as its header, and a form laid out as a spreadsheet (the
 * label and the value in cells side by side, alone in their row or a second pair after an
 * e-mail's; or the label above its value, mid-sheet), three times each. A value counts as found when a finding of its type overlaps it with
 * the default options. Prints recall per type and per layout; `--misses` lists each miss once
 * per type and layout.
 */
import { Faker, base as baseLocale, en } from "@faker-js/faker";
import { locator, type Segment } from "@filescan/contracts";
import { detect } from "@filescan/detectors";
import { filler, plantedValues, REF_DATE } from "./values.ts";
import { benchArgs } from "../args.ts";

const { values, int } = benchArgs(import.meta.url, { options: { seed: { type: "string", default: "7" }, misses: { type: "boolean", default: false } } });
const faker = new Faker({ locale: [en, baseLocale] });
faker.seed(int(values.seed, "seed", 0));
faker.setDefaultRefDate(REF_DATE);
const { positive } = plantedValues(faker);

/** Labels per type, as forms, exports and schemas write them. */
const LABELS: Record<string, string[]> = {
  EMAIL_ADDRESS: ["Email", "E-Mail-Adresse", "Courriel", "Correo electrónico", "email_address"],
  PHONE_NUMBER: ["Tel.", "Telefon", "Téléphone", "Mobile", "Handy", "Cell", "phoneNumber", "Contact no."],
  CREDIT_CARD: ["Card No.", "Kreditkarte", "Numéro de carte", "Tarjeta", "cc_number", "PAN", "Visa"],
  IBAN_CODE: ["IBAN", "Bankverbindung (IBAN)", "Kontonummer", "bank_account", "RIB"],
  US_SSN: ["Social Security No.", "SSN#", "Soc. Sec. #", "social_security_number", "SS#"],
  UK_NHS: ["NHS No", "NHS Number", "nhs_number", "Patient NHS no."],
  BR_CPF: ["CPF nº", "CPF/MF", "Cadastro de Pessoa Física", "cpf"],
  DATE_OF_BIRTH: ["DOB", "Geburtsdatum", "Date de naissance", "Fecha de nacimiento", "birthDate", "Born", "D.O.B."],
  UK_NINO: ["NI number", "NINO", "N.I. No.", "national_insurance_number"],
  IN_PAN: ["PAN No.", "Permanent Account Number", "PAN Card", "pan_number"],
  IN_AADHAAR: ["Aadhaar No.", "UIDAI number", "Aadhar", "aadhaar_number"],
  ES_NIF: ["NIF", "DNI/NIF", "Documento Nacional de Identidad", "dni"],
  ES_NIE: ["N.I.E.", "Número de Identidad de Extranjero", "nie"],
  NL_BSN: ["Burgerservicenummer", "BSN-nummer", "Sofinummer", "bsn"],
  PL_PESEL: ["Numer PESEL", "PESEL", "pesel"],
  FR_NIR: ["N° de sécurité sociale", "NIR", "Numéro INSEE", "n_secu"],
  DE_TAX_ID: ["Steuerliche Identifikationsnummer", "Steuer-IdNr.", "IdNr", "steuer_id", "Tax ID"],
  DE_SOCIAL_SECURITY: ["Sozialversicherungsnummer", "SV-Nummer", "Rentenversicherungsnummer", "RVNR", "sv_nr"],
  DE_HEALTH_INSURANCE: ["Krankenversichertennummer", "KVNR", "Versichertennummer", "eGK-Nr.", "kvnr"],
  FI_PERSONAL_IDENTITY_CODE: ["Henkilötunnus", "HETU", "Personal identity code", "Personbeteckning", "hetu"],
  KR_RRN: ["주민등록번호", "RRN", "Resident registration number", "resident_registration_number"],
  KR_FRN: ["외국인등록번호", "FRN", "Foreigner registration number", "alien_registration_number"],
  SE_PERSONNUMMER: ["Personnummer", "Pers.nr", "Samordningsnummer", "personnummer", "Personal identity number"],
  ZA_ID_NUMBER: ["ID Number", "RSA ID No.", "Identiteitsnommer", "id_number", "SA ID"],
  TH_TNIN: ["เลขประจำตัวประชาชน", "Thai national ID", "Citizen ID", "citizen_id", "เลขบัตรประชาชน"],
  TW_NATIONAL_ID: ["身分證字號", "National ID No.", "國民身分證統一編號", "national_id", "身份證號碼"],
  JP_MY_NUMBER: ["マイナンバー", "個人番号", "My Number", "my_number", "Individual Number"],
  DE_ID_CARD: ["Personalausweisnummer", "Ausweis-Nr.", "Personalausweis", "ausweisnummer", "ID card number"],
  DE_PASSPORT: ["Reisepassnummer", "Pass-Nr.", "Passnummer", "reisepass_nr", "Passport number"],
  RU_SNILS: ["СНИЛС", "Страховой номер", "SNILS", "snils"],
  RU_TAX_ID: ["ИНН", "ИНН физического лица", "INN", "inn", "Taxpayer number"],
  RU_PASSPORT: ["Паспорт", "Серия и номер паспорта", "Паспортные данные", "passport_rf", "Passport"],
  AU_ABN: ["ABN", "A.B.N.", "Australian Business Number", "abn"],
  AU_ACN: ["ACN", "A.C.N.", "Australian Company Number", "acn"],
  ET_IK: ["Isikukood", "Personal identification code", "Личный код", "isikukood"],
  DK_CPR_NUMBER: ["CPR-nummer", "CPR-nr.", "CPR", "cpr_nummer", "Personnummer"],
  TR_NATIONAL_ID: ["T.C. Kimlik No", "TC KİMLİK NO", "TCKN", "tc_kimlik_no", "Turkish ID number"],
  TR_TAX_ID: ["Vergi Kimlik No", "VKN", "Vergi No", "vergi_numarasi", "Tax number"],
  MEDICAL_LICENSE: ["DEA #", "DEA number", "DEA Registration", "dea_number", "Prescriber DEA"],
  US_MBI: ["MBI", "Medicare Beneficiary Identifier", "Medicare ID", "medicare_id", "mbi"],
  UK_DRIVING_LICENCE: ["Driving licence number", "Licence No.", "DVLA licence", "driving_licence", "Driver number"],
  IT_FISCAL_CODE: ["Cod. Fiscale", "C.F.", "codice_fiscale", "Codice Fiscale"],
  SG_NRIC_FIN: ["NRIC No.", "NRIC/FIN", "FIN", "nric"],
  AU_TFN: ["TFN", "Tax File No.", "tfn"],
  AU_MEDICARE: ["Medicare No.", "Medicare card number", "medicare_number"],
  CA_SIN: ["SIN", "Numéro d'assurance sociale", "S.I.N.", "sin"],
  US_ITIN: ["ITIN", "Individual Taxpayer Identification Number", "itin"],
  ABA_ROUTING_NUMBER: ["ABA", "Routing #", "RTN", "routing_number", "ABA/Routing"],
  US_NPI: ["NPI #", "National Provider Identifier", "npi", "Provider NPI"],
  PERSON: ["Name", "Full name", "customerName", "Kontoinhaber", "Nom"],
  LOCATION: ["Place of birth", "City", "Geburtsort", "Country"],
  ADDRESS: ["Address", "Street address", "Anschrift", "homeAddress"],
  PASSWORD: ["Password", "DB password", "Kennwort", "Mot de passe", "admin password"],
};

/**
 * A label as identifiers write it: Latin letters without accents; other scripts' words as they
 * are (a Chinese or Thai key, "身分證字號", has no ASCII spelling).
 */
const fold = (l: string) => l.normalize("NFD").replace(/(?<=\p{sc=Latin})\p{M}+/gu, "").normalize("NFC");
const snake = (l: string) => fold(l).toLowerCase().replace(/[^\p{L}\p{M}\p{N}]+/gu, "_").replace(/^_|_$/g, "");
const camel = (l: string) =>
  fold(l)
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean)
    .map((w, i) => (i ? w[0]!.toUpperCase() + w.slice(1).toLowerCase() : w.toLowerCase()))
    .join("");

const LAYOUTS: Record<string, (label: string, value: string) => string> = {
  colon: (l, v) => `${l}: ${v}`,
  tab: (l, v) => `${l}\t${v}`,
  below: (l, v) => `${l}\n${v}`,
  eq: (l, v) => `${snake(l)}=${v}`,
  json: (l, v) => `  "${snake(l)}": "${v}",`,
  camel: (l, v) => `  "${camel(l)}": "${v}",`,
  yaml: (l, v) => `  ${snake(l)}: '${v}'`,
  xml: (l, v) => `<${camel(l)}>${v}</${camel(l)}>`,
  html: (l, v) => `<tr><td>${l}</td><td>${v}</td></tr>`,
  md: (l, v) => `| ${l} | ${v} |`,
  csvrow: (l, v) => `${l},${v},active`,
  sentence: (l, v) => `Our records show the ${l} ${v} for this person.`,
  is: (l, v) => `My ${l} is ${v}.`,
  paren: (l, v) => `${faker.person.fullName()} (${l} ${v}) joined.`,
  // a name/value pair: AWS's tags, a Kubernetes container's environment, Hadoop's configuration
  tag: (l, v) => `  {"Key": "${snake(l)}", "Value": "${v}"},`,
  env: (l, v) => `        - name: ${snake(l).toUpperCase()}\n          value: "${v}"`,
  property: (l, v) => `<property>\n  <name>${camel(l)}</name>\n  <value>${v}</value>\n</property>`,
};

const tally = new Map<string, [number, number]>();
const count = (key: string, hit: boolean) => {
  const t = tally.get(key) ?? [0, 0];
  t[0]++;
  if (hit) t[1]++;
  tally.set(key, t);
};
const misses = new Map<string, string>();
for (const [type, labels] of Object.entries(LABELS)) {
  for (const label of labels) {
    for (const [layout, write] of Object.entries(LAYOUTS)) {
      for (let k = 0; k < 3; k++) {
        const value = positive[type]!();
        const line = write(label, value);
        const text = `Customer record\n${filler(faker.lorem.sentence())}\n${line}\n${faker.company.buzzPhrase()}.\n`;
        const start = text.indexOf(value);
        const found = detect([{ text, source: "text", locator: locator() }]);
        const hit = found.some((f) => f.type === type && f.start < start + value.length && start < f.end);
        count(type, hit);
        count(`layout ${layout}`, hit);
        if (!hit && !misses.has(`${type} ${layout}`)) misses.set(`${type} ${layout}`, JSON.stringify(line));
      }
    }
  }
}
// A form laid out as a spreadsheet, as libs/extract emits it: a title row, then the label and
// the value side by side in their own cells (A2, B2; or C2, D2 after an e-mail's pair), and a row
// of something else below.
for (const [type, labels] of Object.entries(LABELS)) {
  for (const label of labels) {
    for (let k = 0; k < 3; k++) {
      const value = positive[type]!();
      const cell = (text: string, ref: string, row: number) => ({ text, source: "text" as const, locator: locator({ sheet: "Form", row, cell: ref, column: ref[0] }) });
      const title = { text: "Customer record", source: "text" as const, locator: locator({ sheet: "Form", row: 1, part: "header" }) };
      const remark = [cell("Remarks", "A3", 3), cell(faker.company.buzzPhrase(), "B3", 3)];
      // one pair a row, and two pairs side by side (the value in the second)
      const forms: Array<[string, Segment[], string]> = [
        ["sheet", [title, cell(label, "A2", 2), cell(value, "B2", 2), ...remark], "B2"],
        ["sheet pairs", [title, cell("Email", "A2", 2), cell(faker.internet.email(), "B2", 2), cell(label, "C2", 2), cell(value, "D2", 2), ...remark], "D2"],
        // a table: the label as the column's header (the extractor names each cell below by it)
        ["sheet column", [{ text: `Customer, ${label}`, source: "text" as const, locator: locator({ sheet: "Form", row: 1, part: "header" }) }, { text: faker.person.fullName(), source: "text" as const, locator: locator({ sheet: "Form", row: 2, cell: "A2", column: "Customer" }) }, { text: value, source: "text" as const, locator: locator({ sheet: "Form", row: 2, cell: "B2", column: label }) }], "B2"],
        // the label above its value, mid-sheet, beside a remark and its text
        ["sheet above", [cell("Customer record", "A1", 1), cell(label, "B3", 3), cell("Remarks", "C3", 3), cell(value, "B4", 4), cell(faker.company.buzzPhrase(), "C4", 4)], "B4"],
      ];
      for (const [layout, segments, at] of forms) {
        const hit = detect(segments).some((f) => f.type === type && f.locator.cell === at);
        count(type, hit);
        count(`layout ${layout}`, hit);
        if (!hit && !misses.has(`${type} ${layout}`)) misses.set(`${type} ${layout}`, JSON.stringify(`${label} | ${value}`));
      }
    }
  }
}

const row = (key: string, [n, h]: [number, number]) => console.log(`${key.padEnd(24)} ${`${h}/${n}`.padStart(9)}  ${(h / n).toFixed(3)}`);
console.log("recall per type");
for (const [k, v] of tally) if (!k.startsWith("layout ")) row(k, v);
console.log("\nrecall per layout");
for (const [k, v] of tally) if (k.startsWith("layout ")) row(k.slice(7), v);
let planted = 0;
let foundAll = 0;
for (const [k, [n, h]] of tally) {
  if (k.startsWith("layout ")) continue;
  planted += n;
  foundAll += h;
}
console.log(`\nall ${foundAll}/${planted} (${(foundAll / planted).toFixed(3)}), ${planted - foundAll} misses`);
if (values.misses) for (const [k, line] of misses) console.log(`MISS ${k.padEnd(30)} ${line}`);
