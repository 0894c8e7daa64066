import type { Candidate, Detector } from "../core/types.ts";
import { PLACE_NAME, isCommonWord, isKnownPlace, timeZoneRegion, tooCoarse, trimPlace } from "./gazetteer.ts";
import { englishWord, tagsOf } from "./lexicon.ts";

/**
 * One scan for both kinds of cue: a verb of living or coming from, then "in", "to", "at" or
 * "from" ("born in Racine"); or a label ("Place of birth: Ocala", "City = Lake Havasu City",
 * "Geburtsort: Atascocita", "Lieu de naissance : Lyon"). Group `weak` marks the cues that also
 * introduce things other than towns ("moved in Normal mode", "based in Reading", "Country:"), after
 * which a town that is also a common word does not count.
 */
const VERB = String.raw`(?:[Bb]orn|[Rr]aised|[Ll]ives?|[Ll]iving|[Rr]esides?|[Rr]esiding|[Rr]esident|(?<weak>[Ll]ocated|[Bb]ased|[Mm]oved|[Rr]elocated|[Cc]omes?|[Cc]oming|[Oo]riginally))[ \t]+(?:(?:here|there|now)[ \t]+)?(?:in|to|at|from)[ \t]+(?:the[ \t]+)?`;
/**
 * The same verbs in German, French, Spanish, Italian and Dutch, a preposition after them ("geboren
 * in Krakau", "wohnhaft in Köln", "né à Lyon", "demeurant à Nice", "nacido en Lagos", "nato a
 * Napoli", "residente a Milano", "wonende te Haarlem", a document's "Fait à Nice"), and a birth
 * date between ("geboren am 12.4.1979 in Krakau", "nacido el 5 de abril de 1990 en Lagos",
 * "Geboren: 12 januari 1991 te Tanger", English "born on 4 July 1976 in Ohio").
 */
const BIRTH_DATE_BETWEEN = String.raw`(?::?[ \t]+(?:(?:am|op|le|el|il|on|the|a|em)[ \t]+)?(?:\d{1,2}[./-]\d{1,2}[./-](?:\d{4}|\d{2})|\d{4}-\d{2}-\d{2}|\d{1,2}(?:\.|st|nd|rd|th|er)?[ \t]+(?:(?:de|of)[ \t]+)?\p{L}+\.?[ \t]+(?:de[ \t]+)?\d{4}),?)?`;
const FOREIGN_VERB = String.raw`(?:[Bb]orn|[Gg]eboren|[Ww]ohnhaft|[Ww]onende|[Ww]oonachtig|[Nn]at[oa]|[Rr]esident[ei]|[Dd]omiciliat[oa]|[Nn]ée?|[Dd]emeurant|[Dd]omiciliée?|[Rr]ésidant|[Nn]acid[oa]|[Vv]ecin[oa]|[Ff]ait|[Nn]ascid[oa]|[Vv]iv[eoí]a?|[Rr]eside|[Rr]esido|[Dd]omiciliad[oa]|[Dd]ecedut[oa]|[Ff]allecid[oa]|[Ff]alecid[oa]|[Mm]orad(?:or|ora))${BIRTH_DATE_BETWEEN}[ \t]+(?:in|te|a|ad|à|en|em|no|na)[ \t]+`;
/** Portuguese and Spanish "natural de" (born in): "natural de Londrina - PR", "natural de Salvador". */
const NATURAL = String.raw`[Nn]atural[ \t]+de[ \t]+`;
/** The labels that name a birthplace and nothing else. */
const BIRTH_WORDS = String.raw`(?:[Pp]lace[ \t_]+of[ \t_]+birth|[Pp]laceOfBirth|PLACE[ \t_]+OF[ \t_]+BIRTH|[Bb]irthplace|[Gg]eburtsort|[Ll]ieu[ \t]+de[ \t]+naissance|[Ll]ugar[ \t]+de[ \t]+nacimiento|[Ll]uogo[ \t]+di[ \t]+nascita|[Ll]ocal[ \t]+de[ \t]+nascimento|[Gg]eboorteplaats|[Mm]iejsce[ \t]+urodzenia|[Nn]aturalidade)`;
/** A town's labels, in English and in the languages of the national identifiers ("Wohnort", "Ville", "Ciudad", "Città", "Cidade", "Woonplaats", "Miejscowość"). */
const LABEL_WORDS = String.raw`(?:${BIRTH_WORDS}|[Hh]ometown|[Cc]ity|(?<weak>[Cc]ountry|[Nn]ationality)|[Ww]ohnort|[Ss]tadt|[Vv]ille|[Cc]iudad|[Ll]ocalidad|[Cc]ittà|[Ll]ocalità|[Cc]idade|[Ww]oonplaats|[Mm]iejscowość)`;
/**
 * A label's separators: a colon or an equals sign ("place_of_birth=Catonsville"), a table's tab,
 * "is" ("My place of birth is Allentown"), or a line's end when the label is the whole line and
 * the place starts the next ("Place of birth\nLivonia", as a form's fields print). A birthplace's
 * label needs none ("the Place of birth Charleston", "(Geburtsort Yakima)"): no other word follows
 * it as a known place does; "City" and "Country" do need one ("City Council", "Country Music"),
 * but after an article, a possessive or a parenthesis ("the City Vietnam for this person",
 * "(City Springfield)"), where what follows must be a known place anyway.
 * A CSV row of a label and its value counts too, the label starting the line ("Place of
 * birth,Owensboro,active", "\"City\",\"Ocala\"").
 */
