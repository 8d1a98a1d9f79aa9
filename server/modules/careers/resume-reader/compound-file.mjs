// A compound file ([MS-CFB], the container of Word 97-2003 documents) checked before the cfb package
// reads it, and the plain text of the Word document inside.
//
// cfb follows a stream's sector chain, and the parent links of its directory, for as long as they go:
// a 2 KB file whose chain points back into itself kept it allocating until the heap ran out. Every
// chain here is followed once with a record of the sectors seen, so a loop, a chain that leaves the
// file or ends before its stream's declared size, and a directory that is not a tree are refused in
// one pass over the file.

const SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const END_OF_CHAIN = 0xfffffffe;
const FREE = 0xffffffff;
const NO_ENTRY = 0xffffffff;
const DIRECTORY_ENTRY_BYTES = 128;
const MINI_SECTOR_BYTES = 64;
/** Streams shorter than this live in the mini stream, in 64-byte sectors ([MS-CFB] 2.2). */
const MINI_STREAM_CUTOFF = 4096;
const STORAGE = 1;
const STREAM = 2;
const ROOT = 5;

class Unsound extends Error {}

/**
 * The sectors of a chain in order, from `start` through `table` (the FAT, or the mini FAT) to the end
 * of chain. A sector outside `sectorCount`, or met twice, is refused.
 */
function chainOf(table, start, sectorCount) {
  const seen = new Uint8Array(sectorCount);
  const chain = [];
  for (let sector = start; sector !== END_OF_CHAIN; sector = table[sector]) {
    if (sector >= sectorCount || sector >= table.length || seen[sector]) throw new Unsound();
    seen[sector] = 1;
    chain.push(sector);
  }
  return chain;
}

/** The bytes of a chain of regular sectors, end to end. */
function chainBytes(file, chain, sectorBytes) {
  return Buffer.concat(chain.map((sector) => file.subarray((sector + 1) * sectorBytes, (sector + 2) * sectorBytes)));
}

function uint32Table(bytes) {
  const table = new Uint32Array(Math.floor(bytes.length / 4));
  for (let i = 0; i < table.length; i++) table[i] = bytes.readUInt32LE(i * 4);
  return table;
}

/**
 * Whether the bytes are a compound file whose structure can be read without going round in circles:
 * its FAT's own sectors, its directory, every stream's chain (long enough for the stream's declared
 * size, which the file must be able to hold) and the directory's tree, each entry reached once from
 * the root and no other entry in use.
 */
export function soundCompoundFile(file) {
  try {
    checkCompoundFile(file);
    return true;
  } catch (error) {
    if (error instanceof Unsound || error instanceof RangeError) return false;
    throw error;
  }
}

function checkCompoundFile(file) {
  if (file.length < 512 || !file.subarray(0, 8).equals(SIGNATURE)) throw new Unsound();
  const version = file.readUInt16LE(0x1a);
  const sectorShift = file.readUInt16LE(0x1e);
  if (!((version === 3 && sectorShift === 9) || (version === 4 && sectorShift === 12))) throw new Unsound();
  const sectorBytes = 1 << sectorShift;
  const sectorCount = Math.max(0, Math.ceil(file.length / sectorBytes) - 1);

  // The FAT's own sectors: 109 listed in the header, the rest in the DIFAT chain, whose sectors each end with the next one's number.
  const fatSectors = [];
  const listed = (value) => value !== FREE && value !== END_OF_CHAIN;
  for (let i = 0; i < 109; i++) {
    const sector = file.readUInt32LE(0x4c + i * 4);
    if (listed(sector)) fatSectors.push(sector);
  }
  const difatSeen = new Uint8Array(sectorCount);
  for (let sector = file.readUInt32LE(0x44); listed(sector);) {
    if (sector >= sectorCount || difatSeen[sector]) throw new Unsound();
    difatSeen[sector] = 1;
    const entries = uint32Table(file.subarray((sector + 1) * sectorBytes, (sector + 2) * sectorBytes));
    for (const entry of entries.subarray(0, entries.length - 1)) if (listed(entry)) fatSectors.push(entry);
    sector = entries[entries.length - 1];
  }
  if (fatSectors.some((sector) => sector >= sectorCount)) throw new Unsound();
  const fat = uint32Table(chainBytes(file, fatSectors, sectorBytes));

  const directory = chainBytes(file, chainOf(fat, file.readUInt32LE(0x30), sectorCount), sectorBytes);
  const entryCount = Math.floor(directory.length / DIRECTORY_ENTRY_BYTES);
  const entries = Array.from({ length: entryCount }, (_, i) => {
    const at = i * DIRECTORY_ENTRY_BYTES;
    return {
      type: directory[at + 66],
      children: [directory.readUInt32LE(at + 68), directory.readUInt32LE(at + 72), directory.readUInt32LE(at + 76)],
      start: directory.readUInt32LE(at + 116),
      size: directory.readUInt32LE(at + 120),
    };
  });
  if (entries[0]?.type !== ROOT) throw new Unsound();

  // The tree: left, right and child links reach every entry at most once, never the root, and every entry in use.
  const reached = new Uint8Array(entryCount);
  reached[0] = 1;
  const waiting = [0];
  while (waiting.length > 0) {
    for (const link of entries[waiting.pop()].children) {
      if (link === NO_ENTRY) continue;
      if (link >= entryCount || reached[link]) throw new Unsound();
      reached[link] = 1;
      waiting.push(link);
    }
  }
  if (entries.some((entry, i) => !reached[i] && entry.type !== 0)) throw new Unsound();

  const sectorsFor = (size, bytes) => Math.ceil(size / bytes);
  const root = entries[0];
  if (root.size > file.length) throw new Unsound();
  const miniStreamSectors = root.size > 0 ? chainOf(fat, root.start, sectorCount) : [];
  if (miniStreamSectors.length < sectorsFor(root.size, sectorBytes)) throw new Unsound();
  const miniFatStart = file.readUInt32LE(0x3c);
  const miniFat = listed(miniFatStart) ? uint32Table(chainBytes(file, chainOf(fat, miniFatStart, sectorCount), sectorBytes)) : new Uint32Array(0);
  const miniSectorCount = Math.floor(root.size / MINI_SECTOR_BYTES);

  for (const [i, entry] of entries.entries()) {
    if (!reached[i] || entry.type !== STREAM || entry.size === 0) continue;
    if (entry.size > file.length) throw new Unsound();
    const [table, count, bytes] = entry.size >= MINI_STREAM_CUTOFF ? [fat, sectorCount, sectorBytes] : [miniFat, miniSectorCount, MINI_SECTOR_BYTES];
    if (chainOf(table, entry.start, count).length < sectorsFor(entry.size, bytes)) throw new Unsound();
  }
  if (entries.some((entry, i) => reached[i] && ![0, STORAGE, STREAM, ROOT].includes(entry.type))) throw new Unsound();
}

