/**
 * bench/detect/ids_unseen.ts: short documents written by hand for the numeric and identifier types
 * (phone numbers, IBANs, national identifiers, cards, e-mail addresses), kept apart from every set
 * the detectors were tuned on. Written before the detectors' code was read: letters, forms,
 * invoices, payslips, chat messages, CRM notes and e-mail signatures in English, German, French,
 * Spanish, Italian, Dutch, Portuguese, Polish, Swedish and Danish, each number written the way its
 * country writes it (trunk 0 or +CC, "(0)", slashes, dots, dashes, odd groupings) after the label
 * the document's language uses.
 *
 *   node bench/detect/ids.ts [--explain TYPE] [--lang de]
 *
 * Marks: `[[TYPE:value]]`, TYPE as bench/detect/run.ts names its types. Values that must NOT be
 * reported (postcodes, order and invoice numbers, dates, amounts, a Portuguese NIF, which no detector
 * covers) are written unmarked, so a finding of a scored type on them is a false positive. Every
 * person and number is made up; check digits are computed below from the schemes' published rules
 * (not by the detectors), and each IBAN has its country's length (checked at load).
 *
 * Once the detectors are changed because of these documents they no longer measure unseen text:
 * the figures of the first run are kept in bench/detect/ids.ts's header.
 */

// ---- check digits, from the schemes' definitions ----------------------------------------------

/** IBAN lengths per country (the IBAN registry's), to refuse a value of the wrong length here. */
const IBAN_LENGTH: Record<string, number> = { DE: 22, FR: 27, ES: 24, IT: 27, NL: 18, PT: 25, PL: 28, SE: 24, DK: 18, GB: 22, BE: 16, AT: 20, CH: 21, IE: 22, LU: 20, NO: 15, FI: 18 };

/** An IBAN of `cc` and `bban` with its ISO 7064 mod 97-10 check digits, grouped by four. */
export function iban(cc: string, bban: string, grouped = true): string {
  const num = (s: string) => s.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  const mod97 = (s: string) => [...s].reduce((r, d) => (r * 10 + Number(d)) % 97, 0);
  const check = String(98 - mod97(num(bban + cc + "00"))).padStart(2, "0");
  const v = cc + check + bban;
  if (v.length !== IBAN_LENGTH[cc]) throw new Error(`ids_unseen.ts: IBAN of ${cc} must have ${IBAN_LENGTH[cc]} characters, got ${v.length}`);
  return grouped ? v.replace(/(.{4})(?=.)/g, "$1 ") : v;
}

/** German Steuer-ID: ten digits and the ISO 7064 mod 11,10 check digit. */
export function deTaxId(ten: string): string {
  let p = 10;
  for (const d of ten) {
    let s = (Number(d) + p) % 10;
    if (s === 0) s = 10;
    p = (s * 2) % 11;
  }
  const c = (11 - p) % 10;
  return ten + c;
}

/** German Rentenversicherungsnummer: area (2), birth date DDMMYY, initial, serial (2), check. */
export function deSvnr(area: string, ddmmyy: string, initial: string, serial: string): string {
  const letter = String(initial.charCodeAt(0) - 64).padStart(2, "0");
  const ds = (area + ddmmyy + letter + serial).split("").map(Number);
  const w = [2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1];
  const sum = ds.reduce((a, d, i) => {
    const p = d * w[i]!;
    return a + Math.floor(p / 10) + (p % 10);
  }, 0);
  return area + ddmmyy + initial + serial + (sum % 10);
}

/** French NIR: 13 digits and the key 97 - (n mod 97), written as an employer writes it. */
export function frNir(thirteen: string): string {
  const key = String(97 - Number(BigInt(thirteen) % 97n)).padStart(2, "0");
  const d = thirteen + key;
  return `${d[0]} ${d.slice(1, 3)} ${d.slice(3, 5)} ${d.slice(5, 7)} ${d.slice(7, 10)} ${d.slice(10, 13)} ${d.slice(13)}`;
}

const DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE";
/** Spanish DNI: eight digits and their letter. */
export const esDni = (eight: string) => eight + DNI_LETTERS[Number(eight) % 23];
/** Spanish NIE: X, Y or Z, seven digits and the letter of the number with X=0, Y=1, Z=2. */
export const esNie = (xyz: string, seven: string) => xyz + seven + DNI_LETTERS[Number("XYZ".indexOf(xyz) + seven) % 23];

const CF_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
/** Italian codice fiscale: fifteen characters and the check letter. */
export function itCf(fifteen: string): string {
  let sum = 0;
  for (const [i, ch] of [...fifteen].entries()) {
    const v = /\d/.test(ch) ? Number(ch) : ch.charCodeAt(0) - 65;
    sum += i % 2 === 0 ? CF_ODD[v]! : v;
  }
  return fifteen + String.fromCharCode(65 + (sum % 26));
}

/** Dutch BSN: eight digits and the digit passing the eleven test (the base must allow one below 10). */
export function nlBsn(eight: string): string {
  const s = [...eight].reduce((a, d, i) => a + Number(d) * (9 - i), 0);
  const c = s % 11;
  if (c === 10) throw new Error(`ids_unseen.ts: no BSN on ${eight}`);
  return eight + c;
}

/** Polish PESEL: ten digits and the check digit (weights 1 3 7 9). */
export function plPesel(ten: string): string {
  const w = [1, 3, 7, 9, 1, 3, 7, 9, 1, 3];
  const s = [...ten].reduce((a, d, i) => a + Number(d) * w[i]!, 0);
  return ten + ((10 - (s % 10)) % 10);
}