const LABEL = String.raw`(?:${LABEL_WORDS}(?:[ \t]*[:=][ \t]*|\t[ \t]*|[ \t]+is[ \t]+)|${BIRTH_WORDS}[ \t]+|(?<=(?:\b(?:[Tt]he|[Hh]is|[Hh]er|[Tt]heir|[Oo]ur|[Yy]our|[Mm]y|[Ww]ith|[Aa]nd)[ \t]+|\())${LABEL_WORDS}[ \t]+|(?<=^[ \t]*)${LABEL_WORDS}[ \t]*:?[ \t]*\r?\n[ \t]*|(?<=^[ \t]*"?)${LABEL_WORDS}"?[ \t]*,[ \t]*"?)`;
const CUE = new RegExp(String.raw`(?:${VERB}|${FOREIGN_VERB}|${NATURAL}|${LABEL})(?<place>${PLACE_NAME})`, "dyum");
/**
 * Where a cue can start: the stems of its first words, as CUE accepts them (lower case, a
 * capital first, "PLACE OF BIRTH"). One scan for the stems (START, plain words: quick) finds
 * where to try the cue, and the cue is tried there only (CUE tried at every word of an 8 KiB
 * chunk of code or logs cost a sixth of their detection time).
 */
const STEMS = ["geboren", "wohnhaft", "wonende", "woonachtig", "nato", "nata", "domiciliat", "né", "née", "demeurant", "domicilié", "résidant", "nacid", "vecin", "fait", "born", "raised", "live", "living", "resid", "located", "based", "moved", "relocated", "come", "coming", "originally", "nascid", "vive", "vivo", "vivía", "reside", "resido", "domiciliad", "decedut", "fallecid", "falecid", "morador", "moradora", "natural", "naturalidade", "place of birth", "place_of_birth", "placeOfBirth", "PLACE_OF_BIRTH", "birthplace", "hometown", "city", "country", "nationality", "geburtsort", "wohnort", "lieu de naissance", "lugar de nacimiento", "luogo di nascita", "local de nascimento", "geboorteplaats", "miejsce urodzenia", "stadt", "ville", "ciudad", "localidad", "città", "località", "cidade", "woonplaats", "miejscowość"];
const STARTS = [...STEMS.flatMap((s) => [s, s[0]!.toUpperCase() + s.slice(1)]), "PLACE OF BIRTH"];
const START = new RegExp(STARTS.sort((a, b) => b.length - a.length).join("|"), "g");


/** The longest run of leading words of `words` that is a known place ("Houston Texas" → "Houston"). */
function knownPrefix(words: string): string | null {
  let w = trimPlace(words);
  for (;;) {
    if (isKnownPlace(w)) return w;
    const cut = w.search(/[ \t]+\S+$/);
    if (cut <= 0) return null;
    w = trimPlace(w.slice(0, cut));
  }
}

/**
 * The verbs that place things as often as people: "courts located in Santa Clara County" (a
 * licence's venue, in the ICU and CLDR licences the JDK ships), "a company based in Austin". The
 * place they cue scores below what makes a file sensitive alone; a person's word near lifts it.
 */
const THINGS_VERB = /^(?:[Ll]ocated|[Bb]ased)$/;

/** A place in brackets right after another: "Lagos (Nigeria)", "Tanger (Marokko)". */
const COUNTRY_IN_BRACKETS = new RegExp(String.raw`^[ \t]*\((${PLACE_NAME})\)`, "u");

