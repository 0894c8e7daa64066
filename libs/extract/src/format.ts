import type { Ctx, Scope } from "./context.ts";

/**
 * One format family: which detected kinds it reads, which library it uses, and how. A handler emits
 * segments through ctx.emit, records reasons through ctx.reason, recurses into members through
 * ctx.recurse, and throws on a corrupt file (the caller turns that into `failed` / reason `corrupt`).
 */
export interface Format {
  /** Detected kinds this handler reads (see detect.ts). */
  kinds: readonly string[];
  /** The library doing the parsing, for the README and reasons. */
  library: string;
  extract(bytes: Uint8Array, scope: Scope, ctx: Ctx, info: { filename: string; kind: string }): Promise<void>;
}

/** Result of a handler for kinds that have no text: the caller marks the file unsupported. */
export class NoText extends Error {}
