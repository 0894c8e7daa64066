import assert from "node:assert/strict";
import { personByCallback } from "./person_by_callback.ts";
import { cuedFindsAsWhole, run } from "../testing.ts";

const found = (text: string) => run(personByCallback, text).filter((f) => f.score >= 0.4).map((f) => text.slice(f.start, f.end));

describe("ner/person_by_callback", () => {
  it("finds the name right before the news that its bearer will call or contact the reader", () => {
    assert.deepEqual(found("The contract will be sent by post. Brielle Wilkinson-Kassulke will call you on Monday."), ["Brielle Wilkinson-Kassulke"]);
    assert.deepEqual(found("Our agent Tomasz Grabowski will be in touch, and Dr. Anna Weber will contact you about the results."), ["Tomasz Grabowski", "Anna Weber"]);
    assert.deepEqual(found("Como siempre, Dorotea Lebrón Villagómez le llamará el lunes."), ["Dorotea Lebrón Villagómez"]);
    assert.deepEqual(found("Lunedì Romana Adragna La chiamerà per confermare."), ["Romana Adragna"]);
    assert.deepEqual(found("Claire Moreau vous contactera demain."), ["Claire Moreau"]);
    assert.deepEqual(found("Am Montag wird Frau Weber Sie anrufen; Jonas Abel wird sich bei Ihnen melden."), ["Jonas Abel"]);
    assert.deepEqual(found("Caio Albuquerque entrará em contato na segunda-feira."), ["Caio Albuquerque"]);
    assert.deepEqual(found("Sanne de Vries zal u bellen."), ["Sanne de Vries"]);
    assert.deepEqual(found("W poniedziałek Nikodem Kosiński zadzwoni do Pana."), ["Nikodem Kosiński"]);
  });
  it("keeps a first name that is also a word, and drops a word or a day that opens the sentence", () => {
    assert.deepEqual(found("Rose Miller will call you."), ["Rose Miller"]);
    assert.deepEqual(found("Tomorrow Karolann Emard will call you."), ["Karolann Emard"]);
  });
  it("takes no department, team, product or lower-case word before the news for a person", () => {
    assert.deepEqual(found("Customer Service will contact you. The Support Team will be in touch. Someone will call you. our agent will call you"), []);
    assert.deepEqual(found("Atención al Cliente le llamará; Il Servizio Clienti la contatterà."), []);
  });
  it("finds at the cues the shared scan of context words gives exactly what a scan of the whole text finds", () => {
    const found = cuedFindsAsWhole(personByCallback, ["will call you", "will", "call you", "le llamará", "La chiamerà", "vous contactera", "Anna", "Weber", "Dorotea Lebrón", "Lunedì", "Dr.", "Customer Service", "our", ",", ".", "\n", " "], 4);
    assert.ok(found > 500, `only ${found} names found`);
  });
});
