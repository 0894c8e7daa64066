/**
 * bench/detect/letters.ts: people and places in business letters written in the languages of
 * the national identifiers (German, French, Spanish, Italian, Portuguese, Dutch, Polish), with
 * English as the control. NER (compromise) is an English tagger: this measures what it and
 * the cue rules find in the other languages, and what they take for a name there.
 *
 *   node bench/detect/letters.ts [--letters 40] [--seed 7] [--explain] [--ner-model DIR]
 *
 * Each letter is one text, as a document's body reaches detection: a dateline with the sender's
 * town, a salutation with a title and the addressee's surname (or a form that names nobody), a
 * body that names a colleague in its running text, and a closing with the signer's name above
 * a department. Names and towns come from @faker-js/faker's locale of the language. The
 * sentences were written for this benchmark. The addressee's address block heads it (street
 * and number, then postcode and town, or town, state and ZIP code in English, as faker's locale
 * writes them). Planted: PERSON (each
 * name), LOCATION (the dateline's town), ADDRESS (the block). A finding of these types that
 * overlaps no planted span of its type (for a place, nor an address) is a false positive (the capitalised
 * nouns of German, a Spanish "Para" opening a sentence). Prints recall and precision per
 * language and type with the default options; `--explain` lists every miss and false positive;
 * `--ner-model DIR` adds the optional NER model's detectors (infra/local/fetch-ner-model.sh).
 */
import { Faker, base, de, en, es, fr, it, nl, pl, pt_BR, type LocaleDefinition } from "@faker-js/faker";
import { locator } from "@filescan/contracts";
import { detect } from "@filescan/detectors";
import { benchArgs } from "../args.ts";

const { values, int } = benchArgs(import.meta.url, { options: { letters: { type: "string", default: "40" }, seed: { type: "string", default: "7" }, explain: { type: "boolean", default: false }, "ner-model": { type: "string" } } });

interface Span {
  start: number;
  end: number;
  type: "PERSON" | "LOCATION" | "ADDRESS";
}
const TYPES = ["PERSON", "LOCATION", "ADDRESS"] as const;

/** Builds a letter and records where its names and towns are. */
class Letter {
  text = "";
  spans: Span[] = [];
  add(s: string): this {
    this.text += s;
    return this;
  }
  put(type: Span["type"], value: string): this {
    this.spans.push({ start: this.text.length, end: this.text.length + value.length, type });
    this.text += value;
    return this;
  }
}

type Sex = "male" | "female";
/** What a language's letter is made of: its dateline, salutations, body sentences and closings. */
interface Language {
  locale: LocaleDefinition;
  months: string[];
  dateline: (day: number, month: string, year: number) => string;
  /** A salutation naming the addressee by title and surname, by sex. */
  dear: Record<Sex, (last: string) => [string, string]>;
  /** A salutation that names nobody. */
  anyone: string;
  /** The body: before and after a colleague's full name. */
  body: [string, string][];
  closings: string[];
  departments: string[];
}

