/**
 * htmlparser2 with a bound on nesting. The parser keeps its open elements in an array that it
 * adds to and takes from at the front, one step per open element: each tag costs as much as the
 * document is deep, and a part of 333,000 unclosed `<a>` took 46 s. No document nests a
 * thousandth as deep as that. Past MAX_DEPTH open elements the parser stops; `stoppedAt` says
 * where, for a caller that reads the rest another way (`markupText` reads it flat).
 */
import { Parser, type Handler, type ParserOptions } from "htmlparser2";

export const MAX_DEPTH = 1024;
class TooDeep extends Error {}

export interface BoundedParser {
  write(chunk: string): void;
  end(): void;
  /** Where in the written text the parser stopped, too deep; null while it reads on. */
  readonly stoppedAt: number | null;
}

export function boundedParser(handler: Partial<Handler>, options: ParserOptions): BoundedParser {
  let depth = 0;
  let stoppedAt: number | null = null;
  const parser = new Parser(
    {
      ...handler,
      onopentag(name, attribs, implied) {
        if (++depth > MAX_DEPTH) throw new TooDeep();
        handler.onopentag?.(name, attribs, implied);
      },
      onclosetag(name, implied) {
        depth--;
        handler.onclosetag?.(name, implied);
      },
    },
    options,
  );
  const guarded = (step: () => void) => {
    if (stoppedAt !== null) return;
    try {
      step();
    } catch (e) {
      if (!(e instanceof TooDeep)) throw e;
      stoppedAt = parser.startIndex;
    }
  };
  return {
    write: (chunk) => guarded(() => parser.write(chunk)),
    end: () => guarded(() => parser.end()),
    get stoppedAt() {
      return stoppedAt;
    },
  };
}
