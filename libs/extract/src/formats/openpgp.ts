import { Encrypted } from "../context.ts";
import type { Format } from "../format.ts";

/**
 * An ASCII-armoured OpenPGP message (`-----BEGIN PGP MESSAGE-----`): its text is base64 of
 * ciphertext, so nothing in it can be read without the key. It is reported like a
 * password-protected archive (reason `encrypted`, status `partial`), not as an unknown type.
 */
export const openpgpFormat: Format = {
  kinds: ["pgp"],
  library: "none (recognised by file-type)",
  async extract() {
    throw new Encrypted("OpenPGP-encrypted message (ASCII armour); no text without the key");
  },
};
