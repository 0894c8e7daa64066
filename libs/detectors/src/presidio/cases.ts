/**
 * Microsoft Presidio's published recognizer test cases, ported as DATA for every entity
 * type both projects have: input text and the expected entity spans. Presidio is
 * © Microsoft Corporation and contributors, MIT License; no Presidio code is reproduced.
 * Sources (repository, file under presidio-analyzer/tests/, commit):
 *   microsoft/presidio  test_credit_card_recognizer.py   f6a249d949051be8da5e48d12468507788135d99
 *   microsoft/presidio  test_aba_routing_recognizer.py   3cb51e59db05564b912770ed74ad83e7f84c0de7
 *   microsoft/presidio  test_crypto_recognizer.py        004034b582bd1fde783305901a1c17b2ab61c84d
 *   microsoft/presidio  test_ca_sin_recognizer.py        a5f3339f3941ee7582140425b15de562ea990d86
 *   microsoft/presidio  test_au_tfn_recognizer.py, test_au_medicare_recognizer.py, test_es_nie_recognizer.py,
 *                       test_in_aadhaar_recognizer.py, test_uk_nino_recognizer.py, test_sg_fin_recognizer.py
 *                                                        14da1a6db3822baa0b47300064e605e0ab11164a
 *   microsoft/presidio  test_email_recognizer.py         70f52e4bd54e07dacbfb761fd156a1e9171400a0
 *   microsoft/presidio  test_es_nif_recognizer.py        15b71db44f3dd0c1526734880b8d09f3b1377c3e
 *   microsoft/presidio  test_de_tax_id_recognizer.py     01f754ad7781737b262e7f495661f8d97d8fc957
 *   microsoft/presidio  test_in_pan_recognizer.py        00d0d5a7f291ac6154379f80e03de2e6b1bbdd14
 *   microsoft/presidio  test_ip_recognizer.py            00acdb430c53830e84f609ce109aeb1cfa7e5ada
 *   microsoft/presidio  test_it_fiscal_code_recognizer.py 1cd6517f449a909d9b873e7040c1a6b84c8bc9b1
 *   microsoft/presidio  test_pl_pesel_recognizer.py      1e81cfb770e421f126acece613bd146bcc21863b
 *   microsoft/presidio  test_uk_nhs_recognizer.py        (unittest version, "valid/invalid uk nhs")
 *   microsoft/presidio  test_us_itin_recognizer.py, test_us_passport_recognizer.py, test_us_bank_recognizer.py
 *                                                        (pytest-parametrized versions)
 *   microsoft/presidio  test_iban_recognizer.py          009d53466170affa321b1d7697e7266228695b94 (iban_cases.ts)
 *   microsoft/presidio  test_de_social_security_recognizer.py 14da1a6db3822baa0b47300064e605e0ab11164a
 *   microsoft/presidio  test_de_health_insurance_recognizer.py 01f754ad7781737b262e7f495661f8d97d8fc957
 *   microsoft/presidio  test_fi_personal_identity_code_recognizer.py 3ee013ba84cd2fe0f15849a4c2cf7342a6bf4702 (fi_cases.ts)
 *   microsoft/presidio  test_kr_rrn_recognizer.py, test_kr_frn_recognizer.py 14da1a6db3822baa0b47300064e605e0ab11164a (kr_cases.ts)
 *   microsoft/presidio  test_th_tnin_recognizer.py       3d24171eb487beed517036d6efa1d892382c2c98 (th_cases.ts)
 *   microsoft/presidio  test_se_personnummer_recognizer.py 01f754ad7781737b262e7f495661f8d97d8fc957 (se_cases.ts)
 *   microsoft/presidio  test_za_id_number_recognizer.py  0aa33814a238032f1151fde038fd48af8d6d0664 (za_cases.ts)
 *   microsoft/presidio  test_tw_national_id_recognizer.py dc2331630173a59eb85ef594808ba3971b3f0154 (tw_cases.ts)
 *   microsoft/presidio  test_tr_national_id_recognizer.py 9ac47108e3d4798128fddcbe9dfc6981c38e9833 (tr_cases.ts)
 *   microsoft/presidio  test_et_ik_recognizer.py         e3045986942e8f33656be7e76a8e7754c2b7016b (ee_cases.ts)
 *   microsoft/presidio  test_ru_snils_recognizer.py, test_ru_inn_recognizer.py, test_ru_passport_recognizer.py
 *                                                        1e1e3e34d4832fbfba438c42032c93bc0e38e695 (ru_cases.ts)
 *   microsoft/presidio  test_dea_number_recognizer.py, test_medical_license_recognizer.py, test_us_mbi_recognizer.py (us_medical_cases.ts)
 *   microsoft/presidio  test_de_id_card_recognizer.py 1819a8fc1e4d850dfb7e6581c2de6da73479e522, test_de_passport_recognizer.py
 *                                                        5396e3f291a8ff915f1c1181fdd2a2362417eec7 (de_id_cases.ts)
 *   microsoft/presidio  test_au_abn_recognizer.py    3459792d54a44fa1aaeed500d58d93c7e2a75141 (au_business_cases.ts)
 *   microsoft/presidio  test_au_acn_recognizer.py    2ef5db9214a82fac3fbc4df968208df0d25690d4 (au_business_cases.ts)
 *   data-privacy-stack/presidio  test_us_ssn_recognizer.py       22090d9d9640a61b96e8090b9da2b720a39cd2ec
 *   data-privacy-stack/presidio  test_fr_nir_recognizer.py       406eb155feadea4920c50c289e4d3ed9e1240602
 *   data-privacy-stack/presidio  test_us_npi_recognizer.py       6da353489371c438b9b5e59e6202d82b0b0a15e6
 *   data-privacy-stack/presidio  test_us_driver_license_recognizer.py 1b8cb9d74019667e074e7128119b15bf3e7e31f4
 *   data-privacy-stack/presidio  test_phone_recognizer.py        2f094932074410709e9a24906be78cada56370a2
 *   data-privacy-stack/presidio  test_dk_cpr_recognizer.py  1dc813c943be75b8d662ddbc294397743b3fbac0 (dk_cases.ts)
 *   data-privacy-stack/presidio  test_tr_national_id_recognizer.py 3d82ae82f414c080b48b6b8872b7f6d98f82dd80,
 *                       test_tr_tax_id_recognizer.py ad50ee21bc224338fe27a8d31b7850d1326f9131 (tr_cases.ts)
 *
 * Agreement means: run with only that entity type, no score threshold, and the same spans
 * come out (count and positions). Presidio's scores differ by design (ours encode how strong
 * each check is) and are not compared. Cases needing Presidio constructor options we do
 * not expose (phone `leniency` 0/2/3) are not ported. Where our validation is stricter,
 * the case carries `exception` with the reason; the spec asserts OUR result for it.
 */
