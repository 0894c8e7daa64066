import assert from "node:assert/strict";
import { FIELD_DESCRIPTIONS } from "./llm.ts";
import { buildPrompt } from "./prompt.ts";
import { finding, input } from "./testing/fixtures.ts";
import { echoes, echoSource, loops, ownWording } from "./wording.ts";

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
    ])
      assert.ok(echoes(echo, source), echo);
  });

  it("refuses a loop, not the repeats of masks and markers", () => {
    assert.ok(loops("derei-dezim-en-dezim-en-dezim-en-dezim-en-dezim-en-dezim-en-dezim-en"));
    assert.ok(loops("The file, the file, the file, the file, the file."));
    assert.ok(!loops("Cards [F1 CREDIT_CARD ****-****-****-1111] and [F2 CREDIT_CARD ****-****-****-4242] and an SSN ***-**-6789 ********"));
    assert.ok(!loops("Rows ..... ----- ===== separate the sections."));
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