/** A place after a comma right after another: "Busan, South Korea", "Milano, Lombardia, Italia". */
const REGION_AFTER_COMMA = new RegExp(String.raw`^,[ \t]*(${PLACE_NAME})`, "u");

/** The capitalised word right after a place. */
const NEXT_WORD = /^[ \t]+(\p{Lu}\p{Ll}+)(?![\p{L}\p{N}])/u;

/**
 * Whether a town of one word is a person's first name by the word after it: a surname that no
 * lexicon and no gazetteer knows ("These originally come from Barrie Slaymaker" in Perl's
 * Pod::Text; Barrie is a town in Ontario). A place's region or country after it is known
 * ("Houston Texas"), and so is an English word ("Springfield Gardens").
 */
function firstNameBefore(text: string, place: string, end: number): boolean {
  if (/\s/.test(place)) return false;
  const next = NEXT_WORD.exec(text.slice(end, end + 40))?.[1];
  if (next === undefined) return false;
  const w = next.toLowerCase();
  return tagsOf(w) === null && !englishWord(w) && !isKnownPlace(next);
}

/**
 * A known place (gazetteer.ts) after a cue that introduces one: "born in Racine", "lives in
 * Winston-Salem", "moved to Kalamazoo", or a label ("Place of birth: Ocala"). compromise, not
 * knowing the smaller cities, misses these. The place may run into other words ("lives in
 * Houston Texas"): its longest known head counts.
 */
export const placeByCue: Detector = {
  id: "place_by_cue",
  type: "LOCATION",
  area: "ner",
  category: "location",
  description: "Known place after a cue: born/lives/moved in or to, a place label (gazetteer)",
  patterns: [],
  // (not "located" nor "based": the cue's own word would lift what it found, see THINGS_VERB)
  context: ["born", "raised", "lives", "living", "resides", "resident", "moved", "relocated", "place of birth", "birthplace", "hometown"],
  // A cue is words with a blank or a line's end between them; a text without one (most cells) is
  // skipped at once. No keyword pre-filter: find() looks the stems up itself, once.
  prefilter: { anyChar: " \t\n" },
  find(text): Candidate[] {
    const starts: number[] = [];
    START.lastIndex = 0;
    for (let m = START.exec(text); m !== null; m = START.exec(text)) {
      const at = m.index;
      if (at === 0 || !/[\p{L}\p{N}_]/u.test(text[at - 1]!)) starts.push(at);
      START.lastIndex = at + 1; // stems overlap ("live" in "lives"): look again one further on
    }
    const out: Candidate[] = [];
    for (const at of starts) {
      CUE.lastIndex = at;
      const m = CUE.exec(text);
      if (m === null) continue;
      const place = knownPrefix(m.groups!.place!);
      // (a place that is also a common word only after a plain cue, "lives in", "City:": "moved
      // in Normal mode" is vim's, "Country = Normal" no country)
      // (nor a continent: "if you reside in Europe" tells where no one is)
      if (place === null || (m.groups!.weak !== undefined && isCommonWord(place)) || tooCoarse(place)) continue;
      const start = m.indices!.groups!.place![0];
      // (a time zone's name is a region and a city: "City=Asia/Saigon", "Europe/Vatican")
      if (timeZoneRegion(text, start, start + place.length) || firstNameBefore(text, place, start + place.length)) continue;
      if (out.some((c) => c.start === start)) continue;
      const score = THINGS_VERB.test(m.groups!.weak ?? "") ? 0.45 : 0.7;
      out.push({ start, end: start + place.length, score, validation: "gazetteer" });
      // (its country in brackets after it is a place of the same cue: "né à Hanoï (Vietnam)", "nato a Mumbai (India)";
      // so are its region and country after commas: "Place of birth: Busan, South Korea", "born in Luanda, Angola")
      let after = start + place.length;
      for (let i = 0; i < 2; i++) {
        const next = COUNTRY_IN_BRACKETS.exec(text.slice(after, after + 48)) ?? REGION_AFTER_COMMA.exec(text.slice(after, after + 48));
        const region = next === null ? null : knownPrefix(next[1]!);
        if (next === null || region === null || tooCoarse(region) || (next[0].startsWith(",") && isCommonWord(region))) break;
        const at = after + next.index + next[0].indexOf(next[1]!);
        out.push({ start: at, end: at + region.length, score, validation: "gazetteer" });
        after = at + region.length;
      }
    }
    return out;
  },
};