const LANGUAGES: Record<string, Language> = {
  en: {
    locale: en,
    months: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
    dateline: (d, m, y) => `, ${m} ${d}, ${y}`,
    dear: { male: (l) => ["Dear Mr. ", `${l},`], female: (l) => ["Dear Ms. ", `${l},`] },
    anyone: "Dear Sir or Madam,",
    body: [
      ["Thank you for your enquiry. As agreed on the phone, please find the requested documents attached. For any questions, please contact ", " of our accounts department. Delivery will take place next week."],
      ["We have received your payment and updated your account. Your new contract will be sent by post. ", " will call you on Monday to confirm the installation date."],
    ],
    closings: ["Kind regards,", "Yours sincerely,", "Best regards,"],
    departments: ["Customer Service", "Accounts Department", "Sales"],
  },
  de: {
    locale: de,
    months: ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"],
    dateline: (d, m, y) => `, ${d}. ${m} ${y}`,
    dear: { male: (l) => ["Sehr geehrter Herr ", `${l},`], female: (l) => ["Sehr geehrte Frau ", `${l},`] },
    anyone: "Sehr geehrte Damen und Herren,",
    body: [
      ["vielen Dank für Ihre Anfrage. Wie telefonisch besprochen, senden wir Ihnen die gewünschten Unterlagen zu. Bei Rückfragen wenden Sie sich bitte an ", " aus unserer Buchhaltung. Die Lieferung erfolgt in der nächsten Woche."],
      ["Ihre Zahlung ist eingegangen, und wir haben Ihr Kundenkonto aktualisiert. Den neuen Vertrag erhalten Sie mit der Post. Frau ", " wird Sie am Montag anrufen, um den Termin für die Installation zu bestätigen."],
    ],
    closings: ["Mit freundlichen Grüßen", "Freundliche Grüße", "Mit besten Grüßen"],
    departments: ["Kundenservice", "Buchhaltung", "Vertrieb"],
  },
  fr: {
    locale: fr,
    months: ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"],
    dateline: (d, m, y) => `, le ${d} ${m} ${y}`,
    dear: { male: (l) => ["Monsieur ", `${l},`], female: (l) => ["Chère Madame ", `${l},`] },
    anyone: "Madame, Monsieur,",
    body: [
      ["Nous vous remercions de votre demande. Comme convenu par téléphone, vous trouverez ci-joint les documents demandés. Pour toute question, vous pouvez contacter ", " de notre service comptable. La livraison aura lieu la semaine prochaine."],
      ["Nous avons bien reçu votre paiement et mis à jour votre compte client. Votre nouveau contrat vous sera envoyé par courrier. Madame ", " vous appellera lundi pour confirmer la date d'installation."],
    ],
    closings: ["Cordialement,", "Bien cordialement,", "Veuillez agréer nos salutations distinguées."],
    departments: ["Service client", "Comptabilité", "Service commercial"],
  },
  es: {
    locale: es,
    months: ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"],
    dateline: (d, m, y) => `, ${d} de ${m} de ${y}`,
    dear: { male: (l) => ["Estimado Sr. ", `${l}:`], female: (l) => ["Estimada Sra. ", `${l}:`] },
    anyone: "Estimados señores:",
    body: [
      ["Le agradecemos su consulta. Tal como acordamos por teléfono, le enviamos la documentación solicitada. Para cualquier duda, puede ponerse en contacto con ", " de nuestro departamento de contabilidad. La entrega se realizará la próxima semana."],
      ["Hemos recibido su pago y actualizado su cuenta de cliente. Recibirá el nuevo contrato por correo. Como siempre, ", " le llamará el lunes para confirmar la fecha de instalación."],
    ],
    closings: ["Atentamente,", "Saludos cordiales,", "Un cordial saludo,"],
    departments: ["Atención al Cliente", "Contabilidad", "Departamento Comercial"],
  },
  it: {
    locale: it,
    months: ["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"],
    dateline: (d, m, y) => `, ${d} ${m} ${y}`,
    dear: { male: (l) => ["Gentile Sig. ", `${l},`], female: (l) => ["Gentile Sig.ra ", `${l},`] },
    anyone: "Gentili Signori,",
    body: [
      ["La ringraziamo per la Sua richiesta. Come concordato telefonicamente, Le inviamo in allegato la documentazione richiesta. Per qualsiasi domanda può rivolgersi a ", " del nostro ufficio contabilità. La consegna avverrà la prossima settimana."],
      ["Abbiamo ricevuto il Suo pagamento e aggiornato il Suo conto cliente. Il nuovo contratto Le sarà inviato per posta. Lunedì ", " La chiamerà per confermare la data dell'installazione."],
    ],
    closings: ["Cordiali saluti,", "Distinti saluti,"],
    departments: ["Servizio Clienti", "Ufficio Contabilità", "Ufficio Vendite"],
  },
  pt: {
    locale: pt_BR,
    months: ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"],
    dateline: (d, m, y) => `, ${d} de ${m} de ${y}`,
    dear: { male: (l) => ["Prezado Sr. ", `${l},`], female: (l) => ["Prezada Sra. ", `${l},`] },
    anyone: "Prezados senhores,",
    body: [
      ["Agradecemos o seu contato. Conforme combinado por telefone, enviamos em anexo os documentos solicitados. Para qualquer dúvida, entre em contato com ", " do nosso departamento financeiro. A entrega será feita na próxima semana."],
      ["Recebemos o seu pagamento e atualizamos a sua conta. Nas próximas semanas o novo contrato será enviado pelo correio. A Sra. ", " ligará na segunda-feira para confirmar a data da instalação."],
    ],
    closings: ["Atenciosamente,", "Cordialmente,", "Um abraço,"],
    departments: ["Atendimento ao Cliente", "Departamento Financeiro", "Vendas"],
  },
  nl: {
    locale: nl,
    months: ["januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober", "november", "december"],
    dateline: (d, m, y) => `, ${d} ${m} ${y}`,
    dear: { male: (l) => ["Geachte heer ", `${l},`], female: (l) => ["Geachte mevrouw ", `${l},`] },
    anyone: "Geachte heer, mevrouw,",
    body: [
      ["Hartelijk dank voor uw aanvraag. Zoals telefonisch besproken, sturen wij u hierbij de gevraagde documenten. Voor vragen kunt u contact opnemen met ", " van onze administratie. De levering vindt volgende week plaats."],
      ["Wij hebben uw betaling ontvangen en uw klantaccount bijgewerkt. Het nieuwe contract ontvangt u per post. Mevrouw ", " belt u maandag om de datum van de installatie te bevestigen."],
    ],
    closings: ["Met vriendelijke groet,", "Met vriendelijke groeten,", "Hoogachtend,"],
    departments: ["Klantenservice", "Administratie", "Verkoop"],
  },
  pl: {
    locale: pl,
    months: ["stycznia", "lutego", "marca", "kwietnia", "maja", "czerwca", "lipca", "sierpnia", "września", "października", "listopada", "grudnia"],
    dateline: (d, m, y) => `, ${d} ${m} ${y} r.`,
    dear: { male: (l) => ["Szanowny Panie ", `${l},`], female: (l) => ["Szanowna Pani ", `${l},`] },
    anyone: "Szanowni Państwo,",
    body: [
      ["dziękujemy za zapytanie. Zgodnie z ustaleniami telefonicznymi przesyłamy w załączeniu zamówione dokumenty. W razie pytań prosimy o kontakt: ", ", dział księgowości. Dostawa nastąpi w przyszłym tygodniu."],
      ["otrzymaliśmy płatność i zaktualizowaliśmy konto klienta. Nową umowę otrzyma Pan pocztą. Pani ", " zadzwoni w poniedziałek, aby potwierdzić termin instalacji."],
    ],
    closings: ["Z poważaniem,", "Z wyrazami szacunku,", "Pozdrawiam serdecznie,"],
    departments: ["Obsługa Klienta", "Dział Księgowości", "Dział Sprzedaży"],
  },
};

