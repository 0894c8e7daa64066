import type { Detector } from "../core/types.ts";
import { bounded } from "../core/regex.ts";
import { allSame, digitsOf } from "../core/checksums.ts";
import { OTHER_NUMBER_LABELS } from "../core/context.ts";

function cpfDigit(d: string, len: number): number {
  let sum = 0;
  for (let i = 0; i < len; i++) sum += Number(d[i]) * (len + 1 - i);
  const r = (sum * 10) % 11;
  return r === 10 ? 0 : r;
}

/** CPF: 9 digits and two mod-11 check digits; repeated digits are not issued. */
export function cpfValid(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 11 || allSame(d)) return false;
  return cpfDigit(d, 9) === Number(d[9]) && cpfDigit(d, 10) === Number(d[10]);
}

export const brCpf: Detector = {
  id: "br_cpf",
  type: "BR_CPF",
  area: "br",
  category: "government_id",
  description: "Brazilian CPF (two mod-11 check digits)",
  patterns: [
    { name: "000.000.000-00", regex: bounded(String.raw`\d{3}\.\d{3}\.\d{3}-\d{2}`), score: 0.5 },
    { name: "11 digits", regex: bounded(String.raw`\d{11}`), score: 0.1 },
  ],
  context: ["cpf", "cadastro de pessoas físicas", "cadastro", "contribuinte", "receita federal"],
  // Eleven digits: an order number passes the two check digits once in a hundred.
  negativeContext: [...OTHER_NUMBER_LABELS, "phone"],
  prefilter: { minDigits: 11 },
  chance: 1 / 80, // two mod-11 check digits (0 stands for 10 too, so it comes up more often)
  // A bare run passes the two check digits by chance once in a hundred (ids, account and order
  // numbers, other countries' eleven-digit numbers): it is a CPF under a CPF cue (a word near it or
  // its column), not alone.
  validate: (value) => (cpfValid(value) ? { validation: "cpf_mod11", score: value.includes(".") ? 0.85 : 0.3 } : false),
};
