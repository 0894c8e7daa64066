/**
 * Directory attributes (X.500 / LDAP, RFC 4519 and Active Directory's) under the words a column
 * header would use, for the detectors' context: a certificate's subject (x509.ts) and an LDAP
 * export (ldif.ts) name them by short names the detectors do not know ("sn", "l", "st").
 * Case-insensitive. Not the country code ("c": two letters of a jurisdiction) nor domain
 * components ("dc": a directory's path).
 */
const LABELS: Record<string, string> = {
  cn: "common name",
  o: "organization",
  ou: "organizational unit",
  l: "city",
  st: "state or province",
  street: "street",
  streetaddress: "street address",
  postaladdress: "postal address",
  homepostaladdress: "home postal address",
  postalcode: "postal code",
  postofficebox: "post office box",
  emailaddress: "e-mail",
  mail: "e-mail",
  serialnumber: "serial number",
  title: "title",
  gn: "given name",
  givenname: "given name",
  sn: "surname",
  surname: "surname",
  initials: "initials",
  pseudonym: "pseudonym",
  telephonenumber: "telephone",
  homephone: "home phone",
  mobile: "mobile phone",
  pager: "pager",
  facsimiletelephonenumber: "fax",
  ipphone: "ip phone",
  uid: "user id",
  employeenumber: "employee number",
  employeeid: "employee id",
  displayname: "display name",
  co: "country",
  userprincipalname: "user principal name",
  samaccountname: "account name",
  physicaldeliveryofficename: "office",
};

/** The words for a directory attribute's name, or null when it has none here. */
export function directoryLabelOf(name: string): string | null {
  return LABELS[name.toLowerCase()] ?? null;
}

/** The words for an attribute's name, or the name itself when it has none here. */
export const directoryLabel = (name: string) => directoryLabelOf(name) ?? name;