const seed = int(values.seed, "seed", 0);
const COUNT = int(values.letters, "letters");

function letterIn(lang: Language, f: Faker): Letter {
  const b = new Letter();
  const sex = (): Sex => f.helpers.arrayElement(["male", "female"] as const);
  const name = (s: Sex) => `${f.person.firstName(s)} ${f.person.lastName(s)}`;
  // the addressee's address block: street and number, then postcode and town (town, state and
  // ZIP code in English), as faker's locale writes them
  const block = b.text.length;
  b.add(f.location.streetAddress()).add("\n");
  if (lang.locale === en) b.add(f.location.city()).add(`, ${f.location.state({ abbreviated: true })} ${f.location.zipCode("#####")}`);
  else b.add(f.location.zipCode()).add(" ").add(f.location.city());
  b.spans.push({ start: block, end: b.text.length, type: "ADDRESS" });
  b.add("\n\n");
  b.put("LOCATION", f.location.city()).add(lang.dateline(f.number.int({ min: 1, max: 28 }), f.helpers.arrayElement(lang.months), f.number.int({ min: 2019, max: 2026 }))).add("\n\n");
  if (f.number.int(3) > 0) {
    const s = sex();
    const [before, after] = lang.dear[s](f.person.lastName(s));
    b.add(before).put("PERSON", after.slice(0, -1)).add(after.slice(-1));
  } else b.add(lang.anyone);
  // (the second body sentence names a woman: its title says so)
  const which = f.number.int(lang.body.length - 1);
  const [before, after] = lang.body[which]!;
  b.add("\n\n").add(before).put("PERSON", name(which === 1 ? "female" : sex())).add(after).add("\n\n");
  b.add(f.helpers.arrayElement(lang.closings)).add("\n\n").put("PERSON", name(sex())).add("\n").add(f.helpers.arrayElement(lang.departments)).add("\n");
  return b;
}

