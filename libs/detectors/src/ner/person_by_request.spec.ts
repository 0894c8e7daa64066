import assert from "node:assert/strict";
import { personByRequest } from "./person_by_request.ts";
import { cuedFindsAsWhole, run } from "../testing.ts";

const found = (text: string) => run(personByRequest, text).filter((f) => f.score >= 0.4).map((f) => text.slice(f.start, f.end));

describe("ner/person_by_request", () => {
  it("finds the name in running text after a request to contact someone, up to the next lower-case word", () => {
    assert.deepEqual(found("For any questions, please contact Alfreda Macejkovic of our accounts department."), ["Alfreda Macejkovic"]);
    assert.deepEqual(found("You can speak to Mr. Pusch or get in touch with Dr. Anna Weber."), ["Pusch", "Anna Weber"]);
    assert.deepEqual(found("Para cualquier duda, póngase en contacto con Berta Ozuna Benavídez de nuestro departamento."), ["Berta Ozuna Benavídez"]);
    // a surname that is a place too (Hidalgo, a Mexican state)
    assert.deepEqual(found("Puede ponerse en contacto con Josep Hidalgo Bermúdez de nuestro departamento."), ["Josep Hidalgo Bermúdez"]);
    assert.deepEqual(found("Per informazioni si rivolga a Orchidea Gurrieri del nostro ufficio."), ["Orchidea Gurrieri"]);
    assert.deepEqual(found("Em caso de dúvida, fale com Caio Albuquerque do setor financeiro."), ["Caio Albuquerque"]);
    assert.deepEqual(found("Vous pouvez contacter Madame Lemoine ou adressez-vous à Claire Moreau de notre service."), ["Lemoine", "Claire Moreau"]);
    assert.deepEqual(found("Neem contact op met Sanne de Vries van de afdeling."), ["Sanne de Vries"]);
    assert.deepEqual(found("Bitte melden Sie sich bei Jonas Abel aus dem Vertrieb."), ["Jonas Abel"]);
    assert.deepEqual(found("Prosimy skontaktować się z Nikodem Kosiński w sprawie umowy."), ["Nikodem Kosiński"]);
    // before the person's details in parentheses, a suffix between or not
    assert.deepEqual(found("Please contact Jasmine Nader (jn@example.org, (716) 985-1151) before Friday."), ["Jasmine Nader"]);
    assert.deepEqual(found("Please contact Kennedy Gerhold PhD (kg@example.org) today."), ["Kennedy Gerhold"]);
    assert.deepEqual(found("Please contact Customer Service (24/7) or talk to Technical Support (ext. 12)."), [], "a department before its details is still none");
  });
  it("takes no department, team, product or lower-case word after the ask for a person", () => {
    assert.deepEqual(found("puede contactar con Atención al Cliente o hablar con nuestro equipo; contacter le service client."), []);
    assert.deepEqual(found("Please contact Customer Service, contact Us, or talk to Technical Support. Contact the author."), []);
    assert.deepEqual(found("To report a bug, contact Apache Maven team or contact Debian Developers."), []);
    // a vendor's support, a product's CamelCase name, the end of a term its acronym defines (AWS's API models)
    assert.deepEqual(found("For access, contact Nielsen support. To upload the model, contact SageMaker Neo."), []);
    assert.deepEqual(found("It will affect the agent experience in the Contact Control Panel (CCP)."), []);
    // a German article and a role's or a department's noun (Linux-PAM's German catalogue)
    assert.deepEqual(found("Ihr Passwort ist abgelaufen. Wenden Sie sich an den Systemadministrator. Wenden Sie sich bitte an die Personalabteilung oder an den Kundendienst."), []);
    // a name abbreviated after itself, a name with an inner capital after a short prefix
    assert.deepEqual(found("Please contact Jane Roe (JR) or contact Malvina DuBuque, or contact Robert FitzGerald."), ["Jane Roe", "Malvina DuBuque", "Robert FitzGerald"]);
  });
  it("finds at the cues the shared scan of context words gives exactly what a scan of the whole text finds", () => {
    const found = cuedFindsAsWhole(personByRequest, ["please contact", "contact", "Contact", "contacts", "speak to", "get in touch with", "puede ponerse en contacto con", "rivolgersi a", "contacter", "Madame", "Mr.", "Anna", "Weber", "Berta Ozuna Benavídez", "van de Berg", "Customer Service", "our", "team", "Contacting", ",", ".", "\n"], 4);
    assert.ok(found > 500, `only ${found} names found`);
  });
});
