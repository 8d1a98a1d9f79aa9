import { crc32, deflateRawSync, deflateSync } from "node:zlib";

/**
 * Small but well-formed résumé files for tests: a one-page PDF, a Word .docx (a ZIP package) and a
 * Word 97 .doc (a compound file with a WordDocument stream), built byte by byte.
 */

export interface PdfOptions {
  /** Entries added to the document catalog, e.g. an /OpenAction. */
  catalog?: string;
  /** Objects added after the page's own, numbered from 6. */
  objects?: string[];
}

/** A one-page PDF; `catalog` and `objects` put more into it (actions, annotations, object streams). */
export function pdfDocument(text = "Jane Doe - Curriculum Vitae", options: PdfOptions = {}): Buffer {
  const content = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, "\\$&")}) Tj ET`;
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R${options.catalog ? ` ${options.catalog}` : ""} >>`,
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ...(options.objects ?? []),
  ];
  let body = "%PDF-1.5\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/**
 * An object stream (PDF 1.5) holding `objects`, numbered from `firstNumber`, compressed as writers
 * do unless `filter` names another coding; `data` replaces the compressed bytes (a bomb, say).
 */
export function objectStream(objects: string[], options: { firstNumber?: number; filter?: string; data?: Buffer } = {}): string {
  const first = options.firstNumber ?? 7;
  let offsets = "";
  let bodies = "";
  objects.forEach((object, i) => {
    offsets += `${first + i} ${bodies.length} `;
    bodies += `${object}\n`;
  });
  const data = options.data ?? (options.filter ? Buffer.from(offsets + bodies, "latin1") : deflateSync(Buffer.from(offsets + bodies, "latin1")));
  const filter = options.filter ?? "/FlateDecode";
  return `<< /Type /ObjStm /N ${objects.length} /First ${offsets.length} /Filter ${filter} /Length ${data.length} >>\nstream\n${data.toString("latin1")}\nendstream`;
}

/**
 * A one-page PDF of exactly `size` bytes, as a scanned résumé is: most of it one picture, whose
 * pixels are random so that nothing on the way (compression, TOAST) makes it smaller than it is.
 * The pixels never hold "/", so no run of them reads as a PDF name such as /JS.
 */
export function scannedPdfDocument(size: number, seed = 1): Buffer {
  const page = "BT /F1 18 Tf 72 720 Td (Scanned Curriculum Vitae) Tj ET q 468 0 0 300 72 380 cm /Im1 Do Q";
  const pictureObject = (length: number) =>
    `<< /Type /XObject /Subtype /Image /Width ${length} /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length ${length} >>\nstream\n`;
  const head = (length: number) =>
    "%PDF-1.4\n" +
    "1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n" +
    "2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n" +
    "3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> /XObject << /Im1 6 0 R >> >> >>\nendobj\n" +
    `4 0 obj\n<< /Length ${page.length} >>\nstream\n${page}\nendstream\nendobj\n` +
    "5 0 obj\n<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>\nendobj\n" +
    `6 0 obj\n${pictureObject(length)}`;
  const endPicture = "\nendstream\nendobj\n";
  const tail = (before: string, pixels: number) =>
    endPicture +
    `xref\n0 7\n0000000000 65535 f \n${[1, 2, 3, 4, 5, 6].map((n) => `${String(before.indexOf(`${n} 0 obj`)).padStart(10, "0")} 00000 n \n`).join("")}` +
    `trailer\n<< /Size 7 /Root 1 0 R >>\nstartxref\n${before.length + pixels + endPicture.length}\n%%EOF\n`;
  // The picture's length is written in the file itself, so it is found by trying: the digits settle within a few rounds.
  let pixels = size;
  for (let round = 0; round < 4; round++) pixels = size - head(pixels).length - tail(head(pixels), pixels).length;
  const before = head(pixels);
  const picture = Buffer.alloc(pixels);
  let state = seed >>> 0 || 1;
  for (let i = 0; i < pixels; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    const byte = state & 0xff;
    picture[i] = byte === 0x2f ? 0x30 : byte;
  }
  const document = Buffer.concat([Buffer.from(before, "latin1"), picture, Buffer.from(tail(before, pixels), "latin1")]);
  if (document.length !== size) throw new Error(`scannedPdfDocument made ${document.length} bytes, not ${size}`);
  return document;
}