import { table, whole, type PresidioCase, type Row } from "./case.ts";
import { IBAN_CASES } from "./iban_cases.ts";
import { FI_PERSONAL_IDENTITY_CODE_CASES } from "./fi_cases.ts";
import { KR_FRN_CASES, KR_RRN_CASES } from "./kr_cases.ts";
import { SE_PERSONNUMMER_CASES } from "./se_cases.ts";
import { TH_TNIN_CASES } from "./th_cases.ts";
import { ZA_ID_NUMBER_CASES } from "./za_cases.ts";
import { TW_NATIONAL_ID_CASES } from "./tw_cases.ts";
import { TR_NATIONAL_ID_CASES, TR_TAX_ID_CASES } from "./tr_cases.ts";
import { ET_IK_CASES } from "./ee_cases.ts";
import { DK_CPR_NUMBER_CASES } from "./dk_cases.ts";
import { RU_PASSPORT_CASES, RU_SNILS_CASES, RU_TAX_ID_CASES } from "./ru_cases.ts";
import { DE_ID_CARD_CASES, DE_PASSPORT_CASES } from "./de_id_cases.ts";
import { US_MEDICAL_CASES } from "./us_medical_cases.ts";
import { AU_ABN_CASES, AU_ACN_CASES } from "./au_business_cases.ts";

export type { PresidioCase } from "./case.ts";


const CREDIT_CARD = table("CREDIT_CARD", "test_credit_card_recognizer.py", [
  ["4012888888881881 4012-8888-8888-1881 4012 8888 8888 1881", [[0, 16], [17, 36], [37, 56]]],
  ["122000000000003", [[0, 15]]],
  ["my credit card: 122000000000003", [[16, 31]]],
  ["371449635398431", [[0, 15]]],
  ["5555555555554444", [[0, 16]]],
  ["5019717010103742", [[0, 16]]],
  ["30569309025904", [[0, 14]]],
  ["6011000400000000", [[0, 16]]],
  ["3528000700000000", [[0, 16]]],
  ["6759649826438453", [[0, 16]]],
  ["4111111111111111", [[0, 16]]],
  ["4917300800000000", [[0, 16]]],
  ["4484070000000000", [[0, 16]]],
  ["4012-8888-8888-1882", []],
  ["my credit card number is 4012-8888-8888-1882", []],
  ["36168002586008", []],
  ["my credit card number is 36168002586008", []],
]);

