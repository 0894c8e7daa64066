/** The part of word-extractor's API we use (the package ships no types). */
declare module "word-extractor" {
  interface WordDocument {
    getBody(): string;
    getHeaders(opts?: { includeFooters?: boolean }): string;
    getFooters(): string;
    getFootnotes(): string;
    getEndnotes(): string;
    getAnnotations(): string;
  }
  export default class WordExtractor {
    extract(source: string | Buffer): Promise<WordDocument>;
  }
}
