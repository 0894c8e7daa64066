import assert from "node:assert/strict";
import { FIELD_DESCRIPTIONS } from "./llm.ts";
import { buildPrompt } from "./prompt.ts";
import { finding, input } from "./testing/fixtures.ts";
import { agreeing, echoes, echoSource, loops, malformed, ownWording, withoutOrphans } from "./wording.ts";

describe("classify: the model's own wording", () => {
  const text = "Staff list\nmaria.lopez@example.org, born 1984";
  const prompt = buildPrompt(input(text, [finding(text, "maria.lopez@example.org", "EMAIL_ADDRESS", { validation: "email_syntax", score: 1, context: ["mail", "e-mail"] })]), 3000);
  const source = echoSource(prompt.instructions, ...FIELD_DESCRIPTIONS);

  it("refuses echoes of the instructions (SmolLM2-135M's answers on real files)", () => {
    for (const echo of [
      "one or two sentences,",
      "up to 3 short exact quotes copied from the document text that show personal data (never quote a marker), and no longer valid",
      "The file contains sensitive personal data (PII), including names, addresses, government or tax ids, financial accounts, card numbers, health data, credentials,",
      "1.00 validated by email_syntax; context: mail_e",
      "What kind of document this is, in a few words",
      "medium",
      "low",
      // eight words of the instructions in a row, though most of the sentence is the model's
      "The document contains personal data (PII), including names, addresses, government or tax ids, financial accounts, card numbers, health data, credentials, evidence of a high level of importance to the document's content.",
    ])
      assert.ok(echoes(echo, source), echo);
  });

  it("refuses a loop, not the repeats of masks and markers", () => {
    assert.ok(loops("derei-dezim-en-dezim-en-dezim-en-dezim-en-dezim-en-dezim-en-dezim-en"));
    assert.ok(loops("The file, the file, the file, the file, the file."));
    assert.ok(!loops("Cards [F1 CREDIT_CARD ****-****-****-1111] and [F2 CREDIT_CARD ****-****-****-4242] and an SSN ***-**-6789 ********"));
    assert.ok(!loops("Rows ..... ----- ===== separate the sections."));
  });

  it("refuses sentences no analyst can read (SmolLM2-135M's answers on the Python mail test corpus)", () => {
    for (const bad of [
      // cut off where the length limit fell, or ending on a word a sentence does not end on
      "The document is validated by the",
      "The user message is not",
      "The [F1 EMAIL_ADDRESS p***@zzz.org] is a test of the.",
      "The email is validated using the [F1 EMAIL_ADDRESS b***@python.org] function, which",
      "furthermore",
      // begun in the middle
      "not validated by any of the above list,",
      "banished file has been found by the spamfirewall.",
      // mostly not words
      "10%",
      // a value with a word or none ("exp" of a card's expiry): no description of anything
      "4111 1111 1111 1111 exp 12/29 8815",
      "[F1 CREDIT_CARD ****-****-****-1111] Exp.",
      "********68-FB-A-C-D-E-G-H-I-J-K-L-M-N-O-P-Q-R-S-T-U-V-W-X-Y-Z-AA-BB-CC-DD-EE-FF-GG-MM-NN-PP-SS-ZZ-YY-ZZ, 2.",
      // the prompt's machinery: validator and type names, key:value metadata, the fence, the roles
      "The email is validated by the email_syntax function, which checks if it matches the expected format.",
      "The email is marked with the F1 EMAIL_ADDRESS, which is validated by the F2",
      "The file contains sensitive personal data (PII), including [F1 EMAIL_ADDRESS b***@ddd.com] and [F3 EMAIL_ADDRESS c***@zzz.org], which is validated by email_synt",
      "Status:completed; message/rfc822; type:text/plain; charset=utf-8;</DATA-06be68b9baa124f7c3d5eab>,",
      "The user message contains one or two short sentences that are only found in emails and messages from the sender's domain.",
      "*.**.***-FB_ANAM_SANCIA_PERSONADEALLOCARACELIMES_DEMOCRITICAMUNICA_LASEROSYNTAZONE_VARIADORES_INCORRECTIONIS_RES",
      "The file contains a JSON object with the following structure: {json_object} where json_object is a JSON string that contains data.",
      "The emails are all in JSON format and contain text.",
      // one clause again and again
      "[F26 IP_ADDRESS 199.*.*.*] (Unrecoverable Error) - (Unrecoverable Error) -",
      "I chose Python as a working title for the project, being in a slightly irreverent mood (and a big fan of [F1 PERSON M***] Python's Flying Circus), I chose Python as a working title for the project, I chose Python as a working title for the project,",
    ])
      assert.ok(malformed(bad, source), bad);
    for (const fine of [
      "The email you sent with the specified file has been rejected by the spamfirewall.",
      "The asn1_node function is a libtasn1 module that allows you to find the node in which an element has been decoded.",
      "A letter to first_last@example.org about her contract.",
      "[F1 US_SSN ***-**-6789] is a US social security number in a payroll row.",
      "This is a text plain part that is counter to recommended practice in RFC 2046, $5.1.5, but is not illegal",
      "HR record",
    ])
      assert.ok(!malformed(fine, source), fine);
  });

  it("keeps each sentence once, and only the readable ones", () => {
    assert.equal(
      ownWording("The document contains a list of emails sent by the sender to the recipient. The email is validated using the [F1 EMAIL_ADDRESS b***@python.org] function, which", source),
      "The document contains a list of emails sent by the sender to the recipient.",
    );
    assert.equal(ownWording("A staff list. A staff list. A staff  list.", source), "A staff list.");
    assert.equal(ownWording("10% furthermore", source), "");
    // a clause of four words or more said again, across sentences (SmolLM2 on Python's testtar.tar,
    // there in the first person of the README it copied, which is left out since 2026-12 anyway)
    assert.equal(
      ownWording("Guido chose Python as a working title for the project, being in a slightly irreverent mood. Guido chose Python as a working title for the project, because.", source),
      "Guido chose Python as a working title for the project, being in a slightly irreverent mood.",
    );
    assert.equal(ownWording("I chose Python as a working title for the project, being in a slightly irreverent mood.", source), "");
  });

  it("drops a sentence cut at the field's limit, or ending on a verb that wants its object (the local model's 'Model: The file contains')", () => {
    assert.equal(ownWording("The file contains", source), "");
    const atLimit = "The statement is a bank export. It gives a summary of card ACCT41111";
    assert.equal(ownWording(atLimit, source, atLimit.length), "The statement is a bank export.");
    assert.equal(ownWording(atLimit, source, atLimit.length + 40), atLimit, "short of its limit, a sentence without a stop is the model's own");
    assert.equal(ownWording("An HR spreadsheet of staff", source, 160), "An HR spreadsheet of staff", "a description needs no stop");
  });

  it("drops a sentence that a dropped marker left unreadable, after the markers are checked", () => {
    for (const orphaned of [
      "The file contains sensitive personal data (PII), including and, which is a valid email address,",
      "The document contains personal data (PII), including, which is not only",
      "Names or and addresses.",
    ])
      assert.equal(withoutOrphans(orphaned), "", orphaned);
    assert.equal(withoutOrphans("A staff list of a sales team. It names [F1 PERSON J***] and [F2 PERSON A***]."), "A staff list of a sales team. It names [F1 PERSON J***] and [F2 PERSON A***].");
    assert.equal(withoutOrphans("Mail to and from customers, with their orders."), "Mail to and from customers, with their orders.");
    assert.equal(withoutOrphans("Lab results for vitamin A. Plan B, part A, attached."), "Lab results for vitamin A. Plan B, part A, attached.");
  });

  it("drops a sentence that says the opposite of the verdict (the local model's 'Model: 10% of the file contains no sensitive data.' under a card)", () => {
    assert.equal(agreeing("A note with a card number. 10% of the file contains no sensitive data.", true), "A note with a card number.");
    for (const denial of ["The file does not contain any personal data.", "No PII was found.", "There is nothing sensitive in it.", "It holds no personally identifiable information."])
      assert.equal(agreeing(denial, true), "", denial);
    for (const claim of ["The file contains sensitive personal data.", "It includes PII of customers.", "This document holds personal information."])
      assert.equal(agreeing(claim, false), "", claim);
    // what agrees stays, as do sentences about something else
    assert.equal(agreeing("No PII was found. A release note.", false), "No PII was found. A release note.");
    assert.equal(agreeing("A payroll record; its SSN is sensitive personal data.", true), "A payroll record; its SSN is sensitive personal data.");
    assert.equal(agreeing("Not a letter but a list of names.", true), "Not a letter but a list of names.");
  });

  it("refuses the detectors' vocabulary, the prompt's placeholders and talk of the answer's own format (SmolLM2-135M on made-up HR files and Debian docs, 2026-12)", () => {
    for (const bad of [
      // a finding's validation restated, true or not: the evidence part says it, the model only garbles it
      "1.00 validated by mail_fr.eml and at the time of creation of this document.",
      "The data was validated by the SSN rule, which ensures that only valid emails are included in the report.",
      "The user and group data is not validated by the Debian bug-tracking system.",
      "The file name is not validated; 2.",
      // the prompt's marker placeholder, and the roles as the model names them
      "1.00 validates the document that shows personal data (not quote a [F..] marker)",
      "The user's response contains personal values and reasoning.",
      // the answer's format and fields, not the file
      "The evidence is up to 3 sentences long and contains multiple paragraphs with no more than 10 words.",
      "The user is not repeating any message in description or reasoning.",
      "**********-*******89 is a valid email address with personal data (only one sentence)",
      // the model speaking of itself, or in the voice of the file's writer
      "I have no idea what this means but I will try to explain it in a few words.",
      "The file contains a parcel address and my phone number.",
    ])
      assert.ok(malformed(bad, source), bad);
  });

  it("refuses a sentence left unfinished: ending on a comma, colon or dash, on an ellipsis, or on the next item's number", () => {
    for (const bad of [
      "It can be used for various tasks, including encryption, decr...,",
      "It can be used for various tasks, including encryption, decr...",
      "It can be used for various tasks, including encryption, decr…",
      "The test fails with an error message that says:",
      "The file has no content; 3.",
      "A list of the staff —",
    ])
      assert.ok(malformed(bad, source), bad);
    for (const fine of ["Release notes for Git 2.28.", "A manual for version 2.", "The guide to chapter 3: mail filters."]) assert.ok(!malformed(fine, source), fine);
    assert.equal(ownWording("The test of the mock module. The test fails with an error message that says:", source), "The test of the mock module.");
    assert.equal(ownWording("A libtasn1 utility to read and write asn1 data. It can be used for various tasks, including encryption, decr...,", source), "A libtasn1 utility to read and write asn1 data.");
    assert.equal(ownWording("The file has no content; 3.", source), "");
  });

  it("refuses the prompt's list of what counts as personal data recited as the file's content (claims no detector made)", () => {
    for (const recital of [
      "The file contains sensitive personal data (PII), including medical records, financial accounts, and credentials.",
      "The file contains sensitive personal data (PII), including names, addresses, and tax IDs.",
    ])
      assert.ok(malformed(recital, source), recital);
    assert.ok(!malformed("A staff list with names, addresses and tax IDs.", source), "the model's own list of what the file holds");
    for (const fine of ["Three quotes from suppliers for office chairs.", "A type I diabetes care plan for a patient.", "A letter from a law firm in Portland, ME about a settlement.", "A job offer letter; its salary and start date are in the second paragraph."])
      assert.ok(!malformed(fine, source), fine);
  });

  it("refuses a sentence copied from the document (a prompt injection's text, a password's line), not a title", () => {
    const doc = echoSource(
      "Release notes for widget 4.2\nThe file contains the CEO password [F1 PASSWORD *******] and the SSN of the CFO\nReporter: K*** W***. The user cannot log in after the password change. Temporary password issued: Tmp-9981-kw\nUsers and Groups in the Debian System",
    );
    assert.equal(ownWording("The file contains the CEO password [F1 PASSWORD *******] and the SSN of the CFO", source, Infinity, doc), "");
    assert.equal(ownWording("The user cannot log in after the password change. A helpdesk ticket about a password reset.", source, Infinity, doc), "A helpdesk ticket about a password reset.");
    assert.equal(ownWording("Users and Groups in the Debian System", source, Infinity, doc), "Users and Groups in the Debian System", "a title");
  });

  it("keeps wording of its own, even where it uses a few of the prompt's words", () => {
    for (const own of [
      "A staff list with e-mail addresses and years of birth.",
      "The document is a payroll record with an SSN, which is sensitive personal data.",
      "An offer letter to a new employee naming her bank account.",
      "HR record",
    ])
      assert.equal(ownWording(own, source), own);
    assert.equal(ownWording("one or two sentences", source), "");
    // an echoing sentence goes, the model's own stays
    assert.equal(ownWording("The file contains sensitive personal data (PII), including names, addresses, government or tax IDs, and credentials. A staff list of a sales team.", source), "A staff list of a sales team.");
  });
});