const ABA = table("ABA_ROUTING_NUMBER", "test_aba_routing_recognizer.py", [
  ["121000358", [[0, 9]]],
  ["3222-7162-7", [[0, 11]]],
  ["121042882", [[0, 9]]],
  ["0711-0130-7", [[0, 11]]],
  ["421042111", []],
  ["1234-0000-0", []],
]);

const CRYPTO = table("CRYPTO", "test_crypto_recognizer.py", [
  ["16Yeky6GMjeNkAiNcBY7ZhrLoMSgg1BoyZ", [[0, 34]]],
  ["3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy", [[0, 34]]],
  ["bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", [[0, 42]]],
  ["bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297", [[0, 62]]],
  ["16Yeky6GMjeNkAiNcBY7ZhrLoMSgg1BoyZ 3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy", [[0, 34], [35, 69]]],
  ["my wallet address is: 16Yeky6GMjeNkAiNcBY7ZhrLoMSgg1BoyZ", [[22, 56]]],
  ["16Yeky6GMjeNkAiNcBY7ZhrLoMSgg1BoyZ2", []],
  ["my wallet address is: 16Yeky6GMjeNkAiNcBY7ZhrLoMSgg1BoyZ2", []],
  ["", []],
  ["8f953371d3e85eddb89b05ed6b9e680791055315c73e1025ab5dba7bb2aee189", []],
  ["0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", [[0, 42]]],
  ["0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed 0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb", [[0, 42], [43, 85]]],
  ["My Ethereum wallet is 0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB", [[22, 64]]],
  ["lowercase address 0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed", []],
  ["checksummed but invalid address 0xdbF03B407c01E7cD3CBea99509d93f8DDdC8C6FB", []],
]);

const CA_SIN = table("CA_SIN", "test_ca_sin_recognizer.py", [
  ["130 692 544", [[0, 11]]], ["435 418 165", [[0, 11]]], ["948 584 792", [[0, 11]]],
  ["347-677-452", [[0, 11]]], ["731-530-150", [[0, 11]]],
  ["130692544", [[0, 9]]], ["550090112", [[0, 9]]],
  ["my SIN is 130-692-544", [[10, 21]]], ["mon NAS: 258 933 688", [[9, 20]]],
  ["130 692 545", []], ["130692545", []], ["435-418-166", []],
  ["046 454 286", []], ["812 345 678", []],
  ["111 111 111", []], ["999 999 999", []],
  ["046-454 286", []], ["046 454-286", []],
  ["13069254", []], ["1306925440", []],
]);

const AU_TFN = table("AU_TFN", "test_au_tfn_recognizer.py", [
  ["876 543 210", [[0, 11]]], ["876543210", [[0, 9]]],
  ["824 753 557", []], ["824753557", []], ["5282475355632", []], ["52824753556AF", []], ["51 824 753 5564", []], ["123 456\n789", []],
]);

const AU_MEDICARE = table("AU_MEDICARE", "test_au_medicare_recognizer.py", [
  ["2123 45670 1", [[0, 12]]], ["2123456701", [[0, 10]]],
  ["2123 25870 1", []], ["2123258701", []], ["212345670221", []], ["2123456702AF", []], ["123 456\n789", []],
]);

const EMAIL = table("EMAIL_ADDRESS", "test_email_recognizer.py", [
  ["info@presidio.site", [[0, 18]]],
  ["my email address is info@presidio.site", [[20, 38]]],
  ["try one of these emails: info@presidio.site or anotherinfo@presidio.site", [[25, 43], [47, 72]]],
  ["my email is info@presidio.", []],
]);

const ES_NIE = table("ES_NIE", "test_es_nie_recognizer.py", [
  ["Z8078221M", [[0, 9]]], ["X9613851N", [[0, 9]]], ["Y8063915Z", [[0, 9]]], ["Y8063915-Z", [[0, 10]]],
  ["Mi NIE es X9613851N", [[10, 19]]], ["Z8078221M en mi NIE", [[0, 9]]],
  ["Mi Número de identificación de extranjero es Y8063915-Z", [[45, 55]]],
  ["Y8063915Q", []], ["Y806391Q", []], ["58063915Q", []], ["W8063915Q", []],
]);

const ES_NIF = table("ES_NIF", "test_es_nif_recognizer.py", [
  ["55555555K", [[0, 9]]], ["55555555-K", [[0, 10]]], ["1111111-G", [[0, 9]]], ["1111111G", [[0, 8]]], ["01111111G", [[0, 9]]],
  ["401-023-2138", []],
]);