/** A ZIP archive with stored (uncompressed) entries, or deflated ones as Word writes them. */
export function zipArchive(entries: Record<string, string | Buffer>, options: { deflate?: boolean; claimedSize?: number } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name, "utf8");
    const plain = Buffer.from(content);
    const data = options.deflate ? deflateRawSync(plain) : plain;
    const method = options.deflate ? 8 : 0;
    const crc = crc32(plain);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    // A lying archive claims the same small size for every entry, in both of its records.
    const claimed = options.claimedSize ?? plain.length;
    local.writeUInt32LE(claimed, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(claimed, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const WORD_MAIN = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml";

/** A Word package; `extraParts` are added beside its document (a picture, or a part built to be too big). */
export function docxDocument(
  text = "Jane Doe - Curriculum Vitae",
  options: { extraParts?: Record<string, string | Buffer>; deflate?: boolean; claimedSize?: number } = {},
): Buffer {
  return zipArchive(
    {
      "[Content_Types].xml":
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
        `<Override PartName="/word/document.xml" ContentType="${WORD_MAIN}"/></Types>`,
      "_rels/.rels":
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      "word/document.xml":
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
        `<w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`,
      ...options.extraParts,
    },
    { deflate: options.deflate, claimedSize: options.claimedSize },
  );
}

const FREE = 0xffffffff;
const END_OF_CHAIN = 0xfffffffe;

function directoryEntry(name: string, type: number, child: number, start: number, size: number): Buffer {
  const entry = Buffer.alloc(128);
  if (!name) {
    entry.writeUInt32LE(FREE, 68);
    entry.writeUInt32LE(FREE, 72);
    entry.writeUInt32LE(FREE, 76);
    return entry;
  }
  entry.write(`${name}\0`, 0, "utf16le");
  entry.writeUInt16LE((name.length + 1) * 2, 64);
  entry.writeUInt8(type, 66);
  entry.writeUInt8(1, 67); // black
  entry.writeUInt32LE(FREE, 68);
  entry.writeUInt32LE(FREE, 72);
  entry.writeUInt32LE(child, 76);
  entry.writeUInt32LE(start, 116);
  entry.writeUInt32LE(size, 120);
  return entry;
}

/**
 * A compound file (version 3, 512-byte sectors) with a root storage and one 4 KB stream, named
 * WordDocument for a .doc; another name makes it look like a different Office 97 document.
 */
export function compoundDocument(streamName = "WordDocument"): Buffer {
  const SECTOR = 512;
  const streamSectors = 8; // 4096 bytes: at the mini-stream cut-off, so it lives in regular sectors
  const header = Buffer.alloc(SECTOR);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x3e, 0x18);
  header.writeUInt16LE(3, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(9, 0x1e);
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(1, 0x2c); // one FAT sector
  header.writeUInt32LE(1, 0x30); // directory in sector 1
  header.writeUInt32LE(4096, 0x38);
  header.writeUInt32LE(END_OF_CHAIN, 0x3c);
  header.writeUInt32LE(END_OF_CHAIN, 0x44);
  header.writeUInt32LE(0, 0x4c); // the FAT is sector 0
  for (let i = 1; i < 109; i++) header.writeUInt32LE(FREE, 0x4c + i * 4);

  const fat = Buffer.alloc(SECTOR, 0xff);
  fat.writeUInt32LE(0xfffffffd, 0); // FAT sector
  fat.writeUInt32LE(END_OF_CHAIN, 4); // directory
  for (let i = 0; i < streamSectors; i++) fat.writeUInt32LE(i === streamSectors - 1 ? END_OF_CHAIN : 3 + i, (2 + i) * 4);

  const directory = Buffer.concat([
    directoryEntry("Root Entry", 5, 1, END_OF_CHAIN, 0),
    directoryEntry(streamName, 2, FREE, 2, streamSectors * SECTOR),
    directoryEntry("", 0, FREE, 0, 0),
    directoryEntry("", 0, FREE, 0, 0),
  ]);

  const stream = Buffer.alloc(streamSectors * SECTOR);
  stream.writeUInt16LE(0xa5ec, 0); // the Word file information block's magic number
  stream.writeUInt16LE(0x00c1, 2);
  return Buffer.concat([header, fat, directory, stream]);
}
