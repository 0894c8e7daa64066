/**
 * A ZIP read member by member from its local headers, front to back, as a streaming reader reads
 * it: for an archive whose central directory is missing (a file cut short, a download or a copy
 * that stopped: its first members are whole, and they are what yauzl, which starts from the end,
 * cannot reach) or whose directory points to the wrong places (a writer that left its members'
 * data descriptors out of its offsets: Tika's testZip_with_DataDescriptor.zip).
 *
 * Where a member ends: for deflate, where its stream ends (zlib says how many bytes it read); for
 * a stored member, its declared size, or, when a data descriptor follows it instead, the first
 * descriptor whose compressed size is the bytes before it. A member cut short by the file's end
 * is read as far as it came, and said so.
 */
import { Readable } from "node:stream";
import { constants, createInflateRaw } from "node:zlib";
import iconv from "iconv-lite";
import { childPath, childScope, Stop, type Ctx, type Scope } from "../context.ts";
import { declaredProblem, isTraversal, keptBefore, LimitHit, readBounded, UNSAFE_NAME } from "./archive-util.ts";

const LOCAL_HEADER = 0x04034b50;
const DESCRIPTOR = 0x08074b50;
const LOCAL_HEADER_LEN = 30;

/** A member as its local header describes it, and where its data starts. */
interface LocalMember {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  size: number;
  dataStart: number;
}

function localMember(b: Buffer, at: number): LocalMember | null {
  if (at + LOCAL_HEADER_LEN > b.byteLength || b.readUInt32LE(at) !== LOCAL_HEADER) return null;
  const flags = b.readUInt16LE(at + 6);
  const nameLength = b.readUInt16LE(at + 26);
  const raw = b.subarray(at + LOCAL_HEADER_LEN, at + LOCAL_HEADER_LEN + nameLength);
  return {
    name: flags & 0x800 ? raw.toString("utf8") : iconv.decode(raw, "cp437"),
    flags,
    method: b.readUInt16LE(at + 8),
    compressedSize: b.readUInt32LE(at + 18),
    size: b.readUInt32LE(at + 22),
    dataStart: at + LOCAL_HEADER_LEN + nameLength + b.readUInt16LE(at + 28),
  };
}

/**
 * Where a member with a data descriptor ends, found without reading it: the first descriptor (its
 * signature written) that gives the bytes before it as the member's compressed size; -1 when none does.
 */
function descriptorAt(b: Buffer, dataStart: number): number {
  for (let at = b.indexOf("PK\x07\x08", dataStart, "latin1"); at >= 0; at = b.indexOf("PK\x07\x08", at + 1, "latin1")) {
    if (at + 16 <= b.byteLength && b.readUInt32LE(at + 8) === at - dataStart) return at;
  }
  return -1;
}

/**
 * The bytes after a member's data: its data descriptor, with or without its signature, of 4-byte
 * sizes or of ZIP64's 8-byte ones (12, 16, 20 or 24 bytes). The one after which a header, the
 * central directory or the file's end comes.
 */
function descriptorLength(b: Buffer, at: number): number {
  const signed = at + 4 <= b.byteLength && b.readUInt32LE(at) === DESCRIPTOR ? 4 : 0;
  const next = (o: number) => o >= b.byteLength || (o + 4 <= b.byteLength && b.readUInt16LE(o) === 0x4b50);
  return next(at + signed + 12) || !next(at + signed + 20) ? signed + 12 : signed + 20;
}

/** Inflates a deflate stream starting at `start`, bounded as every member is; with how many bytes of `b` it read. */
async function inflateFrom(b: Buffer, start: number, declaredCompressed: number | null, ctx: Ctx): Promise<{ content: Buffer; read: number }> {
  // (a stream cut short gives what it inflated, with no error: Z_SYNC_FLUSH at the input's end)
  const inflate = createInflateRaw({ finishFlush: constants.Z_SYNC_FLUSH });
  const content = await readBounded(Readable.from([b.subarray(start)]).pipe(inflate), ctx, declaredCompressed ?? b.byteLength - start);
  return { content, read: inflate.bytesWritten };
}

/** What is done with a member read: by default it is read as a file of its own (ctx.recurse), a member cut short said so. */
export type OnMember = (name: string, content: Buffer, cut: boolean) => Promise<void>;

/**
 * Reads the members whose local headers follow one another from `from`: all of them, or those
 * named in `only` (the members the central directory could not find). Returns the names read.
 */
export async function readLocalHeaders(b: Buffer, from: number, scope: Scope, ctx: Ctx, only: ReadonlySet<string> | null, onMember?: OnMember): Promise<Set<string>> {
  const use: OnMember =
    onMember ??
    (async (name, content, cut) => {
      if (cut) ctx.reason("corrupt", "zip entry: cut short by the file's end; read as far as it came", childPath(scope, name));
      await ctx.recurse(content, name.split("/").pop() ?? name, childScope(scope, name));
    });
  const read = new Set<string>();
  for (let at = from, m = localMember(b, at); m !== null; m = localMember(b, at)) {
    ctx.checkTime();
    const where = childPath(scope, m.name);
    const descriptor = (m.flags & 0x08) !== 0;
    const wanted = !m.name.endsWith("/") && (only === null || only.has(m.name));
    if (wanted && !ctx.takeEntry(where)) break;
    const problem = !wanted
      ? null
      : m.flags & 0x01
        ? new LimitHit("encrypted", "encrypted entry (ZipCrypto)")
        : m.method !== 0 && m.method !== 8
          ? new LimitHit("unsupported_type", `zip entry: method ${m.method}, read from its local header`)
          : descriptor
            ? null
            : declaredProblem(ctx, m.size, m.compressedSize);
    if (wanted) read.add(m.name);
    if (problem) ctx.reason(problem.code, problem.message, where);
    const readIt = wanted && problem === null;
    if (readIt && isTraversal(m.name)) ctx.reason(...UNSAFE_NAME, where);
    // Its end: where its deflate stream ends, when it is read; else its declared size, or its descriptor.
    let end = descriptor ? descriptorAt(b, m.dataStart) : m.dataStart + m.compressedSize;
    let content: Buffer | null = null;
    if (readIt && m.method === 8) {
      try {
        const inflated = await inflateFrom(b, m.dataStart, descriptor ? null : m.compressedSize, ctx);
        end = m.dataStart + inflated.read;
        content = inflated.content;
      } catch (err) {
        if (!(err instanceof LimitHit)) {
          ctx.reason("corrupt", `zip entry: ${(err as Error).message}`, where);
        } else {
          if (err.code === "limit_time") throw new Stop(err.code, err.message);
          content = keptBefore(ctx, err, where);
        }
      }
    } else if (readIt) {
      content = b.subarray(m.dataStart, end < 0 ? b.byteLength : Math.min(end, b.byteLength));
      const over = declaredProblem(ctx, content.byteLength, content.byteLength);
      if (over) {
        ctx.reason(over.code, over.message, where);
        content = null;
      } else ctx.totalBytes += content.byteLength;
    }
    // Cut short: its declared size runs past the file's end, or no descriptor follows it.
    const cut = descriptor ? end < 0 || end + 12 > b.byteLength : m.dataStart + m.compressedSize > b.byteLength;
    if (content !== null) await use(m.name, content, cut);
    if (cut) break;
    at = end + (descriptor ? descriptorLength(b, end) : 0);
  }
  return read;
}