const DE_TAX_ID = table("DE_TAX_ID", "test_de_tax_id_recognizer.py", [
  ["12345678903", [[0, 11]]], ["98765432106", [[0, 11]]],
  ["Meine Steuer-ID: 12345678903.", [[17, 28]]], ["IdNr. 98765432106 liegt vor.", [[6, 17]]],
  ["12345678901", []], ["98765432100", []], ["02345678901", []], ["1234567890", []], ["123456789030", []], ["11111111111", []], ["11112345678", []],
]);

const IN_AADHAAR = table("IN_AADHAAR", "test_in_aadhaar_recognizer.py", [
  ["123456789012", []], ["312345678909", [[0, 12]]], ["399876543211", [[0, 12]]],
  ["1234 5678 9012", []], ["3123 4567 8909", [[0, 14]]], ["3998 7654 3211", [[0, 14]]],
  ["1234-5678-9012", []], ["3123-4567-8909", [[0, 14]]], ["3998-7654-3211", [[0, 14]]],
  ["1234:5678:9012", []], ["3123:4567:8909", [[0, 14]]], ["3998:7654:3211", [[0, 14]]],
  ["My Aadhaar number is 400123456787 with a lot of text beyond it", [[21, 33]]],
]);

const IN_PAN: PresidioCase[] = [
  ...table("IN_PAN", "test_in_pan_recognizer.py", [
    ["AAASA1111R", [[0, 10]]], ["ABCPD1234Z", [[0, 10]]], ["ABCND1234Z", [[0, 10]]], ["ABCD1234", []],
    ["My PAN number is ABBPM4567S with a lot of text beyond it", [[17, 27]]],
  ]),
  {
    type: "IN_PAN", text: "A1111DFSFS", spans: [[0, 10]], source: "test_in_pan_recognizer.py",
    exception: { reason: "Presidio's catch-all 0.01-score pattern; a letter, four digits and five letters is not the AAAAA9999A PAN layout the Income Tax Department issues", ours: [] },
  },
];

const IT_FISCAL: PresidioCase[] = [
  ...table("IT_FISCAL_CODE", "test_it_fiscal_code_recognizer.py", [
    ["AAAAAA00B11C333Y", [[0, 16]]], ["AAAAAA - 00B11C333N", []], ["A55AAA00B11C333N", []],
  ]),
  {
    type: "IT_FISCAL_CODE", text: "AAAAAA00B11C333N", spans: [[0, 16]], source: "test_it_fiscal_code_recognizer.py",
    exception: { reason: "Presidio's test says 'invalid last char' yet expects a match (pattern score); we require the check character (DM 23/12/1976), which N fails (Y is correct)", ours: [] },
  },
  {
    type: "IT_FISCAL_CODE", text: "AAAAAA00B11C333Y and AAAAAA00B11C333N", spans: [[0, 16], [21, 37]], source: "test_it_fiscal_code_recognizer.py",
    exception: { reason: "second code has a wrong check character (see above)", ours: [[0, 16]] },
  },
];

