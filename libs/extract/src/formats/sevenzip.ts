/**
 * 7z and the other archives 7-Zip reads, via 7z-wasm (7-Zip 24.09 compiled to WebAssembly): RAR
 * (4 and 5), Microsoft Cabinet, ISO 9660 and UDF images, cpio, LZH, ARJ, Unix compress (.Z),
 * compiled HTML help (CHM), RPM and Debian packages and ar archives, each named by file-type.
 * The archive lives in the module's in-memory file system (MEMFS); nothing reaches the disk.
 * Sizes and encryption come from `7z l -slt` before anything is extracted.
 */
import SevenZipModule from "7z-wasm";
import type { SevenZipModuleFactory } from "7z-wasm";
import { childPath, childScope, Encrypted, type Ctx, type Scope } from "../context.ts";
import type { Format } from "../format.ts";
import { declaredProblem, isTraversal, UNSAFE_NAME } from "./archive-util.ts";

interface Item {
  path: string;
  size: number;
  encrypted: boolean;
  folder: boolean;
}

function parseListing(lines: string[]): Item[] {
  const items: Item[] = [];
  let cur: Partial<Item> & { started?: boolean } = {};
  let inBody = false;
  // (a single-stream format's one item has no Path line: `.Z` lists only its packed size; it is "")
  const flush = () => {
    if (cur.started) items.push({ path: cur.path ?? "", size: cur.size ?? 0, encrypted: cur.encrypted ?? false, folder: cur.folder ?? false });
    cur = {};
  };
  for (const line of lines) {
    if (line.startsWith("----------")) {
      inBody = true;
      continue;
    }
    if (!inBody) continue;
    const m = /^([\w ]+?) = (.*)$/.exec(line);
    if (!m) {
      if (line.trim() === "") flush();
      continue;
    }
    const [, k, v] = m as unknown as [string, string, string];
    if (k === "Path") flush();
    cur.started = true;
    if (k === "Path") cur.path = v;
    else if (k === "Size") cur.size = Number(v) || 0;
    else if (k === "Encrypted") cur.encrypted = v === "+";
    else if (k === "Folder") cur.folder = v === "+";
    else if (k === "Attributes" && v.startsWith("D")) cur.folder = true;
  }
  flush();
  return items;
}

/**
 * The archive's own errors and warnings in a listing: the lines under "ERRORS:" or "WARNINGS:"
 * before the items ("Unexpected end of archive" of a cut RAR, cabinet or image, "There are data
 * after the end of archive"). 7-Zip still lists what it could read.
 */
export function archiveProblems(lines: string[]): string[] {
  const problems: string[] = [];
  let inProblems = false;
  for (const line of lines) {
    if (line.startsWith("----------")) break;
    if (line === "ERRORS:" || line === "WARNINGS:") inProblems = true;
    else if (inProblems && line.trim() !== "" && !/ = /.test(line)) problems.push(line.trim());
    else inProblems = false;
  }
  return problems;
}

/**
 * The listed items that are files to read. A folder is not always said to be one (a CHM's are
 * listed as empty items): one that holds others is a folder. A CHM's own index and system files
 * ("#SYSTEM", "$FIftiMain", "$WWKeywordLinks/Map") are no one's text, its pages are; each was an
 * unsupported member, and each folder a member that "could not be extracted", which made every
 * help file `partial`.
 */
