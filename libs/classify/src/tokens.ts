/**
 * A conservative token estimate that never needs the model's tokenizer: it must not undercount
 * for any tokenizer we may talk to. Digits and punctuation count one token each (many tokenizers,
 * SmolLM2's and Llama 3's among them, split numbers into short groups or single digits), letters
 * and spaces one per three characters, and every non-ASCII UTF-16 unit two tokens (byte-level
 * BPE spends up to four bytes per character). The integration test checks it against the real
 * tokenizer's count.
 */
export function estimateTokens(text: string): number {
  let letters = 0;
  let singles = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) singles += 2;
    else if ((c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x20) letters++;
    else singles++;
  }
  return singles + Math.ceil(letters / 3);
}