const IP = table("IP_ADDRESS", "test_ip_recognizer.py", [
  ["microsoft.com 192.168.0.1", [[14, 25]]], ["my ip: 192.168.0", []],
  ["microsoft.com 684D:1111:222:3333:4444:5555:6:77", [[14, 47]]], ["my ip: 684D:1111:222:3333:4444:5555:6:77", [[7, 40]]],
  ["684D:1111:222:3333:4444:5555:77", []],
  // Presidio asserts only the count for these three; the single finding is the whole text.
  ["2345:0425:2CA1:0000:0000:0567:5673:23b5", whole("2345:0425:2CA1:0000:0000:0567:5673:23b5")],
  ["2345:0425:2CA1::0567:5673:23b5", whole("2345:0425:2CA1::0567:5673:23b5")],
  ["2400:c401::5054:ff:fe1b:b031", whole("2400:c401::5054:ff:fe1b:b031")],
  ["Use local ipv6 ::", [[15, 17]]], ["my ip: ::1", [[7, 10]]], ["connecting from ::1", [[16, 19]]], ["src=:: dst=::1", [[4, 6], [11, 14]]],
  ["fe80::1", [[0, 7]]], ["2001:db8::8a2e:370:7334", [[0, 23]]], ["2001:db8:85a3::8a2e:370", [[0, 23]]], ["2001:db8::1", [[0, 11]]], ["fe80::1%eth0", [[0, 12]]],
  ["Server IP: 2001:db8::1", [[11, 22]]], ["Connect to [2001:db8::1]:8080", [[12, 23]]], ["my ip is 2400:c401::5054:ff:fe1b:b031", [[9, 37]]],
  ["Gateway: fe80::1 on interface", [[9, 16]]], ["Visit http://[2001:db8::1]/path", [[14, 25]]], ["SSH to user@2001:db8::1", [[12, 23]]],
  ["::ffff:192.0.2.1", [[0, 16]]], ["::ffff:10.0.0.1", [[0, 15]]], ["::ffff:172.16.0.1", [[0, 17]]], ["::ffff:127.0.0.1", [[0, 16]]],
  ["::ffff:255.255.255.255", [[0, 22]]], ["::ffff:0.0.0.0", [[0, 14]]], ["::ffff:0:192.168.1.1", [[0, 20]]], ["::ffff:0000:10.0.0.1", [[0, 20]]],
  ["Mapped: ::ffff:192.168.1.1", [[8, 26]]], ["Connect to ::ffff:10.0.0.1 now", [[11, 26]]], ["[::ffff:192.168.1.1]:80", [[1, 19]]],
  ["::192.168.1.1", [[0, 13]]], ["::10.0.0.1", [[0, 10]]], ["::ffff:256.0.0.1", []], ["::ffff:192.168.1", []],
  ["2001:db8::192.168.1.1", [[0, 21]]], ["2001:db8:1::192.0.2.1", [[0, 21]]], ["64:ff9b::192.0.2.1", [[0, 18]]], ["2001:db8:85a3::8a2e:192.168.0.1", [[0, 31]]],
  ["0:0:0:0:0:FFFF:129.144.52.38", [[0, 28]]], ["2001:db8:0:0:0:0:192.168.1.1", [[0, 28]]],
  ["NAT64: 64:ff9b::198.51.100.1", [[7, 28]]], ["Tunnel to 2001:db8::10.0.0.1", [[10, 28]]], ["2001:db8::256.1.1.1", []],
  ["IPv4: 192.168.1.1, IPv6: 2001:db8::1", [[6, 17], [25, 36]]], ["Primary: 10.0.0.1, Secondary: 172.16.0.1", [[9, 17], [30, 40]]],
  ["IPs: 192.168.1.1, 10.0.0.1, 2001:db8::1", [[5, 16], [18, 26], [28, 39]]],
  ["MAC address aa:bb:cc:dd:ee:ff", []], ["Time 12:34:56", []], ["Ratio 1:2:3:4", []], ["CSS color #ff00aa", []], ["Version 1.2.3", []],
  ["Port 80:443", []], ["abc:def:ghi", []], ["123:abc", []], ["file:///path/to/file", []], ["std::cout", []], ["MyClass::toString", []], [":::", []],
  ["IP192.168.1.1text", []], ["text192.168.1.1", []], ["(192.168.1.1)", [[1, 12]]], ["'2001:db8::1'", [[1, 12]]], ["IP: 192.168.1.1.", [[4, 15]]],
  ["192.168.1.1,", [[0, 11]]], ["[2001:db8::1]", [[1, 12]]], ["Server IP: 2400:c401::5054:ff:fe1b:b031.", [[11, 39]]], ["2001:db8::1.", [[0, 11]]],
  ["fe80::1text", []], ["text2001:db8::1", []], ["192.168.1.1.1", [[0, 11]]],
  ["256.256.256.256", []], ["192.168.1.256", []], ["gggg:hhhh::1234", []], ["192.168.1", []], ["300.168.1.1", []], ["12345:db8::1", []], ["2001::db8::1", []],
  ["192.168.2.1@eth0", [[0, 11]]], ["text::ffff:192.0.2.1", [[11, 20]]], ["foo2001:db8::10.0.0.1", [[13, 21]]],
  ["localhost 127.0.0.1", [[10, 19]]], ["Broadcast 255.255.255.255", [[10, 25]]], ["Private 10.0.0.0", [[8, 16]]], ["Link-local 169.254.1.1", [[11, 22]]],
  ["Subnet 172.16.0.0", [[7, 17]]], ["Default 0.0.0.0", [[8, 15]]], ["Unspecified ::", [[12, 14]]], ["Loopback ::1", [[9, 12]]], ["Multicast ff02::1", [[10, 17]]],
  ["192.168.1.0/24", [[0, 14]]], ["10.0.0.0/8", [[0, 10]]], ["0.0.0.0/0", [[0, 9]]], ["192.168.1.1/32", [[0, 14]]],
  ["2001:db8::/32", [[0, 13]]], ["fe80::/10", [[0, 9]]], ["::1/128", [[0, 7]]], ["fe80::1%eth0/64", [[0, 15]]], ["2001:db8::%eth0/128", [[0, 19]]],
  ["::/0", [[0, 4]]], ["::/128", [[0, 6]]], ["::ffff:192.168.1.0/96", [[0, 21]]], ["64:ff9b::192.0.2.0/96", [[0, 21]]],
  ["Subnet: 192.168.1.0/24", [[8, 22]]], ["Prefix: 2001:db8::/32", [[8, 21]]], ["Route is 10.0.0.0/8.", [[9, 19]]], ["Use 2001:db8::/32.", [[4, 17]]],
  ["10.0.0.0/123", [[0, 8]]], ["2001:db8::/9999", [[0, 10]]],
]);

