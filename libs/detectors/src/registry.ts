/**
 * Every detector, one per file (Presidio's predefined_recognizers layout). Adding an entity
 * type is adding a file under its area and one line here.
 */
import type { Detector } from "./core/types.ts";
import { emailAddress } from "./generic/email_address.ts";
import { phoneNumber } from "./generic/phone_number.ts";
import { creditCard } from "./generic/credit_card.ts";
import { ibanCode } from "./generic/iban_code.ts";
import { ipAddress } from "./generic/ip_address.ts";
import { dateOfBirth } from "./generic/date_of_birth.ts";
import { identityDocumentMrz } from "./generic/identity_document_mrz.ts";
import { gpsPosition } from "./generic/gps_position.ts";
import { gpsPositionDms } from "./generic/gps_position_dms.ts";
import { usSsn } from "./us/us_ssn.ts";
import { usItin } from "./us/us_itin.ts";
import { usPassport } from "./us/us_passport.ts";
import { usDriverLicense } from "./us/us_driver_license.ts";
import { usBankNumber } from "./us/us_bank_number.ts";
import { abaRoutingNumber } from "./us/aba_routing_number.ts";
import { ukNino } from "./uk/uk_nino.ts";
import { ukNhs } from "./uk/uk_nhs.ts";
import { ukDrivingLicence } from "./uk/uk_driving_licence.ts";
import { deTaxId } from "./eu/de_tax_id.ts";
import { deSocialSecurity } from "./eu/de_social_security.ts";
import { deHealthInsurance } from "./eu/de_health_insurance.ts";
import { deIdCard } from "./eu/de_id_card.ts";
import { dePassport } from "./eu/de_passport.ts";
import { frNir } from "./eu/fr_nir.ts";
import { esNif } from "./eu/es_nif.ts";
import { esNie } from "./eu/es_nie.ts";
import { itFiscalCode } from "./eu/it_fiscal_code.ts";
import { nlBsn } from "./eu/nl_bsn.ts";
import { plPesel } from "./eu/pl_pesel.ts";
import { fiPersonalIdentityCode } from "./eu/fi_personal_identity_code.ts";
import { sePersonnummer } from "./eu/se_personnummer.ts";
import { inAadhaar } from "./in/in_aadhaar.ts";
import { inPan } from "./in/in_pan.ts";
import { brCpf } from "./br/br_cpf.ts";
import { sgNric } from "./sg/sg_nric.ts";
import { auTfn } from "./au/au_tfn.ts";
import { auMedicare } from "./au/au_medicare.ts";
import { auAbn } from "./au/au_abn.ts";
import { auAcn } from "./au/au_acn.ts";
import { caSin } from "./ca/ca_sin.ts";
import { krRrn } from "./kr/kr_rrn.ts";
import { krFrn } from "./kr/kr_frn.ts";
import { jpMyNumber } from "./jp/jp_my_number.ts";
import { eePersonalCode } from "./eu/ee_personal_code.ts";
import { dkCprNumber } from "./eu/dk_cpr_number.ts";
import { thTnin } from "./th/th_tnin.ts";
import { zaIdNumber } from "./za/za_id_number.ts";
import { twNationalId } from "./tw/tw_national_id.ts";
import { trNationalId } from "./tr/tr_national_id.ts";
import { trTaxId } from "./tr/tr_tax_id.ts";
import { ruSnils } from "./ru/ru_snils.ts";
import { ruInn } from "./ru/ru_inn.ts";
import { ruPassport } from "./ru/ru_passport.ts";
import { usNpi } from "./medical/us_npi.ts";
import { icd10Code } from "./medical/icd10_code.ts";
import { usDeaNumber } from "./medical/us_dea_number.ts";
import { usMbi } from "./medical/us_mbi.ts";
import { bitcoinAddress } from "./crypto/bitcoin_address.ts";
import { ethereumAddress } from "./crypto/ethereum_address.ts";
import { privateKey } from "./secrets/private_key.ts";
import { awsAccessKey } from "./secrets/aws_access_key.ts";
import { githubToken } from "./secrets/github_token.ts";
import { slackToken } from "./secrets/slack_token.ts";
import { jwt } from "./secrets/jwt.ts";
import { basicAuth } from "./secrets/basic_auth.ts";
import { sessionCookie } from "./secrets/session_cookie.ts";
import { commandLinePassword } from "./secrets/command_line_password.ts";
import { bearerToken } from "./secrets/bearer_token.ts";
import { password } from "./secrets/password.ts";
import { apiKey } from "./secrets/api_key.ts";
import { passwordInCell } from "./secrets/password_in_cell.ts";
import { apiKeyInCell } from "./secrets/api_key_in_cell.ts";
import { streetAddress } from "./ner/street_address.ts";
import { addressByLabel } from "./ner/address_by_label.ts";
import { person } from "./ner/person.ts";
import { location } from "./ner/location.ts";
import { personInCell } from "./ner/person_in_cell.ts";
import { personByCue } from "./ner/person_by_cue.ts";
import { personByForeignCue } from "./ner/person_by_foreign_cue.ts";
import { personByRequest } from "./ner/person_by_request.ts";
import { personByCallback } from "./ner/person_by_callback.ts";
import { personByShape } from "./ner/person_by_shape.ts";
import { placeInCell } from "./ner/place_in_cell.ts";
import { placeByCue } from "./ner/place_by_cue.ts";
import { placeInDateline } from "./ner/place_in_dateline.ts";
import { personByModel } from "./ner/person_by_model.ts";
import { addressByModel } from "./ner/address_by_model.ts";
import { locationByModel } from "./ner/location_by_model.ts";

export const DETECTORS: readonly Detector[] = [
  emailAddress, phoneNumber, creditCard, ibanCode, ipAddress, dateOfBirth, identityDocumentMrz, gpsPosition, gpsPositionDms,
  usSsn, usItin, usPassport, usDriverLicense, usBankNumber, abaRoutingNumber,
  ukNino, ukNhs, ukDrivingLicence,
  deTaxId, deSocialSecurity, deHealthInsurance, deIdCard, dePassport, frNir, esNif, esNie, itFiscalCode, nlBsn, plPesel,
  fiPersonalIdentityCode, sePersonnummer, eePersonalCode, dkCprNumber,
  inAadhaar, inPan, brCpf, sgNric, auTfn, auMedicare, auAbn, auAcn, caSin, krRrn, krFrn, jpMyNumber, thTnin, zaIdNumber, twNationalId, trNationalId, trTaxId,
  ruSnils, ruInn, ruPassport,
  usNpi, icd10Code, usDeaNumber, usMbi,
  bitcoinAddress, ethereumAddress,
  privateKey, awsAccessKey, githubToken, slackToken, jwt, basicAuth, bearerToken, sessionCookie, commandLinePassword, password, passwordInCell, apiKey, apiKeyInCell,
  streetAddress, addressByLabel, person, location, personInCell, personByCue, personByForeignCue, personByRequest, personByCallback, personByShape, placeInCell, placeByCue, placeInDateline,
];

/** The optional NER model's detectors (`ner/rampart.ts`): run with the `nerModel` option only, beside compromise's. */
export const MODEL_DETECTORS: readonly Detector[] = [personByModel, addressByModel, locationByModel];
