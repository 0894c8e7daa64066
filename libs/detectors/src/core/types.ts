/**
 * The shape every detector file exports. A detector finds candidate spans (by regular
 * expressions or its own `find`), validates each one (checksums, issuer ranges, dates), and
 * declares the context words that make a candidate more or less likely.
 */

export interface Pattern {
  /** Short name shown in debugging, e.g. "formatted" or "digits only". */
  name: string;
  /** Must carry the `g` flag. The whole match is the candidate value (use look-arounds for boundaries). */
  regex: RegExp;
  /** Score of a match before validation and context, 0–1. */
  score: number;
  /**
   * A character every match contains exactly once (the `@` of an e-mail address), and a
   * character class (regex source, ASCII) of what may stand before it inside a match. The
   * engine then searches for the character and runs the regex from just before it, instead of
   * trying the regex at every position; the matches are the same.
   */
  anchor?: { char: string; before: string };
}

/** What `validate` says about one candidate. */
export type Verdict =
  | false // not this entity: drop the candidate
  | {
      /** Name of the check that passed (e.g. "luhn", "mod97"), or null when only the format matched. */
      validation: string | null;
      /** Score after validation; defaults to the pattern's score. */
      score?: number;
      /** Context neither raises nor lowers the score (as `Candidate.fixed`). */
      fixed?: boolean;
      /** Positive context counts only from these of the detector's terms (as `Candidate.onlyContext`). */
      onlyContext?: ReadonlySet<string>;
    };

/** Matches of a pattern and how many of them validated. */
export interface Count {
  tried: number;
  passed: number;
}

/**
 * A detector's matches and how many of them validated, over the texts of one `detect` call:
 * numbers written in groups ("4111 1111 1111 1111") apart from plain runs. A grouped number was
 * written for people to read; a table of random plain ids says nothing about it.
 */
export interface Tally {
  plain: Count;
  grouped: Count;
}

export interface Candidate {
  start: number;
  end: number;
  score: number;
  validation: string | null;
  /**
   * A costly validation left for later (a phone number's parse): `score` is then the best it
   * can give. The engine calls it only for a candidate whose context could lift that best score
   * to the minimum, and drops the candidate when it says false.
   */
  confirm?: () => Verdict;
  /** Context neither raises nor lowers the score: what the value is settles it (a loopback address). */
  fixed?: boolean;
  /**
   * Positive context counts only from the value's own line (and its column header): a weak
   * reading of an ambiguous shape ("1.4.1.4", a section's number) that an address word a line
   * away must not lift. Negative context still counts from the whole window.
   */
  ownLine?: boolean;
  /**
   * Positive context counts only from these of the detector's context terms: a reading that
   * only a plain label supports ("Normal" is a town under "city", a state machine's state
   * under "state").
   */
  onlyContext?: ReadonlySet<string>;
  /**
   * The text is this value and nothing else, a title or a suffix aside (a cell "Mr. Jesse
   * Nitzsche Jr."): NER has nothing left to find in it.
   */
  whole?: boolean;
}

/**
 * Cheap tests that decide whether a detector runs on a segment at all (TruffleHog's keyword
 * pre-filter). All given conditions must hold.
 */
export interface Prefilter {
  /** At least this many ASCII digits in the segment. */
  minDigits?: number;
  /** At least one of these characters occurs in the segment. */
  anyChar?: string;
  /** At least one of these lower-case substrings occurs in the lower-cased segment. */
  keywords?: string[];
  /** At most this many characters in the segment (detectors of a cell alone). */
  maxChars?: number;
  /** Every match holds a letter: a segment without one (a number, a date, an amount) is skipped. */
  letter?: boolean;
  /**
   * Every match holds a run of at least this many ASCII letters and digits in a row (a 16-character
   * fiscal code): a segment whose longest such run is shorter (most prose) is skipped.
   */
  minToken?: number;
  /**
   * Every match follows one of the detector's context words (a cue: a title, a salutation): a
   * segment (and its column header) holding none is skipped. Answered by the scan of context
   * words that the detectors too weak alone share, not by a scan of its own. That scan also
   * gives `find` where the cues start (see `find`).
   */
  context?: boolean;
}

export interface Detector {
  /** Stable id, also the file name: e.g. "us_ssn". */
  id: string;
  /** Entity type reported in findings, e.g. "US_SSN". */
  type: string;
  /** Group for reports: generic, us, uk, eu, in, br, sg, au, ca, kr, jp, th, za, tw, tr, ru, medical, crypto, secrets, ner. */
  area: string;
  /** Broad category a consumer may group by: pii, financial, government_id, medical, credential. */
  category: "custom" | "contact" | "financial" | "government_id" | "medical" | "credential" | "network" | "person" | "location" | "date";
  description: string;
  patterns: Pattern[];
  /** Words that make a match more likely when they occur near it (or in its column header). */
  context: string[];
  /** Words that make a match less likely ("sample", "order number"). */
  negativeContext?: string[];
  /**
   * Words that make a match less likely in its column header only, not in the text around it: a
   * place NER reads into a cell of a "name" column is a person's name ("Hudson Upton"), while
   * "name" in a sentence says nothing about a place nearby.
   */
  negativeHeader?: string[];
  /** Caps the context window (words on each side) for detectors whose context must be adjacent. */
  contextWindow?: number;
  /** How much positive context adds (default 0.35). */
  contextBoost?: number;
  prefilter: Prefilter;
  /** Checks one candidate's value; absent means the format alone decides. */
  validate?(value: string): Verdict;
  /**
   * Replaces `patterns` when matching needs more than regular expressions (phone numbers, IPs).
   * `cues`, for a detector with the `context` pre-filter: where its context words start in the
   * text, in order (from the scan of context words detectors share); absent when that scan did
   * not read this text as it is (a cell, a camelCase text): then the whole text is read.
   * `tally`, for a detector with a `chance`: for `patternCandidates` to count its matches in.
   */
  find?(text: string, cues?: readonly number[], tally?: Tally): Candidate[];
  /**
   * The highest score `find` or `validate` ever gives before context, when it is below the
   * minimum: the engine then runs the detector only where one of its context words occurs
   * (as it does for weak patterns). Without it, a detector with `find` or `validate` always runs.
   */
  maxBaseScore?: number;
  /**
   * The share of arbitrary numbers of this detector's shape that pass its check digit by chance
   * (Luhn 1/10, mod 97 1/97). With it, each `detect` call counts the detector's matches and how
   * many validated: when no more validated than chance explains (a table of code points, stroke
   * counts or ids, where one number in ten passes Luhn), its findings without a supporting
   * context word are not reported. See `atChance` in engine.ts.
   */
  chance?: number;
  /**
   * Finds its values after their keys itself (`"password": "…"`, `api_key = …`): inside a
   * structured record, whose value the engine reads apart from its key as a cell under it, its
   * findings in the whole text stand (the value alone holds nothing it could find).
   */
  readsKey?: boolean;
  /** Slow (NER): run on bounded windows chosen by the engine, never on whole documents. */
  ner?: boolean;
  /**
   * For a NER detector, which reads windows of a text: whether the whole text says a candidate
   * is none, as its window may not show (the "[" of an array of identifiers far before it).
   */
  noneInText?(text: string, start: number, end: number): boolean;
  /** Reads with the optional NER model (`ner/rampart.ts`): runs only when the `nerModel` option names it. */
  nerModel?: boolean;
}