const UK_NINO: PresidioCase[] = [{
  type: "UK_NINO", text: "Here is my National Insurance Number YZ 61 48 68 B", spans: [[36, 50]], source: "test_uk_nino_recognizer.py",
  exception: { reason: "Presidio's expected span starts at the space before the number (offset 36); the number itself starts at 37, as in its other NINO cases", ours: [[37, 50]] },
}, ...table("UK_NINO", "test_uk_nino_recognizer.py", [
  ["AA 12 34 56 B", [[0, 13]]], ["hh 01 02 03 d", [[0, 13]]], ["tw987654a", [[0, 9]]], ["nino: PR 123612C", [[6, 16]]],
  ["AA 12 34 56 H", []], ["FQ 00 00 00 C", []], ["BG123612A", []], ["nino: nt 99 88 77 a", []],
  ["This isn't a valid national insurance number UV 98 76 54 B", []],
])];

const UK_NHS = table("UK_NHS", "test_uk_nhs_recognizer.py", [
  ["401-023-2137", [[0, 12]]], ["221 395 1837", [[0, 12]]], ["0032698674", [[0, 10]]], ["401-023-2138", []],
]);

const US_SSN = table("US_SSN", "test_us_ssn_recognizer.py", [
  ["078-051121 07805-1121", [[0, 10], [11, 21]]], ["078051121", [[0, 9]]],
  ["078-05-1123", [[0, 11]]], ["078.05.1123", [[0, 11]]], ["078 05 1123", [[0, 11]]], ["abc 078 05 1123 abc", [[4, 15]]],
  ["899-12-3456", [[0, 11]]], ["219-09-9999", [[0, 11]]],
  ["0780511201", []], ["078051120", []], ["000000000", []], ["666000000", []], ["078-05-0000", []], ["078 00 1123", []], ["693-09.4444", []],
  ["90012-3456", []], ["900-123456", []], ["900123456", []], ["900-12-3456", []], ["987-65-4320", []], ["987-65-4321", []], ["999-12-3456", []],
  ["078-05-1120", []], ["123-45-6789", []], ["000-12-3456", []], ["666-12-3456", []],
]);

const US_ITIN = table("US_ITIN", "test_us_itin_recognizer.py", [
  ["911-701234 91170-1234", [[0, 10], [11, 21]]], ["911701234", [[0, 9]]], ["911-70-1234", [[0, 11]]], ["911-53-1234", [[0, 11]]], ["911-64-1234", [[0, 11]]],
  ["911-89-1234", []], ["my tax id 911-89-1234", []],
]);

const US_PASSPORT = table("US_PASSPORT", "test_us_passport_recognizer.py", [
  ["912803456", [[0, 9]]], ["Z12803456", [[0, 9]]], ["A12803456", [[0, 9]]],
  ["my travel document is A12803456", [[22, 31]]], ["my travel passport is A12803456", [[22, 31]]],
]);

const US_BANK = table("US_BANK_NUMBER", "test_us_bank_recognizer.py", [["945456787654", [[0, 12]]], ["1234567", []]]);

const DL_VALID = ["A1", "A12345678901234", "A123456789012345678", "AB12", "AB1234567", "A123456R", "AB123456C", "A1B2C", "12ABC12345", "123AB1234", "1234567A", "123456789A", "12345678AB"];
const DL_INVALID = ["AB1", "AB12345678", "A123456789012345", "A1234567890123456", "A12345678901234567", "A-Z]]12"];
const US_DRIVER_LICENSE = table("US_DRIVER_LICENSE", "test_us_driver_license_recognizer.py", [
  ["H12234567", [[0, 9]]], ["C12T345672", []],
  ["123456789 1234567890 12345679012 123456790123 1234567901234 1234", [[0, 9], [10, 20], [21, 32], [33, 45], [46, 59]]],
  ["ABCDEFG ABCDEFGH ABCDEFGHI", []], ["ABCD ABCDEFGHIJ", []],
  ...DL_VALID.map((n): Row => [` ${n} `, [[1, n.length + 1]]]),
  ...DL_INVALID.map((n): Row => [n, []]),
]);

