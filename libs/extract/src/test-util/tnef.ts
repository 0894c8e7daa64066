/**
 * A TNEF stream (winmail.dat) for the specs, written attribute by attribute ([MS-OXTNEF] 2.1.3:
 * level, id, length, data, checksum): a message body as a MAPI property list, and attachments
 * with their 8.3 title, long name (in a MAPI property list) and data.
 */
function attribute(level: number, id: number, data: Buffer): Buffer {
  const h = Buffer.alloc(9);
  h[0] = level;
  h.writeUInt32LE(id, 1);
  h.writeUInt32LE(data.length, 5);
  const sum = Buffer.alloc(2);
  sum.writeUInt16LE(data.reduce((a, x) => (a + x) & 0xffff, 0));
  return Buffer.concat([h, data, sum]);
}

/** A MAPI property list of single-valued strings (PT_UNICODE), by property id. */
function unicodeProps(props: Record<number, string>): Buffer {
  const parts: Buffer[] = [];
  const count = Buffer.alloc(4);
  count.writeUInt32LE(Object.keys(props).length);
  parts.push(count);
  for (const [id, text] of Object.entries(props)) {
    const value = Buffer.from(`${text}\0`, "utf16le");
    const head = Buffer.alloc(12);
    head.writeUInt16LE(0x001f, 0);
    head.writeUInt16LE(Number(id), 2);
    head.writeUInt32LE(1, 4);
    head.writeUInt32LE(value.length, 8);
    parts.push(head, value, Buffer.alloc(((value.length + 3) & ~3) - value.length));
  }
  return Buffer.concat(parts);
}

export function makeTnef(spec: { body?: string; attachments: Array<{ title: string; longName?: string; data: Buffer | string }> }): Buffer {
  const out: Buffer[] = [Buffer.from([0x78, 0x9f, 0x3e, 0x22, 0x01, 0x00])];
  out.push(attribute(1, 0x00089006, Buffer.from([1, 0, 0, 0]))); // attTnefVersion
  if (spec.body !== undefined) out.push(attribute(1, 0x00069003, unicodeProps({ 0x1000: spec.body })));
  for (const a of spec.attachments) {
    out.push(attribute(2, 0x00069002, Buffer.alloc(14))); // attAttachRendData: a new attachment
    out.push(attribute(2, 0x00018010, Buffer.from(`${a.title}\0`, "latin1")));
    out.push(attribute(2, 0x0006800f, Buffer.from(a.data)));
    if (a.longName) out.push(attribute(2, 0x00069005, unicodeProps({ 0x3707: a.longName })));
  }
  return Buffer.concat(out);
}