/** Brazilian CPF: nine digits and two mod 11 check digits, as 123.456.789-09. */
export function brCpf(nine: string): string {
  const dv = (s: string) => {
    const n = s.length + 1;
    const r = [...s].reduce((a, d, i) => a + Number(d) * (n - i), 0) % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const a = nine + dv(nine);
  const b = a + dv(a);
  return `${b.slice(0, 3)}.${b.slice(3, 6)}.${b.slice(6, 9)}-${b.slice(9)}`;
}

/** Luhn check digit appended to `s` (digits only). */
export function luhn(s: string): string {
  let sum = 0;
  for (const [i, d] of [...s].reverse().entries()) {
    let v = Number(d);
    if (i % 2 === 0) v *= 2;
    sum += v > 9 ? v - 9 : v;
  }
  return s + ((10 - (sum % 10)) % 10);
}

/** Swedish personnummer YYMMDD-NNNC (Luhn over the nine digits), `sep` '-' or '+'. */
export const sePnr = (yymmdd: string, nnn: string, sep = "-") => `${yymmdd}${sep}${luhn(yymmdd + nnn).slice(6)}`;

/** Danish CPR number DDMMYY-SSSS passing the old mod 11 test (the serial's last digit chosen). */
export function dkCpr(ddmmyy: string, sss: string): string {
  const w = [4, 3, 2, 7, 6, 5, 4, 3, 2];
  const s = [...(ddmmyy + sss)].reduce((a, d, i) => a + Number(d) * w[i]!, 0);
  const c = (11 - (s % 11)) % 11;
  if (c === 10) throw new Error(`ids_unseen.ts: no CPR on ${ddmmyy}${sss}`);
  return `${ddmmyy}-${sss}${c}`;
}

/** UK NHS number: nine digits and the mod 11 check digit, grouped 3 3 4. */
export function ukNhs(nine: string): string {
  const s = [...nine].reduce((a, d, i) => a + Number(d) * (10 - i), 0);
  const c = (11 - (s % 11)) % 11;
  if (c === 10) throw new Error(`ids_unseen.ts: no NHS number on ${nine}`);
  const v = nine + c;
  return `${v.slice(0, 3)} ${v.slice(3, 6)} ${v.slice(6)}`;
}

/** A card number: prefix and body with its Luhn digit, grouped by four (Amex 4 6 5). */
export function card(body: string, sep = " "): string {
  const v = luhn(body);
  return v.length === 15 ? [v.slice(0, 4), v.slice(4, 10), v.slice(10)].join(sep) : v.replace(/(\d{4})(?=\d)/g, `$1${sep}`);
}

/** Portuguese NIF (no detector covers it; written unmarked): eight digits and the mod 11 digit. */
export function ptNif(eight: string): string {
  const s = [...eight].reduce((a, d, i) => a + Number(d) * (9 - i), 0);
  const c = 11 - (s % 11);
  return eight + (c >= 10 ? 0 : c);
}

// ---- documents --------------------------------------------------------------------------------

export type IdsLang = "en" | "de" | "fr" | "es" | "it" | "nl" | "pt" | "pl" | "sv" | "da";
export interface IdsDoc {
  kind: string;
  lang: IdsLang;
  /** The text with each value to be found marked `[[TYPE:value]]`. */
  marked: string;
}

export const IDS_UNSEEN: IdsDoc[] = [
  // ---- English ------------------------------------------------------------------------------
  {
    kind: "e-mail signature",
    lang: "en",
    marked: `Thanks again for your patience with the delivery.

Kind regards,
Harriet Okonkwo
Customer Success Lead | Northfield Freight Ltd
T: [[PHONE_NUMBER:+44 (0)113 496 0872]]  M: [[PHONE_NUMBER:07723 418 906]]
E: [[EMAIL_ADDRESS:h.okonkwo@northfield-freight.co.uk]]
Registered in England No. 08812345. VAT GB 293 1847 22.`,
  },
  {
    kind: "payslip",
    lang: "en",
    marked: `PAYSLIP  Period 09  Pay date 26/09/2025
Employee: Daniel Fairweather    Employee no. 004417
NI number: [[UK_NINO:JR 61 48 93 C]]    Tax code: 1257L
Gross pay £3,412.50   Tax £482.40   NI £221.16   Net pay £2,708.94
Paid to: Lloyds, sort code 30-94-61, account 41823907`,
  },
  {
    kind: "GP referral form",
    lang: "en",
    marked: `Patient: Mrs Ayesha Raman
NHS No: [[UK_NHS:${ukNhs("485777345")}]]
Contact number: [[PHONE_NUMBER:0161 832 7150]] (home), mobile [[PHONE_NUMBER:07911 123456]]
Next of kin e-mail: [[EMAIL_ADDRESS:raman.family+nhs@btinternet.com]]
Reason for referral: persistent cough, 6 weeks.`,
  },
  {
    kind: "US HR onboarding form",
    lang: "en",
    marked: `New hire checklist — Brightwater Analytics Inc.
Name: Marcus T. Delgado
SSN: [[US_SSN:521-47-8830]]
Phone: [[PHONE_NUMBER:(415) 392-7718]]   Alt: [[PHONE_NUMBER:+1 212-873-4406]]
Personal e-mail: [[EMAIL_ADDRESS:marcus.delgado77@gmail.com]]
Start date: 03/02/2025   Employee ID: BWA-20931`,
  },
  {
    kind: "support chat",
    lang: "en",
    marked: `[10:42] Priya: hi, my card got charged twice for order #558213
[10:43] Agent Tom: sorry about that! can you confirm the card number on the order?
[10:44] Priya: it's [[CREDIT_CARD:${card("453201511283036")}]], expiry 08/27
[10:44] Priya: and you can reach me at [[EMAIL_ADDRESS:priya.n@mail.zip.com.au]] or [[PHONE_NUMBER:+61 412 345 678]]`,
  },
  {
    kind: "supplier invoice",
    lang: "en",
    marked: `INVOICE 2025-0412
From: Kestrel Print Works, Unit 4, Dock Road, Bristol BS1 6QH
Bank: Barclays  IBAN: [[IBAN_CODE:${iban("GB", "BARC20040412345678")}]]  BIC: BARCGB22
Payment terms 30 days. Queries: [[EMAIL_ADDRESS:accounts@kestrelprint.co.uk]] or [[PHONE_NUMBER:0117 927 3384]]
Total due: £1,284.00`,
  },
  // ---- German -------------------------------------------------------------------------------
  {
    kind: "Lohnabrechnung",
    lang: "de",
    marked: `Entgeltabrechnung für September 2025
Personalnummer: 10482   Eintritt: 01.04.2019
Herr Jonas Albrecht, Hauptstraße 12, 69117 Heidelberg
Steuer-ID: [[DE_TAX_ID:${deTaxId("4758219350")}]]   Steuerklasse: 1
Sozialversicherungsnummer: [[DE_SOCIAL_SECURITY:${deSvnr("53", "120387", "A", "04")}]]
Bankverbindung: [[IBAN_CODE:${iban("DE", "500105175420137489")}]]
Auszahlungsbetrag: 2.874,31 €`,
  },
  {
    kind: "Geschäftsbrief",
    lang: "de",
    marked: `Müller & Söhne Sanitärtechnik GmbH · Lindenweg 4 · 80331 München

Sehr geehrte Frau Brandt,

vielen Dank für Ihre Anfrage vom 14.08.2025. Für Rückfragen erreichen Sie mich unter
Tel. [[PHONE_NUMBER:089 / 45 67 89-12]] oder per Fax [[PHONE_NUMBER:089 / 45 67 89-99]].

Mit freundlichen Grüßen
Stefan Müller
Mobil: [[PHONE_NUMBER:0171 2345678]]
E-Mail: [[EMAIL_ADDRESS:s.mueller@mueller-soehne-sanitaer.de]]`,
  },
  {
    kind: "Anmeldeformular",
    lang: "de",
    marked: `Anmeldung Sportverein TSV Grünwald e.V.
Name, Vorname: Kowalczyk, Lena
Geburtsdatum: 22.06.2011
Telefon (Eltern): [[PHONE_NUMBER:+49 (0)30 2345 6789]]
E-Mail: [[EMAIL_ADDRESS:familie.kowalczyk@web.de]]
SEPA-Lastschriftmandat, IBAN: [[IBAN_CODE:${iban("DE", "100100100987654321")}]]
Mitgliedsbeitrag: 96,00 € jährlich`,
  },
  {
    kind: "Chatnachricht",
    lang: "de",
    marked: `Hi Sabine, ruf mich doch heute Abend kurz an, [[PHONE_NUMBER:0176/98765432]] – bin ab 19 Uhr zu Hause. Die Rechnung über 450 € hab ich schon überwiesen (Ref. 2025-77831).`,
  },
  {
    kind: "Steuerbescheid-Auszug",
    lang: "de",
    marked: `Finanzamt Köln-Altstadt
Steuernummer 214/5123/4567
Steueridentifikationsnummer: [[DE_TAX_ID:${deTaxId("2609371825")}]]
Ihr Ansprechpartner: Frau Weber, Telefon [[PHONE_NUMBER:0221 9876-543]]`,
  },
  {
    kind: "Schweizer Rechnung",
    lang: "de",
    marked: `Rechnung Nr. 88-2025 · Atelier Zürrer, Zürich
Zahlbar innert 30 Tagen auf IBAN [[IBAN_CODE:${iban("CH", "00762011623852957")}]]
Auskunft: [[PHONE_NUMBER:+41 44 668 18 00]]`,
  },
  {
    kind: "Österreichisches Formular",
    lang: "de",
    marked: `Antrag auf Familienbeihilfe
Antragstellerin: Mag. Verena Huber, 1070 Wien
Telefon: [[PHONE_NUMBER:+43 1 234 56 78]]  Mobil: [[PHONE_NUMBER:0664 123 45 67]]
Kontoverbindung IBAN [[IBAN_CODE:${iban("AT", "1904300234573201")}]]`,
  },
  // ---- French -------------------------------------------------------------------------------
  {
    kind: "bulletin de paie",
    lang: "fr",
    marked: `BULLETIN DE SALAIRE – octobre 2025
Salarié : M. Olivier Garnier   Matricule : 00731
N° de sécurité sociale : [[FR_NIR:${frNir("1840775123456")}]]
Emploi : technicien de maintenance   Coefficient 240
Net à payer : 2 146,87 €   Virement sur [[IBAN_CODE:${iban("FR", "30006000011234567890189")}]]`,
  },
  {
    kind: "lettre de résiliation",
    lang: "fr",
    marked: `Madame, Monsieur,

Je vous prie de bien vouloir résilier mon contrat n° 7712-0045-B à compter du 1er décembre.
Vous pouvez me joindre au [[PHONE_NUMBER:06 45 87 12 90]] ou au [[PHONE_NUMBER:01.42.68.53.00]] (bureau).

Claire Dubois
[[EMAIL_ADDRESS:claire.dubois@orange.fr]]`,
  },
  {
    kind: "formulaire d'inscription",
    lang: "fr",
    marked: `Inscription – Conservatoire de Lyon
Nom : Martin   Prénom : Lucas
Téléphone portable : [[PHONE_NUMBER:+33 6 12 34 56 78]]
Téléphone fixe : [[PHONE_NUMBER:+33 (0)4 78 12 34 56]]
Numéro de sécurité sociale (NIR) : [[FR_NIR:${frNir("2920169388057")}]]
Code postal : 69003`,
  },
  {
    kind: "signature belge",
    lang: "fr",
    marked: `Bien à vous,
Sophie Lambert – Comptabilité
Tél. : [[PHONE_NUMBER:+32 2 512 34 56]] | GSM : [[PHONE_NUMBER:0475 12 34 56]]
[[EMAIL_ADDRESS:sophie.lambert@compta.lambert-associes.be]]
IBAN [[IBAN_CODE:${iban("BE", "539007547034")}]]`,
  },
  // ---- Spanish ------------------------------------------------------------------------------
  {
    kind: "nómina",
    lang: "es",
    marked: `NÓMINA – Periodo: 01/09/2025 a 30/09/2025
Trabajador: Javier Ortega Ruiz
DNI: [[ES_NIF:${esDni("48392017")}]]   Nº afiliación S.S.: 28/12345678/40
Categoría: Oficial 1ª   Antigüedad: 15/03/2018
Líquido a percibir: 1.874,55 €
Ingreso en cuenta: [[IBAN_CODE:${iban("ES", "21000418450200051332")}]]`,
  },
  {
    kind: "contrato de alquiler",
    lang: "es",
    marked: `De otra parte, Dña. Elena Petrova, mayor de edad, con NIE [[ES_NIE:${esNie("Y", "2468013")}]], y domicilio a efectos de notificaciones en C/ Alcalá 214, 3º B, 28028 Madrid, teléfono [[PHONE_NUMBER:612 34 56 78]] y correo electrónico [[EMAIL_ADDRESS:elena.petrova@yahoo.es]].`,
  },
  {
    kind: "ficha de cliente",
    lang: "es",
    marked: `Cliente: Carmen López Vidal
Tel. fijo: [[PHONE_NUMBER:93 412 56 78]]   Móvil: [[PHONE_NUMBER:+34 655 123 987]]
Nº pedido: 100-4471-22   Fecha: 12/11/2025
Observaciones: prefiere que la llamen por la tarde.`,
  },
  {
    kind: "factura",
    lang: "es",
    marked: `FACTURA Nº F-2025/0931
Emisor: Talleres Hernández S.L., CIF B12345674
Cliente: Pablo Sáez, NIF [[ES_NIF:${esDni("07245613")}]]
Total (IVA incl.): 726,00 €
Forma de pago: transferencia a [[IBAN_CODE:${iban("ES", "00491500051234567892")}]]`,
  },
  // ---- Italian ------------------------------------------------------------------------------
  {
    kind: "busta paga",
    lang: "it",
    marked: `CEDOLINO PAGA – Ottobre 2025
Dipendente: Rossi Giulia   Matricola 2291
Codice fiscale: [[IT_FISCAL_CODE:${itCf("RSSGLI85M52H501")}]]
Livello: 3°   Netto in busta: € 1.712,40
Accredito su IBAN [[IBAN_CODE:${iban("IT", "X0542811101000000123456")}]]`,
  },
  {
    kind: "email di lavoro",
    lang: "it",
    marked: `Buongiorno dott. Bianchi,

le confermo l'appuntamento di giovedì alle 15:00. Per qualsiasi necessità mi può chiamare al
[[PHONE_NUMBER:347 123 4567]] oppure in ufficio allo [[PHONE_NUMBER:06 6982 1234]].

Cordiali saluti,
Francesca Moretti
[[EMAIL_ADDRESS:f.moretti@studiolegale-moretti.it]]`,
  },
  {
    kind: "modulo di iscrizione",
    lang: "it",
    marked: `Modulo di iscrizione – Palestra Energia
Cognome e nome: Esposito Marco
C.F. [[IT_FISCAL_CODE:${itCf("SPSMRC90A01F839")}]]
Cellulare: [[PHONE_NUMBER:+39 333 987 6543]]   Tel. casa: [[PHONE_NUMBER:081 552 1234]]
CAP: 80134   Quota annuale: 360 €`,
  },
  {
    kind: "nota CRM",
    lang: "it",
    marked: `Nota 14/11: richiamato il cliente al [[PHONE_NUMBER:02-8765 4321]], chiede storno fattura 2025/118. Inviare conferma a [[EMAIL_ADDRESS:amministrazione@ferramenta-galli.it]].`,
  },
  // ---- Dutch --------------------------------------------------------------------------------
  {
    kind: "loonstrook",
    lang: "nl",
    marked: `Salarisspecificatie november 2025
Werknemer: S. de Vries   Personeelsnummer: 3381
BSN: [[NL_BSN:${nlBsn("27183645")}]]   Loonheffingskorting: ja
Netto loon: € 2.615,09
Uitbetaald op rekening [[IBAN_CODE:${iban("NL", "INGB0001234567")}]]`,
  },
  {
    kind: "e-mailhandtekening",
    lang: "nl",
    marked: `Met vriendelijke groet,

Pieter Janssen
Accountmanager – Van Dijk Logistiek B.V.
T [[PHONE_NUMBER:010 234 5678]] | M [[PHONE_NUMBER:06-12345678]]
[[EMAIL_ADDRESS:pieter.janssen@vandijk-logistiek.nl]]
KvK 24123456 · Postbus 1234, 3000 BA Rotterdam`,
  },
  {
    kind: "aanvraagformulier",
    lang: "nl",
    marked: `Aanvraag huurtoeslag
Naam aanvrager: Fatima El Amrani
Burgerservicenummer: [[NL_BSN:${nlBsn("23456789")}]]
Telefoonnummer: [[PHONE_NUMBER:+31 (0)6 2345 6789]]
Vast nummer: [[PHONE_NUMBER:020-5551234]]
Postcode: 1012 AB   Huisnummer: 14`,
  },
  {
    kind: "appbericht",
    lang: "nl",
    marked: `Hoi Mark, kun je het voorschot van €250 overmaken naar [[IBAN_CODE:${iban("NL", "RABO0123456789", false)}]]? Bel me anders even op [[PHONE_NUMBER:06 87 65 43 21]]. Groetjes, Anouk`,
  },
  // ---- Portuguese ---------------------------------------------------------------------------
  {
    kind: "recibo de vencimento",
    lang: "pt",
    marked: `RECIBO DE VENCIMENTO – Setembro 2025
Funcionário: Rui Manuel Carvalho   Nº 0192
NIF: ${ptNif("23456789")}   NISS: 12345678901
Vencimento líquido: 1.245,60 €
Transferência para [[IBAN_CODE:${iban("PT", "000201231234567890154")}]]`,
  },
  {
    kind: "ficha de contacto",
    lang: "pt",
    marked: `Nome: Inês Figueiredo
Morada: Rua de Santa Catarina 512, 4000-447 Porto
Telemóvel: [[PHONE_NUMBER:936 201 884]]   Telefone: [[PHONE_NUMBER:22 123 4567]]
Email: [[EMAIL_ADDRESS:ines.figueiredo@sapo.pt]]`,
  },
  {
    kind: "email comercial",
    lang: "pt",
    marked: `Bom dia,

Segue em anexo o orçamento nº 2025/447. Qualquer dúvida, ligue para [[PHONE_NUMBER:+351 21 345 6789]].

Cumprimentos,
Tiago Mendes
[[EMAIL_ADDRESS:tiago.mendes@construcoes-mendes.pt]]
Av. da República 45, 1050-187 Lisboa`,
  },
  {
    kind: "cadastro brasileiro",
    lang: "pt",
    marked: `Cadastro de cliente
Nome: Ana Beatriz Souza
CPF: [[BR_CPF:${brCpf("529982247")}]]
Celular: [[PHONE_NUMBER:(11) 97316-2258]]
E-mail: [[EMAIL_ADDRESS:anabeatriz.souza@uol.com.br]]
CEP: 01310-100`,
  },
  // ---- Polish -------------------------------------------------------------------------------
  {
    kind: "pasek wynagrodzenia",
    lang: "pl",
    marked: `Lista płac – październik 2025
Pracownik: Tomasz Wiśniewski
PESEL: [[PL_PESEL:${plPesel("8512031234")}]]
Wynagrodzenie netto: 5 412,80 zł
Przelew na rachunek: [[IBAN_CODE:${iban("PL", "109010140000071219812874")}]]`,
  },
  {
    kind: "formularz zgłoszeniowy",
    lang: "pl",
    marked: `Imię i nazwisko: Katarzyna Nowak
Adres: ul. Długa 17/4, 00-238 Warszawa
Telefon komórkowy: [[PHONE_NUMBER:601 234 567]]
Telefon stacjonarny: [[PHONE_NUMBER:+48 22 123 45 67]]
E-mail: [[EMAIL_ADDRESS:k.nowak84@wp.pl]]
Numer PESEL: [[PL_PESEL:${plPesel("8402150567")}]]`,
  },
  {
    kind: "wiadomość czatu",
    lang: "pl",
    marked: `Cześć Marek, przelej proszę 300 zł na moje konto [[IBAN_CODE:${iban("PL", "114020040000320132451090", false).slice(2)}]] i zadzwoń jak dojedziesz: [[PHONE_NUMBER:512 774 391]]. Kod pocztowy paczkomatu to 31-042.`,
  },
  {
    kind: "notatka CRM",
    lang: "pl",
    marked: `Klient prosi o kontakt pod numerem [[PHONE_NUMBER:(12) 422 18 37]] po 16:00. Zamówienie nr 4471/2025 z dnia 03.11.2025.`,
  },
  // ---- Swedish ------------------------------------------------------------------------------
  {
    kind: "lönebesked",
    lang: "sv",
    marked: `Lönespecifikation oktober 2025
Anställd: Erik Lindqvist
Personnummer: [[SE_PERSONNUMMER:${sePnr("850712", "238")}]]
Nettolön: 28 415 kr
Utbetalning till konto [[IBAN_CODE:${iban("SE", "50000000058398257466")}]]`,
  },
  {
    kind: "e-postsignatur",
    lang: "sv",
    marked: `Med vänliga hälsningar
Karin Sjöberg
Ekonomiavdelningen, Norrlands Trä AB
Tel: [[PHONE_NUMBER:08-123 456 78]]  Mobil: [[PHONE_NUMBER:070-123 45 67]]
[[EMAIL_ADDRESS:karin.sjoberg@norrlandstra.se]]`,
  },
  {
    kind: "ansökningsformulär",
    lang: "sv",
    marked: `Ansökan om förskoleplats
Vårdnadshavare: Ahmed Hassan, personnr [[SE_PERSONNUMMER:${sePnr("790304", "447")}]]
Telefon: [[PHONE_NUMBER:+46 31 12 34 56]]
E-post: [[EMAIL_ADDRESS:ahmed.hassan+forskola@telia.com]]
Postnummer: 413 04 Göteborg`,
  },
  {
    kind: "sms",
    lang: "sv",
    marked: `Hej! Jag har swishat 450 kr. Ring mig på [[PHONE_NUMBER:073 456 78 90]] om något är oklart /Johanna`,
  },
  // ---- Danish -------------------------------------------------------------------------------
  {
    kind: "lønseddel",
    lang: "da",
    marked: `Lønseddel for november 2025
Medarbejder: Mette Kjær Sørensen
CPR-nummer: [[DK_CPR_NUMBER:${dkCpr("150684", "123")}]]
A-skat: 9.812,00 kr.   Udbetalt: 24.117,35 kr.
Konto: [[IBAN_CODE:${iban("DK", "00400440116243")}]]`,
  },
  {
    kind: "e-mailsignatur",
    lang: "da",
    marked: `Venlig hilsen

Rasmus Holm
Projektleder, Holm & Friis ApS
Tlf. [[PHONE_NUMBER:33 12 34 56]] · Mobil [[PHONE_NUMBER:+45 20 12 34 56]]
[[EMAIL_ADDRESS:rh@holm-friis.dk]]
CVR 12345678`,
  },
  {
    kind: "tilmeldingsblanket",
    lang: "da",
    marked: `Tilmelding – Aarhus Svømmeklub
Navn: Freja Nielsen   CPR-nr.: [[DK_CPR_NUMBER:${dkCpr("030912", "400")}]]
Forældres telefon: [[PHONE_NUMBER:28 45 67 89]]
E-mail: [[EMAIL_ADDRESS:nielsen.familie@mail.dk]]
Postnr.: 8000 Aarhus C`,
  },
  {
    kind: "kundenote",
    lang: "da",
    marked: `Kunden ringede fra [[PHONE_NUMBER:+45 86 12 34 56]] vedr. faktura 2025-1187 (beløb 3.450 kr.). Betaling sker til [[IBAN_CODE:${iban("DK", "50000400440116")}]] senest 30.11.`,
  },
  // ---- mixed / international ----------------------------------------------------------------
  {
    kind: "conference attendee list",
    lang: "en",
    marked: `Speaker contacts (do not circulate)
- Lars Eriksen (Oslo): [[PHONE_NUMBER:+47 912 34 567]], [[EMAIL_ADDRESS:lars.eriksen@uio.no]]
- Aoife Byrne (Dublin): [[PHONE_NUMBER:+353 87 123 4567]], [[EMAIL_ADDRESS:aoife.byrne@tcd.ie]]
- Jukka Virtanen (Helsinki): [[PHONE_NUMBER:+358 40 123 4567]], [[EMAIL_ADDRESS:jukka.virtanen@aalto.fi]]
Room 2.14, session starts 09:30.`,
  },
  {
    kind: "expense claim",
    lang: "en",
    marked: `Expense claim — travel to Luxembourg, 12–14 Nov 2025
Hotel: €412.00 (receipt 77120)   Taxi: €38.50
Corporate card used: [[CREDIT_CARD:${card("37144963539843", "-")}]]
Reimburse personal costs to [[IBAN_CODE:${iban("LU", "0010001234567891")}]]
Approver: [[EMAIL_ADDRESS:finance.approvals@eu.contoso-group.com]]`,
  },
  {
    kind: "Irish bank letter",
    lang: "en",
    marked: `Dear Ms Gallagher,
Your new account details are: IBAN [[IBAN_CODE:${iban("IE", "AIBK93115212345678")}]], BIC AIBKIE2D.
Your debit card ending 4417 will arrive separately. Call us on [[PHONE_NUMBER:01 612 3456]] or [[PHONE_NUMBER:+353 1 612 3456]] from abroad.`,
  },
  {
    kind: "CRM export note",
    lang: "en",
    marked: `Lead #8841 — Gunnar Pettersen. Prefers mobile [[PHONE_NUMBER:+47 41 23 45 67]]. Paid deposit with [[CREDIT_CARD:${card("515425187304612")}]]. Invoice to [[EMAIL_ADDRESS:gunnar@pettersen.no]]; IBAN on file [[IBAN_CODE:${iban("NO", "86011117947")}]].`,
  },
];