const PL_PESEL: PresidioCase[] = [
  ...table("PL_PESEL", "test_pl_pesel_recognizer.py", [["1111321111", []], ["11110021111", []], ["11-11-11-11114", []]]),
  ...["11111111114", "My pesel is 11111111114."].map((text): PresidioCase => ({
    type: "PL_PESEL", text, spans: text.startsWith("My") ? [[12, 23]] : [[0, 11]], source: "test_pl_pesel_recognizer.py",
    exception: {
      reason: "weights 1,3,7,9,1,3,7,9,1,3 give 44, so the check digit must be 6, not 4; Presidio's own PlPeselRecognizer.validate_result (added later than this test version) rejects it too",
      ours: [],
    },
  })),
];

const SG: PresidioCase[] = [
  ...table("SG_NRIC_FIN", "test_sg_fin_recognizer.py", [
    ["S2740116C", [[0, 9]]], ["F2346401L", [[0, 9]]], ["M4332674T", [[0, 9]]], ["S9108268C T7572225C", [[0, 9], [10, 19]]],
    ["NRIC S2740116C was processed", [[5, 14]]], ["PA12348L", []], ["", []],
  ]),
  ...(
    [
      ["T1234567Z", "check letter of T1234567 is J (weights 2,7,6,5,4,3,2, +4 for T, table JZIHGFEDCBA); Presidio matches the format only"],
      ["G1122144L", "check letter of G1122144 is R (+4 for G, table XWUTRQPNMLK); Presidio matches the format only"],
      ["A1234567Z", "A is no NRIC/FIN series (S, T, F, G, M); Presidio reports it as a weak match"],
      ["B1234567Z", "B is no NRIC/FIN series (S, T, F, G, M); Presidio reports it as a weak match"],
    ] as const
  ).map(([text, reason]): PresidioCase => ({ type: "SG_NRIC_FIN", text, spans: [[0, 9]], source: "test_sg_fin_recognizer.py", exception: { reason, ours: [] } })),
];

const FR_NIR = table("FR_NIR", "test_fr_nir_recognizer.py", [
  ["185057800608491", [[0, 15]]], ["1 85 05 78 006 084 91", [[0, 21]]], ["1850578006084 91", [[0, 16]]], ["292117511500381", [[0, 15]]],
  ["174062A00401243", [[0, 15]]], ["2 63 08 2B 022 007 56", [[0, 21]]], ["174062a00401243", [[0, 15]]],
  ["188079741100403", [[0, 15]]], ["279019912345690", [[0, 15]]],
  ["301053401234504", [[0, 15]]], ["499026911000102", [[0, 15]]], ["755083312001051", [[0, 15]]], ["861111304500231", [[0, 15]]],
  ["165206912300167", [[0, 15]]], ["270134400702112", [[0, 15]]], ["158425901200392", [[0, 15]]], ["290509904560009", [[0, 15]]], ["133999999999931", [[0, 15]]],
  ["237014646459597", [[0, 15]]], ["103099494432201", [[0, 15]]],
  ["Numéro de sécurité sociale : 1 85 05 78 006 084 91.", [[29, 50]]], ["NIR 292117511500381 (assuré)", [[4, 19]]],
  ["185057800608491 et 292117511500381", [[0, 15], [19, 34]]],
  ["185057800608492", []], ["1 85 05 78 006 084 37", []],
  ["085057800608491", []], ["585057800608491", []], ["685057800608491", []], ["985057800608491", []],
  ["185007800608491", []], ["185147800608491", []], ["185457800608491", []],
  ["185050000608491", []], ["174062C00401243", []],
  ["1850578006084", []], ["18505780060849", []], ["1850578006084912", []],
  ["Commande 185057800608400 expédiée", []],
  // test_when_enabled_in_registry_yaml_then_loads_and_detects
  ["NIR : 1 85 05 78 006 084 91", [[6, 27]]], ["NIR : 1 85 05 78 006 084 37", []],
]);

const US_NPI = table("US_NPI", "test_us_npi_recognizer.py", [
  ["1234567893", [[0, 10]]], ["1245319599", [[0, 10]]], ["1003000126", [[0, 10]]], ["2123456784", [[0, 10]]], ["2123456783", []],
  ["1234-567-893", [[0, 12]]], ["1234 567 893", [[0, 12]]], ["NPI: 1234567893", [[5, 15]]], ["Provider identifier 1245319599", [[20, 30]]],
  ["NPI 1234567893 and NPI 1245319599", [[4, 14], [23, 33]]],
  ["0234567893", []], ["3234567893", []], ["9234567893", []], ["123456789", []], ["12345678934", []], ["1111111112", []], ["1234567890", []],
]);

