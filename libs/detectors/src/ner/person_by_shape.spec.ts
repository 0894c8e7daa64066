import assert from "node:assert/strict";
import { personByShape } from "./person_by_shape.ts";
import { detect } from "../index.ts";
import { locator } from "@filescan/contracts";
import { run } from "../testing.ts";

const found = (text: string) => run(personByShape, text).filter((f) => f.score >= 0.4).map((f) => text.slice(f.start, f.end));

describe("ner/person_by_shape", () => {
  it("finds two or three capitalised words no English lexicon knows in English running text, with no cue before them", () => {
    assert.deepEqual(found("The quarterly review with Shakti Varman and Dipankar Kaul moved to Friday."), ["Shakti Varman", "Dipankar Kaul"]);
    assert.deepEqual(found("Elliot Wintheiser takes over the account from Isidro Hagenes on Wednesday."), ["Elliot Wintheiser", "Isidro Hagenes"]);
    assert.deepEqual(found("The interview panel included Nkosinhle Khuzwayo, two engineers and Olamide Bakare."), ["Nkosinhle Khuzwayo", "Olamide Bakare"]);
    // a double-barrelled surname, a surname's prefix with its capital, three words
    assert.deepEqual(found("Copies of the draft went to Megane Davis-Robel and the legal team."), ["Megane Davis-Robel"]);
    assert.deepEqual(found("The patch was reviewed by Simon McVittie before the release."), ["Simon McVittie"]);
    assert.deepEqual(found("Thanks to Anibal Monsalve Salazar for the report."), ["Anibal Monsalve Salazar"]);
    // after a year (a copyright line), at the text's start, and a change log's credits
    assert.deepEqual(found("Copyright (c) 2013 Shakti Varman and the other authors of the package, all rights reserved."), ["Shakti Varman"]);
    assert.deepEqual(found("In 2024 Shakti Varman joined the team and wrote most of the new parser code."), ["Shakti Varman"]);
    assert.deepEqual(found("Shakti Varman wrote the report and sent it to the whole team on Friday."), ["Shakti Varman"]);
    assert.deepEqual(found("  * German (Helge Kreutzmann), proofread by the translation team.\n"), ["Helge Kreutzmann"]);
  });

  it("scores the shape below what makes a file sensitive alone (0.45), and a person's context word lifts it", () => {
    assert.equal(run(personByShape, "The review with Shakti Varman moved to Friday.")[0]!.score, 0.45);
    assert.ok(run(personByShape, "Dear customer, the review with Shakti Varman moved to Friday.")[0]!.score >= 0.8);
    assert.ok(run(personByShape, "The review with Ms. Shakti Varman moved to Friday.")[0]!.score >= 0.8, "a title before it");
    assert.ok(run(personByShape, "The review with Ms Shakti Varman moved to Friday.")[0]!.score >= 0.8, "a title without its dot");
    assert.equal(run(personByShape, "The review with Shakti Varman, see vnd.ms-excel, moved to Friday.")[0]!.score, 0.45, "no title: letters of another word");
  });

  it("takes no name the lexicon knows whole (compromise's), nor English words, places, companies or languages for one", () => {
    assert.deepEqual(found("The meeting with John Smith is on Friday."), []);
    assert.deepEqual(found("According to the report, the Sleek Steel Hat shipment left the warehouse late."), []);
    assert.deepEqual(found("The new contract was signed in Petaling Jaya and Ribeirão Preto by the whole board of the company."), []);
    assert.deepEqual(found("The new contract with Kuhn Group was negotiated in the spring by the team."), []);
    // a vendor no lexicon knows as a company (xkeyboard-config's rules: "Hewlett-Packard Omnibook 500 FA")
    assert.deepEqual(found("Notes on keys of Hewlett-Packard Omnibook and Fujitsu Amilo laptops are in the list of models."), []);
    assert.deepEqual(found("The price is given in Laotian Kip for all of the invoices in the list."), []);
    assert.deepEqual(found("Copyright by Stichting Mathematisch Centrum, all rights reserved, see the licence for the terms."), []);
    assert.deepEqual(found("This software is copyright 1995 Kungliga Tekniska Högskolan and is given to you under the terms below."), []);
  });

  it("reads only English running text: not German nouns, nor lorem ipsum, nor a text with too few words", () => {
    assert.deepEqual(found("Sehr geehrte Damen und Herren,\n\nIhre Zahlung ist eingegangen, und wir haben Ihr Kundenkonto aktualisiert."), []);
    assert.deepEqual(found("Bei Rückfragen wenden Sie sich bitte an unsere Buchhaltung."), []);
    assert.deepEqual(found("Civis supellex tabesco. Ager Tenetur aggredior ater cultellus thema."), []);
    assert.deepEqual(found("Shakti Varman"), []);
  });

  it("takes no heading's run of capitals, no name after 'the', no identifier, no quoted value and no address line for a person", () => {
    assert.deepEqual(found("The chapter Advanced Kubernetes Ingress Routing explains how the traffic reaches the pods."), []);
    assert.deepEqual(found("We met the Hagenes Varman team at the fair last year and they were happy."), []);
    assert.deepEqual(found("The build uses GitLab Runner and Mark PatternTreeParser for the tests of the project."), []);
    assert.deepEqual(found("We moved the code from Inria GitLab to the new server last week."), []);
    assert.deepEqual(found("We moved the code to GObject Introspection on the new server last week."), []);
    assert.deepEqual(found('The value of the field is "Kalaallit Nunaat" for the island in the list of all the names.'), []);
    assert.deepEqual(found("Send the parcel to the office at\n52743 Johns Ville\nand we will pick it up there for you."), []);
    assert.deepEqual(found("Send the parcel to the office at\n4120 Kuvalis Hagenes\nand we will pick it up there for you."), []);
    assert.deepEqual(found("They live in Johns Ville now, and the children like the new school a lot."), []);
    assert.deepEqual(found("We flew over Los Ranchos on the way to the coast for the holidays."), []);
    // the last words of a term its acronym defines (AWS's API models)
    assert.deepEqual(found("The Cadastro de Contribuintes Mobiliários (CCM) code is the one for your city and your company."), []);
    // (a script other than Latin: the lexicons know none of its words, whatever they are)
    assert.deepEqual(found("We asked Мирослав Николић about the menu and all of the entries in it."), []);
  });

  it("takes no product's name after a determiner or before a thing's noun (Google Cloud's manual pages)", () => {
    assert.deepEqual(found("To list all Dataproc Metastore federations in location us-central1, run the command below."), []);
    assert.deepEqual(found("Show metadata for a Memorystore Redis instance. Delete a Dataplex Datascan resource when it is done."), []);
    // a person takes neither
    assert.deepEqual(found("The review with Shakti Varman moved to Friday, and Isidro Hagenes wrote the report."), ["Shakti Varman", "Isidro Hagenes"]);
  });
  it("reads every text, NER on or off, near a finding or not (a change log's contributors)", () => {
    const text = "The quarterly review with Shakti Varman and Dipankar Kaul moved to Friday.";
    const people = (opts: { ner?: boolean }) => detect([{ text, source: "text", locator: locator() }], opts).filter((f) => f.detector === "person_by_shape").map((f) => text.slice(f.start, f.end));
    assert.deepEqual(people({}), ["Shakti Varman", "Dipankar Kaul"]);
    assert.deepEqual(people({ ner: false }), ["Shakti Varman", "Dipankar Kaul"]);
  });

  it("takes no word of SCOWL's larger lists or of software for a name's (packages' docs: \"Dev Deps\", \"Setup Optimization\")", () => {
    assert.deepEqual(found("You need Dev Deps installed before you run the tests of the project again."), []);
    assert.deepEqual(found("The section about Setup Optimization explains how to make the build faster."), []);
    assert.deepEqual(found("We read the Schema Constructor docs and wrote the new code for the parser."), []);
    assert.deepEqual(found("The highlighting in this module is done by Pygments Lexer and Mozilla Preprocessor, as before."), []);
  });

  it("takes no label of code for a name: a documentation command's, a constant's comment, abbreviations without a vowel (Linux's and LLVM's headers)", () => {
    assert.deepEqual(found("/// @name Comdat Accessors\n/// @{\n\n  /// Return the comdat with the given name in the module.\n"), []);
    const defines = "#define FB_ACCEL_NONE\t\t0\t/* no hardware accelerator\t*/\n#define FB_ACCEL_ATARIBLITT\t1\t/* Atari Blitter\t\t*/\n#define FB_ACCEL_AMIGABLITT\t2\t/* Amiga Blitter                */\n";
    assert.deepEqual(found(defines), []);
    assert.deepEqual(found("#define PORT_ATMEL\t49\n\n/* Macintosh Zilog type numbers with the most of the ports */\n#define PORT_MAC_ZILOG\t50\t/* m68k : not yet implemented */\n"), []);
    assert.deepEqual(found("#define AUDIT_MESSAGE_TEXT_MAX\t8560\n\n/* Multicast Netlink socket groups (default up to 32) */\nenum audit_nlgrps {\n\tAUDIT_NLGRP_NONE,\t/* Group 0 not used */\n"), []);
    assert.deepEqual(found("Junio C Hamano (3):\n      Git 2.14.3\n\nMichael Haggerty (5):\n      struct snapshot: store the start rather than the header length\n"), ["Michael Haggerty"], "a change log's line that starts with a C keyword declares nothing");
    assert.deepEqual(found(" * scanning process. Expected list order is Intra Y, Intra Cb,\n * Intra Cr, Inter Y, Inter Cb, Inter Cr. The values on the list are\n"), []);
    assert.deepEqual(found("Linux Sound Acme Group, Inc. was founded by the team and sold to the new owner in the spring."), [], "a company by its legal form");
    // a person's name in a comment that labels no code, and a surname without a vowel of its own ("Ng")
    assert.deepEqual(found("/*\n * Copyright (c) 1999 Vojtech Pavlik, and the other authors of the driver\n */\n\n#ifndef _INPUT_H\n#define _INPUT_H\n"), ["Vojtech Pavlik"]);
    assert.deepEqual(found("The quarterly review with Dipankar Ng moved to Friday."), ["Dipankar Ng"]);
    assert.deepEqual(found("The patches of Marcel Plch and Michal Srb were reviewed by Tj Holowaychuk on Friday."), ["Marcel Plch", "Michal Srb", "Tj Holowaychuk"], "a syllabic r or l; an abbreviated given name");
    assert.deepEqual(found("The release was tagged as Mark Dpkg and built with Jim Tcl on the new machines."), [], "a surname of consonants alone is an abbreviation");
    assert.deepEqual(found("The quarterly review with Mỹ Thuần Trần and Mələk Xəlilov moved to Friday."), ["Mỹ Thuần Trần", "Mələk Xəlilov"], "vowels with their marks, and Azerbaijani's schwa");
  });
});