type Tally = { tp: number; fn: number; fp: number };
const newTally = (): Record<Span["type"], Tally> => ({ PERSON: { tp: 0, fn: 0, fp: 0 }, LOCATION: { tp: 0, fn: 0, fp: 0 }, ADDRESS: { tp: 0, fn: 0, fp: 0 } });
const rows: Array<[string, Record<Span["type"], Tally>]> = [];
const explained: string[] = [];
const excerpt = (text: string, start: number, end: number) => `${JSON.stringify(text.slice(Math.max(0, start - 30), start))} [${JSON.stringify(text.slice(start, end))}] ${JSON.stringify(text.slice(end, end + 20))}`;
for (const [code, lang] of Object.entries(LANGUAGES)) {
  const f = new Faker({ locale: [lang.locale, en, base] });
  f.seed(seed);
  const tally = newTally();
  for (let i = 0; i < COUNT; i++) {
    const { text, spans } = letterIn(lang, f);
    const found = detect([{ text, source: "text", locator: locator() }], { nerModel: values["ner-model"] }).filter((x) => (TYPES as readonly string[]).includes(x.type));
    for (const s of spans) {
      const hit = found.some((x) => x.type === s.type && x.start < s.end && s.start < x.end);
      tally[s.type][hit ? "tp" : "fn"]++;
      if (!hit) explained.push(`${code} FN ${s.type}: ${excerpt(text, s.start, s.end)}`);
    }
    for (const x of found) {
      // (a town found as a place inside the address is part of it, not a false place)
      if (spans.some((s) => (s.type === x.type || (x.type === "LOCATION" && s.type === "ADDRESS")) && x.start < s.end && s.start < x.end)) continue;
      tally[x.type as Span["type"]].fp++;
      explained.push(`${code} FP ${x.type} ${x.detector} ${x.score}: ${excerpt(text, x.start, x.end)}`);
    }
  }
  rows.push([code, tally]);
}

const ratio = (a: number, b: number) => (b === 0 ? "  -  " : (a / b).toFixed(3));
const cells = (t: Record<Span["type"], Tally>) => TYPES.map((type) => `${ratio(t[type].tp, t[type].tp + t[type].fn).padStart(8)} ${ratio(t[type].tp, t[type].tp + t[type].fp).padStart(9)}`).join("   ");
console.log(`bench/detect/letters: ${COUNT} letters per language, seed ${seed}, ${values["ner-model"] ? `default options and the NER model in ${values["ner-model"]}` : "default options"}`);
console.log(`\nlanguage  ${TYPES.map((t) => `${t.padEnd(8)} recall precision`).join("   ")}`);
const sum = (list: typeof rows) => {
  const out = newTally();
  for (const [, t] of list) for (const type of TYPES) for (const k of ["tp", "fn", "fp"] as const) out[type][k] += t[type][k];
  return out;
};
for (const [code, t] of rows) console.log(`${code.padEnd(9)} ${cells(t)}`);
console.log(`${"not en".padEnd(9)} ${cells(sum(rows.filter(([c]) => c !== "en")))}`);
const all = sum(rows);
console.log(`\nall: ${TYPES.map((type) => `${type} ${all[type].tp} found of ${all[type].tp + all[type].fn}, ${all[type].fp} false`).join("; ")}`);
if (values.explain) console.log("\n" + explained.join("\n"));
