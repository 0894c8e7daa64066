/**
 * What a photo or an image says about itself, read by ExifReader from its EXIF, GPS, IPTC and
 * XMP blocks and a PNG's text chunks: where it was taken (the GPS position a phone writes into
 * every photo), who is in it (XMP's PersonInImage, face regions' names), its title, caption,
 * keywords and comments, the place it names (city, state, country, sub-location), a scanner's
 * or an editor's document name (a path with a user's name in it). None of it is in the pixels,
 * so OCR never read it; an image was `complete` with its GPS position unread.
 *
 * Each value is a segment `part: property:<label>` (labels as the detectors' context words would
 * spell them: "gps position", "city", "description"), each label and value once (EXIF, IPTC and
 * XMP often repeat one another). Left out, as a document's author is (properties.ts): who made
 * or owns the image (artist, creator, by-line, copyright, the camera owner's name, the creator's
 * contact details), and the camera's settings. A block that does not parse gives nothing: the
 * metadata is a bonus, never a failure.
 */
import { inflateSync } from "node:zlib";
import ExifReader from "exifreader";
import type { Ctx, Scope } from "../context.ts";
import { emitChunks } from "./text.ts";

/** A compressed PNG text chunk inflates to at most this. */
const MAX_INFLATED = 1 << 20;

/** The labels of the values read, by block and tag name (ExifReader's names; XMP's local names). */
const EXIF: Readonly<Record<string, string>> = {
  ImageDescription: "description",
  UserComment: "comment",
  XPTitle: "title",
  XPComment: "comment",
  XPKeywords: "keywords",
  XPSubject: "subject",
  DocumentName: "document name",
};
const IPTC: Readonly<Record<string, string>> = {
  "Object Name": "title",
  "Caption/Abstract": "description",
  Headline: "headline",
  Keywords: "keywords",
  "Special Instructions": "instructions",
  City: "city",
  "Sub-location": "sub-location",
  "Province/State": "state",
  "Country/Primary Location Name": "country",
};
const XMP: Readonly<Record<string, string>> = {
  title: "title",
  description: "description",
  subject: "keywords",
  Headline: "headline",
  Instructions: "instructions",
  City: "city",
  State: "state",
  Country: "country",
  Location: "sub-location",
  PersonInImage: "person shown",
  LastKeywordXMP: "keywords",
};
/**
 * PNG text chunks read: of the PNG specification's keywords, those about what the image shows
 * (not Author, Copyright, Software, Source, Creation Time, Disclaimer, Warning); other writers'
 * keywords are their settings ("date:modify", "jpeg:colorspace") or data ("mxfile").
 */
const PNG_TEXT = new Set(["title", "description", "comment"]);
/** Face regions' names: MWG's (`mwg-rs:Name`) and Windows Photo Gallery's (`MPRI:PersonDisplayName`). */
const FACE_NAMES = new Set(["Name", "PersonDisplayName"]);

type Tag = { description?: unknown; value?: unknown } | Tag[] | undefined;

/** A tag's text: its description, a list's descriptions joined; "" for none. */
function textOf(tag: Tag): string {
  if (Array.isArray(tag)) return tag.map(textOf).filter(Boolean).join(", ");
  const d = tag?.description;
  if (typeof d !== "string") return typeof d === "number" ? String(d) : "";
  // (ExifReader's word for a comment of no known character set, not the comment)
  return d === "Undefined" ? "" : d.replace(/\0+$/, "").trim();
}

/** The names in face regions (XMP RegionInfo / Regions), wherever they nest. */
function faceNames(v: unknown, out: string[], depth = 0): void {
  if (depth > 12 || v === null || typeof v !== "object") return;
  if (Array.isArray(v)) {
    for (const x of v) faceNames(x, out, depth + 1);
    return;
  }
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
    if (FACE_NAMES.has(k) && typeof (x as { description?: unknown } | null)?.description === "string") out.push(textOf(x as Tag));
    else faceNames(k === "value" || typeof x === "object" ? x : null, out, depth + 1);
  }
}

/** [label, value] pairs of an image's metadata, each once, in block order (EXIF, GPS, IPTC, XMP, PNG text). */
export function imageMetadata(bytes: Uint8Array): Array<[string, string]> {
  let tags: ExifReader.ExpandedTags;
  try {
    tags = ExifReader.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      expanded: true,
      includeUnknown: false,
      decompress: { deflate: (d) => inflateSync(d, { maxOutputLength: MAX_INFLATED }), maxDecompressedSize: MAX_INFLATED },
    });
  } catch {
    return [];
  }
  const out: Array<[string, string]> = [];
  const seen = new Set<string>();
  const add = (label: string, value: string) => {
    const key = `${label}\u0000${value}`;
    if (value === "" || seen.has(key)) return;
    seen.add(key);
    out.push([label, value]);
  };
  const groups = tags as unknown as Record<string, Record<string, Tag> | undefined>;
  for (const [name, label] of Object.entries(EXIF)) add(label, textOf(groups.exif?.[name]));
  const gps = groups.gps as { Latitude?: unknown; Longitude?: unknown } | undefined;
  if (typeof gps?.Latitude === "number" && typeof gps.Longitude === "number" && Number.isFinite(gps.Latitude) && Number.isFinite(gps.Longitude)) {
    add("gps position", `${gps.Latitude.toFixed(6)}, ${gps.Longitude.toFixed(6)}`);
  }
  for (const [name, label] of Object.entries(IPTC)) add(label, textOf(groups.iptc?.[name]));
  for (const [name, label] of Object.entries(XMP)) add(label, textOf(groups.xmp?.[name]));
  const faces: string[] = [];
  for (const region of ["RegionInfo", "Regions"]) faceNames(groups.xmp?.[region], faces);
  for (const f of faces) add("person shown", f);
  for (const [name, tag] of Object.entries(groups.pngText ?? {})) if (PNG_TEXT.has(name.toLowerCase())) add(name.toLowerCase(), textOf(tag));
  return out;
}

/** Emits an image's metadata as segments `part: property:<label>`; how many. */
export function emitImageMetadata(ctx: Ctx, scope: Scope, bytes: Uint8Array): number {
  const pairs = imageMetadata(bytes);
  for (const [label, value] of pairs) emitChunks(ctx, scope, value, { part: `property:${label}` });
  return pairs.length;
}