export function memberFiles<T extends { path: string; folder: boolean }>(listed: readonly T[], kind: string): T[] {
  const folders = new Set(listed.flatMap((i) => i.path.split("/").slice(0, -1).map((_, k, parts) => parts.slice(0, k + 1).join("/"))));
  return listed.filter((i) => !i.folder && !folders.has(i.path) && !(kind === "chm" && /^[#$:]/.test(i.path)));
}

/**
 * 7-Zip's error for an archive it cannot open, without the name the file had inside it: "ERROR:
 * /in.7z : /in.7z Open ERROR: Cannot open the file as [7z] archive" says "Cannot open the file as
 * [7z] archive".
 */
export function sevenZipError(lines: readonly string[], input: string): string {
  return lines
    .filter((l) => l.trim())
    .slice(0, 2)
    .join(" ")
    .split(`${input} : `)
    .join("")
    .split(`${input} Open `)
    .join("")
    .replace(/\bERROR: /g, "")
    .trim();
}

/** A member 7-Zip could not extract whole: "ERROR: Data Error : notes.txt", "ERROR: CRC Failed : a/b.csv". */
const MEMBER_ERROR = /^ERROR: (.+?) : (.+)$/;

/** The 7zAES coder id (06 F1 07 01) in the archive's (encoded) header: its names are encrypted. */
function hasAesCoder(b: Uint8Array): boolean {
  const tail = b.subarray(Math.max(0, b.length - 65536));
  for (let i = 0; i + 3 < tail.length; i++) if (tail[i] === 0x06 && tail[i + 1] === 0xf1 && tail[i + 2] === 0x07 && tail[i + 3] === 0x01) return true;
  return false;
}

/**
 * 7-Zip's handler forced for kinds whose handler would otherwise open the package's main member
 * in its place: a Debian package listed as its data.tar.xz alone (its control member, with the
 * maintainer, unseen), an RPM as its payload.
 */
const FORCED_TYPE: Record<string, string> = { deb: "-tAr", ar: "-tAr", rpm: "-tRpm" };

/** A name that leaves the root as 7-Zip writes it under its output: "\\" as "/", a drive, leading "/", "." and ".." dropped. */
export function outsideName(name: string): string {
  return name
    .replace(/\\/g, "/")
    .replace(/^[A-Za-z]:/, "")
    .split("/")
    .filter((p) => p !== "" && p !== "." && p !== "..")
    .join("/");
}

/** The kinds (file-type's extensions) this format reads. */
export const SEVEN_ZIP_KINDS = ["7z", "rar", "cab", "iso", "cpio", "lzh", "arj", "Z", "chm", "rpm", "deb", "ar"];

export const sevenZipFormat: Format = {
  kinds: SEVEN_ZIP_KINDS,
  library: "7z-wasm",
  extract: (bytes, scope, ctx, { kind, filename }) => readWith7Zip(bytes, scope, ctx, kind, undefined, filename),
};

/**
 * Reads an archive's members with 7-Zip: all of them, or only those named in `only` (a ZIP's
 * members in a method yauzl cannot inflate: implode, deflate64, bzip2, LZMA, zstd, xz, PPMd),
 * which the caller has already counted and checked.
 */
export async function readWith7Zip(bytes: Uint8Array, scope: Scope, ctx: Ctx, kind: string, only?: ReadonlySet<string>, filename = "data"): Promise<void> {
  const out: string[] = [];
  const err: string[] = [];
  const SevenZip = SevenZipModule as unknown as SevenZipModuleFactory; // CJS default export
  const sz = await SevenZip({ print: (s: string) => out.push(s), printErr: (s: string) => err.push(s), stdin: () => null as unknown as number });
  // (named by its kind: 7-Zip tries the handler of the name's extension first)
  const input = `/in.${kind}`;
  const typeArg = FORCED_TYPE[kind] === undefined ? [] : [FORCED_TYPE[kind]];
  sz.FS.writeFile(input, bytes);
  // A dummy password: 7-Zip must never prompt (there is no stdin), a wrong one fails fast.
  let threw = false;
  try {
    sz.callMain(["l", "-slt", "-pX", ...typeArg, input]);
  } catch {
    threw = true; // 7-Zip's C++ exceptions surface as a thrown number
  }
  const listing = memberFiles(parseListing(out), kind).filter((i) => only === undefined || only.has(i.path));
  if (listing.length === 0 && (threw || err.length > 0)) {
    if ((kind === "7z" && hasAesCoder(bytes)) || /password|encrypted/i.test(err.join("\n"))) throw new Encrypted(`${kind} archive with encrypted headers`);
    throw new Error(sevenZipError(err, input) || `${kind} listing failed`);
  }
  for (const problem of archiveProblems(out)) ctx.reason("corrupt", `${kind}: ${problem}; what could be read was`, scope.path);
  const wanted: Item[] = [];
  /** Where 7-Zip puts a member whose name leaves the root: under the output, its "..", "." and leading "/" dropped. */
  const outOf = new Map<Item, string>();
  const plain = new Set(listing.filter((it) => !isTraversal(it.path)).map((it) => it.path));
  const mapped = new Map<string, number>();
  for (const it of listing) if (isTraversal(it.path)) mapped.set(outsideName(it.path), (mapped.get(outsideName(it.path)) ?? 0) + 1);
  let declared = 0;
  for (const it of listing) {
    const where = childPath(scope, it.path);
    if (only === undefined && !ctx.takeEntry(where)) break;
    if (isTraversal(it.path)) {
      // Read from where 7-Zip put it, when that is its alone (else which member's bytes are there is unknown).
      const out = outsideName(it.path);
      if (out === "" || plain.has(out) || mapped.get(out)! > 1) {
        ctx.reason("path_traversal", `entry name leaves the archive root, and ${out === "" ? "names no file" : "7-Zip puts it where another member is"}; skipped`, where);
        continue;
      }
      outOf.set(it, out);
    }
    if (it.encrypted) {
      ctx.reason("encrypted", "encrypted entry", where);
      continue;
    }
    declared += it.size;
    wanted.push(it);
  }
  // 7z (and RAR's solid mode, a cabinet's folders) compresses blocks, not entries: the ratio is
  // checked over the whole archive.
  const problem = declaredProblem(ctx, declared, bytes.byteLength);
  if (problem) {
    ctx.reason(problem.code, problem.message, scope.path);
    return;
  }
  if (wanted.length === 0) return;
  ctx.checkTime();
  sz.FS.mkdir("/out");
  err.length = 0;
  try {
    // (a single-stream format's unnamed item is extracted under the input's name less its extension)
    // (the members by a list file: thousands of them as arguments, a help file's 10,000 pages,
    // extracted none)
    const names = wanted.filter((w) => w.path !== "").map((w) => w.path);
    if (names.length) sz.FS.writeFile("/members.txt", names.join("\n"));
    sz.callMain(["x", "-pX", "-y", "-bso0", "-bsp0", "-scsUTF-8", ...typeArg, "-o/out", input, ...(names.length ? ["@/members.txt"] : [])]);
  } catch {
    // partial extraction: read whatever came out
  }
  ctx.totalBytes += declared;
  // A member cut short or failing its checksum is read as far as it came, and said so.
  const damaged = new Map<string, string>();
  for (const line of err) {
    const m = MEMBER_ERROR.exec(line.trim());
    if (m) damaged.set(m[2]!, m[1]!);
  }
  for (const it of wanted) {
    ctx.checkTime();
    let content: Uint8Array;
    const out = outOf.get(it);
    try {
      content = sz.FS.readFile(`/out/${out ?? (it.path || "in")}`);
    } catch {
      if (out !== undefined) ctx.reason("path_traversal", "entry name leaves the archive root, and 7-Zip did not put it where expected; skipped", childPath(scope, it.path));
      else ctx.reason("corrupt", `${kind} entry could not be extracted`, childPath(scope, it.path));
      continue;
    }
    if (out !== undefined) ctx.reason(...UNSAFE_NAME, childPath(scope, it.path));
    const problem = damaged.get(it.path);
    if (problem !== undefined) ctx.reason("corrupt", `${kind} entry: ${problem}; read as far as it came`, childPath(scope, it.path));
    // an unnamed item (a `.Z` file's one stream) is the same file, decompressed: it keeps the
    // outer locator and its name less the extension, as gzip's does (compressed.ts)
    if (it.path === "") await ctx.recurse(content, filename.replace(/\.(?:Z|taz)$/i, (x) => (x.toLowerCase() === ".taz" ? ".tar" : "")) || "data", { ...scope, depth: scope.depth + 1 });
    else await ctx.recurse(content, it.path.split("/").pop() ?? it.path, childScope(scope, it.path));
  }
}
