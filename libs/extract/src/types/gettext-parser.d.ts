declare module "gettext-parser" {
  /** One message of a catalog: its original (and plural), its translations, its context. */
  export interface GetTextTranslation {
    msgctxt?: string;
    msgid: string;
    msgid_plural?: string;
    msgstr: string[];
  }
  /** A catalog: its charset, its header's fields, its messages by context and original. */
  export interface GetTextTranslations {
    charset: string;
    headers: Record<string, string>;
    translations: Record<string, Record<string, GetTextTranslation>>;
  }
  export const mo: {
    /** Reads a compiled catalog (`.mo`); throws on a buffer that is none. */
    parse(buffer: Buffer, defaultCharset?: string): GetTextTranslations;
    compile(table: GetTextTranslations): Buffer;
  };
  export const po: {
    parse(input: string | Buffer, defaultCharset?: string): GetTextTranslations;
    compile(table: GetTextTranslations): Buffer;
  };
  const gettextParser: { mo: typeof mo; po: typeof po };
  export default gettextParser;
}