/** Offsets in a Word 97 file information block ([MS-DOC] 2.5.1). */
const FIB_FLAGS = 0x0a;
const FIB_CCP_TEXT = 0x4c;
const FIB_FC_CLX = 0x1a2;
const FIB_LCB_CLX = 0x1a6;
const FLAG_TABLE_1 = 0x0200;
const FLAG_ENCRYPTED = 0x0100;
const COMPRESSED_PIECE = 0x40000000;
const windows1252 = new TextDecoder("windows-1252");

/**
 * The main text of a Word 97-2003 document, read through its piece table ([MS-DOC] 2.4.1): each piece
 * is a run of characters somewhere in the WordDocument stream, one byte each (Windows-1252) or two
 * (UTF-16). At most `maxChars` characters; "" for an encrypted file or one whose table is not where the
 * file says.
 */
export function wordDocumentText(wordStream, tableStreams, maxChars) {
  if (wordStream.length < FIB_LCB_CLX + 4) return "";
  const flags = wordStream.readUInt16LE(FIB_FLAGS);
  const table = tableStreams[flags & FLAG_TABLE_1 ? "1Table" : "0Table"];
  if (!table || flags & FLAG_ENCRYPTED) return "";
  const textLength = Math.min(wordStream.readUInt32LE(FIB_CCP_TEXT), maxChars);
  const clxStart = wordStream.readUInt32LE(FIB_FC_CLX);
  const clxEnd = Math.min(table.length, clxStart + wordStream.readUInt32LE(FIB_LCB_CLX));
  // The Clx: formatting runs (0x01, a 16-bit length, that many bytes), then the piece table (0x02, a 32-bit length).
  let at = clxStart;
  while (at + 3 <= clxEnd && table[at] === 0x01) at += 3 + table.readUInt16LE(at + 1);
  if (at + 5 > clxEnd || table[at] !== 0x02) return "";
  const plcStart = at + 5;
  const plcBytes = Math.min(table.readUInt32LE(at + 1), clxEnd - plcStart);
  const pieces = Math.floor((plcBytes - 4) / 12);
  const parts = [];
  let length = 0;
  for (let piece = 0; piece < pieces && length < textLength; piece++) {
    const firstCp = table.readUInt32LE(plcStart + piece * 4);
    const count = Math.min(table.readUInt32LE(plcStart + (piece + 1) * 4) - firstCp, textLength - length);
    if (count <= 0) continue;
    const place = table.readUInt32LE(plcStart + (pieces + 1) * 4 + piece * 8 + 2);
    const offset = place & 0x3fffffff;
    const part =
      place & COMPRESSED_PIECE
        ? windows1252.decode(wordStream.subarray(offset >>> 1, (offset >>> 1) + count))
        : wordStream.toString("utf16le", offset, Math.min(wordStream.length, offset + count * 2));
    parts.push(part);
    length += part.length;
  }
  return withoutFieldCodes(parts.join("").slice(0, maxChars));
}

/**
 * Text without the instructions of fields: a field is 0x13, its code (HYPERLINK "…", PAGE), 0x14 and
 * the result shown, then 0x15; only the result is text. Other marks (paragraph and cell ends,
 * pictures) become blanks.
 */
function withoutFieldCodes(text) {
  // eslint-disable-next-line no-control-regex -- Word's field marks are control characters
  return text.replace(/\x13[^\x13\x14\x15]*(?:\x14|\x15)/g, " ").replace(/[\x00-\x1f]/g, " ");
}