const US_INTL = "My US number is (415) 555-0132, and my international one is ";
const PHONE = table("PHONE_NUMBER", "test_phone_recognizer.py", [
  ["My US number is (415) 555-0132, and my international one is +1 415 555 0132", [[16, 30], [60, 75]]],
  ["My Israeli number is 09-7625400", [[21, 31]]],
  ["_: (415)555-0132", [[3, 16]]], ["United States: (415)555-0132", [[15, 28]]], ["US: 415-555-0132", [[4, 16]]],
  ["_: +55 11 98456 5666", [[3, 20]]], ["Brazil: +55 11 98456 5666", [[8, 25]]], ["BR: +55 11 98456 5666", [[4, 21]]],
  ["My Japanese number is 090-1234-5678", [[22, 35]]], ["My CN number is 13812345678", [[16, 27]]],
  ["My UK number is 020 7946 0958", [[16, 29]]],
  // leniency 1 is Presidio's default
  [`${US_INTL.trimEnd()}415-555-0132`, [[16, 30]]], [`${US_INTL}91-415-555-0132`, [[16, 30], [60, 75]]],
  [`${US_INTL}+44 (20) 7123 4567`, [[16, 30], [60, 78]]], [`${US_INTL}+91 4155550132`, [[16, 30], [60, 74]]],
  [`${US_INTL}+55 11 98456 5666`, [[16, 30], [60, 77]]], [`${US_INTL}+49 30 1234567`, [[16, 30], [60, 74]]],
  [`${US_INTL}+39 06 678 4343`, [[16, 30], [60, 75]]], [`${US_INTL}+30 21 0 1234567`, [[16, 30], [60, 76]]],
  [`${US_INTL}+33 1 42 68 53 00`, [[16, 30], [60, 77]]],
]);

const DE_SOCIAL_SECURITY = table("DE_SOCIAL_SECURITY", "test_de_social_security_recognizer.py", [
  ["15070649C103", [[0, 12]]],
  ["65070803A019", [[0, 12]]],
  ["20151090B023", [[0, 12]]],
  ["38551285K051", [[0, 12]]],
  ["RVNR: 15070649C103 laut Sozialversicherungsausweis.", [[6, 18]]],
  ["15070649C100", []],
  ["65070803A012", []],
  ["15070049C103", []],
  ["15071349C103", []],
  ["150706491103", []],
  ["15070649C10", []],
  ["15070649C1030", []],
]);

const DE_HEALTH_INSURANCE = table("DE_HEALTH_INSURANCE", "test_de_health_insurance_recognizer.py", [
  ...["A000500015", "C000500021", "A123456780", "M123456785", "B123456782", "Z000000005", "Z999999997", "a123456780"].map((t): Row => [t, whole(t)]),
  ["Krankenkasse KVNR: A123456780", [[19, 29]]],
  ["eGK-Nummer M123456785 bitte angeben.", [[11, 21]]],
  ...["A123456787", "M123456789", "1123456780", "A12345678", "A1234567890"].map((t): Row => [t, []]),
]);

export const PRESIDIO_CASES: PresidioCase[] = [
  ...CREDIT_CARD, ...ABA, ...CRYPTO, ...CA_SIN, ...AU_TFN, ...AU_MEDICARE, ...EMAIL, ...ES_NIE, ...ES_NIF, ...DE_TAX_ID,
  ...IN_AADHAAR, ...IN_PAN, ...IT_FISCAL, ...IP, ...UK_NINO, ...UK_NHS, ...US_SSN, ...US_ITIN, ...US_PASSPORT, ...US_BANK,
  ...US_DRIVER_LICENSE, ...PL_PESEL, ...SG, ...FR_NIR, ...US_NPI, ...PHONE, ...DE_SOCIAL_SECURITY, ...DE_HEALTH_INSURANCE,
  ...FI_PERSONAL_IDENTITY_CODE_CASES, ...KR_RRN_CASES, ...KR_FRN_CASES, ...SE_PERSONNUMMER_CASES, ...TH_TNIN_CASES, ...ZA_ID_NUMBER_CASES, ...TW_NATIONAL_ID_CASES, ...TR_NATIONAL_ID_CASES, ...TR_TAX_ID_CASES, ...ET_IK_CASES, ...DK_CPR_NUMBER_CASES, ...RU_SNILS_CASES, ...RU_TAX_ID_CASES, ...RU_PASSPORT_CASES, ...DE_ID_CARD_CASES, ...DE_PASSPORT_CASES, ...US_MEDICAL_CASES, ...AU_ABN_CASES, ...AU_ACN_CASES,
  ...IBAN_CASES.map(([text, n, spans]): PresidioCase => ({ type: "IBAN_CODE", text, spans: spans ?? (n === 1 ? whole(text) : []), source: "test_iban_recognizer.py" })),
];
