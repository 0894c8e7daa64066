/**
 * Office files encrypted with the password Excel supplies itself. Excel encrypts a workbook that
 * has only a password to modify or a protected structure with "VelvetSweatshop" ([MS-OFFCRYPTO]
 * 2.3.6.1 for XLS; it does the same for OOXML), and opens it without asking: anyone who can open
 * the file reads it, so its contents are no secret and are read here. Any other password leaves
 * the file encrypted (`partial`, reason `encrypted`). Decryption is officecrypto-tool's (ECMA-376
 * agile and standard encryption; XLS RC4, RC4 CryptoAPI and XOR obfuscation).
 *
 * Trying the password costs what the file asks for: agile encryption hashes it `spinCount`
 * times (Office writes 100,000, about 0.3 s here); a file that asks for more than
 * MAX_SPIN_COUNT is not tried.
 */
import CFB from "cfb";
import { readCfb } from "../ole-scan.ts";
import officeCrypto from "officecrypto-tool";

/** The password Excel encrypts with when the user gave none to open the file. */
export const EXCEL_BUILT_IN_PASSWORD = "VelvetSweatshop";

/** Ten times what Office writes; [MS-OFFCRYPTO] allows up to 10,000,000 (about 30 s here). */
const MAX_SPIN_COUNT = 1_000_000;

/** The spin count an agile EncryptionInfo stream asks for (0 when it names none: standard encryption, XLS). */
function spinCount(file: Buffer): number {
  const info = CFB.find(readCfb(file), "/EncryptionInfo")?.content;
  if (!info) return 0;
  const m = /spinCount="(\d+)"/.exec(Buffer.from(info as Uint8Array).toString("latin1"));
  return m ? Number(m[1]) : 0;
}

/**
 * The plaintext of an encrypted OOXML package (its EncryptionInfo and EncryptedPackage streams)
 * or XLS when Excel's built-in password opens it, else null: another password, a scheme the
 * library does not know, a damaged container.
 */
export async function openedWithBuiltInPassword(file: Buffer): Promise<Buffer | null> {
  try {
    if (spinCount(file) > MAX_SPIN_COUNT) return null;
    const plain = await officeCrypto.decrypt(file, { password: EXCEL_BUILT_IN_PASSWORD });
    return plain.length > 0 && plain !== file ? plain : null;
  } catch {
    return null;
  }
}
