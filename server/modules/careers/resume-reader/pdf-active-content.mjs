import { constants, inflateSync } from "node:zlib";

/**
 * Whether a PDF carries something a reader would run or open rather than show: scripts, launch and
 * submit actions, per-event actions, embedded files and media, XFA forms, or a `javascript:` link.
 *
 * The PDF libraries (pdf-lib, pdf.js) build an object for every number of the file and inflate
 * object streams without a bound: a hostile 5 MB file of numbers took pdf-lib 156 MB of heap and
 * 2 s (decision 027). So this reads the file as pdfid does, token by token, keeping nothing: names
 * (with #xx escapes undone) and the decoded text of strings, in the file itself and inside every
 * compressed object stream, where a writer may hide objects from a plain byte search. It runs in the
 * résumé reader's sandbox before pdf.js sees the file, and bounds what the file's Flate streams
 * inflate to, which pdf.js does not (decision 051).
 */

/** Keys and action types that run, launch, submit or carry something besides the pages. */
const ACTIVE_NAMES = new Set([
  "JS",
  "JavaScript",
  "Launch",
  "AA",
  "RichMedia",
  "EmbeddedFile",
  "EmbeddedFiles",
  "XFA",
  "SubmitForm",
  "ImportData",
  "GoToE",
  "GoToR",
  // Encrypted strings and streams cannot be read, so what they hide cannot be judged.
  "Encrypt",
]);

/** An object stream holds a few hundred small objects; one past this is not a writer's. */
const MAX_OBJECT_STREAM_BYTES = 8 * 1024 * 1024;
/**
 * All the Flate data of one file together, object streams and every other stream: a real résumé inflates
 * to a few times its size, and a file of many small bombs is bounded as well.
 */
const MAX_INFLATED_BYTES = 50 * 1024 * 1024;

/** A scheme a browser or viewer would run when the link is followed; browsers ignore blanks inside it. */
const SCRIPT_SCHEME = /(?:java|vb)script:/i;
// eslint-disable-next-line no-control-regex -- browsers skip control characters and blanks inside a URL scheme
const IGNORED_IN_SCHEME = /[\u0000-\u0020]/g;
const MIN_SCHEME_BYTES = "vbscript:".length;

/** Each byte's class in PDF syntax, looked up rather than tested: the walk visits every byte of a 5 MB file. */
const REGULAR = 0;
const WHITE = 1;
const DELIMITER = 2;
const byteClass = new Uint8Array(256);
for (const byte of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) byteClass[byte] = WHITE;
for (const byte of [0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]) byteClass[byte] = DELIMITER;
const isWhitespace = (byte) => byte !== undefined && byteClass[byte] === WHITE;
/** A name anywhere in bytes, with its escapes still in. */
// eslint-disable-next-line no-control-regex -- PDF names end at whitespace, NUL included (ISO 32000 7.2.2)
const NAME = /\/([^\x00\x09\x0a\x0c\x0d\x20()<>[\]{}/%]+)/g;
const REFERENCE = String.raw`\d+\s+\d+\s+R`;
/** What must follow a two-letter active name for a reader to act on it: a script, or a dictionary of actions. */
const VALUE_OF_SHORT_NAME = {
  JS: new RegExp(String.raw`^\s*(?:\(|<|${REFERENCE})`),
  AA: new RegExp(String.raw`^\s*(?:<<|${REFERENCE})`),
};
const ESCAPES = { 0x6e: 0x0a, 0x72: 0x0d, 0x74: 0x09, 0x62: 0x08, 0x66: 0x0c };

class ActiveContent extends Error {}

/**
 * What the latest outermost dictionary says about a stream that may follow it (a stream's dictionary is
 * the one just before `stream`); a few flags, whatever the dictionary holds:
 * - first: readers take objects out of any stream that has /First (and /N), whatever its /Type claims;
 * - filter, flateFilters: whether it names a coding, and how many times Flate;
 * - otherCoding: LZW, ASCII85, a predictor, a crypt filter, an indirect filter: ways of coding that
 *   this check does not undo;
 * - length: the tokens after /Length, a number or a reference to one.
 */
const newDictionary = () => ({ first: false, filter: false, flateFilters: 0, otherCoding: false, length: undefined });

/**
 * A walk's state across the file and its object streams: the bytes of the file, what has been inflated
 * so far, and the objects that hold only a number (indirect /Length values), indexed on first need.
 */
const newScan = (bytes) => ({ bytes, inflated: 0, numberObjects: undefined });

/**
 * True when the PDF holds active content, hides its objects where this check cannot read them, or
 * inflates past what any résumé does.
 */
export function pdfHasActiveContent(bytes) {
  try {
    walk(bytes, newScan(bytes), true);
    return false;
  } catch (error) {
    if (error instanceof ActiveContent) return true;
    throw error;
  }
}

/** A PDF name with its #xx escapes decoded, as readers compare them. */
function decodeName(raw) {
  return raw.replace(/#([0-9a-fA-F]{2})/g, (_match, hex) => String.fromCharCode(parseInt(hex, 16)));
}

function checkString(text) {
  if (SCRIPT_SCHEME.test(text.replace(IGNORED_IN_SCHEME, ""))) throw new ActiveContent();
}

function noteName(dictionary, name) {
  if (name === "First") dictionary.first = true;
  else if (name === "Filter") dictionary.filter = true;
  else if (name === "FlateDecode" || name === "Fl") dictionary.flateFilters++;
  else if (name === "Length") dictionary.length = [];
  else if (name === "DecodeParms" || name === "Crypt" || name.endsWith("Decode")) dictionary.otherCoding = true;
}

/**
 * Walks the tokens of `bytes`. In the file itself (`topLevel`) a stream's data is skipped, unless its
 * dictionary makes it an object stream: that is inflated and walked the same way.
 */
function walk(bytes, scan, topLevel) {
  let dictionary = newDictionary();
  let depth = 0;
  let i = 0;
  while (i < bytes.length) {
    const byte = bytes[i];
    if (byteClass[byte] === WHITE) {
      i++;
    } else if (byte === 0x25 /* % */) {
      while (i < bytes.length && bytes[i] !== 0x0a && bytes[i] !== 0x0d) i++;
    } else if (byte === 0x2f /* / */) {
      let end = i + 1;
      while (end < bytes.length && byteClass[bytes[end]] === REGULAR) end++;
      const name = decodeName(bytes.toString("latin1", i + 1, end));
      if (ACTIVE_NAMES.has(name)) throw new ActiveContent();
      if (depth > 0) noteName(dictionary, name);
      i = end;
    } else if (byte === 0x28 /* ( */) {
      const end = literalStringEnd(bytes, i);
      // A scheme needs "vbscript:" at least, and a colon written as it is or escaped: most strings of a file are passed over.
      const string = bytes.subarray(i, end);
      if (string.length >= MIN_SCHEME_BYTES + 2 && (string.includes(0x3a) || string.includes(0x5c))) checkString(literalString(bytes, i, end));
      i = end;
    } else if (byte === 0x3c /* < */ && bytes[i + 1] === 0x3c) {
      if (depth++ === 0) dictionary = newDictionary();
      i += 2;
    } else if (byte === 0x3e /* > */ && bytes[i + 1] === 0x3e) {
      depth = Math.max(0, depth - 1);
      i += 2;
    } else if (byte === 0x3c /* < */) {
      const close = bytes.indexOf(0x3e, i);
      const end = close === -1 ? bytes.length : close;
      if (end - i - 1 >= 2 * MIN_SCHEME_BYTES) {
        const hex = bytes.toString("latin1", i + 1, end).replace(/[^0-9a-fA-F]/g, "");
        checkString(Buffer.from(hex.length % 2 ? `${hex}0` : hex, "hex").toString("latin1"));
      }
      i = end + 1;
    } else if (byteClass[byte] === REGULAR) {
      let end = i + 1;
      while (end < bytes.length && byteClass[bytes[end]] === REGULAR) end++;
      // Only the keyword `stream` and the numbers of a /Length matter: other tokens need no string.
      const collecting = depth > 0 && dictionary.length !== undefined && dictionary.length.length < 3;
      const token = end - i <= 12 && (byte === 0x73 /* s */ || collecting) ? bytes.toString("latin1", i, end) : "";
      i = end;
      // Inside a dictionary the word is no stream to a reader, so nothing is skipped for it.
      if (token === "stream" && depth === 0) {
        // An object stream holds no streams: one that seems to is hiding something.
        if (!topLevel) throw new ActiveContent();
        i = afterStream(dataStart(bytes, i), dictionary, scan);
        dictionary = newDictionary();
      } else if (collecting) {
        dictionary.length.push(token);
      }
    } else {
      i++; // a delimiter: [ ] { } >
    }
  }
}

/** Where the literal string opening at `start` ends (after its closing parenthesis). */
function literalStringEnd(bytes, start) {
  let depth = 0;
  for (let i = start; i < bytes.length; i++) {
    const byte = bytes[i];
    if (byte === 0x5c /* \ */) i++;
    else if (byte === 0x28) depth++;
    else if (byte === 0x29 && --depth === 0) return i + 1;
  }
  return bytes.length;
}

/** The text of a literal string, with its escapes decoded as a reader decodes them. */
function literalString(bytes, start, end) {
  const text = Buffer.allocUnsafe(end - start);
  let length = 0;
  for (let i = start + 1; i < end - 1; i++) {
    const byte = bytes[i];
    if (byte !== 0x5c) {
      text[length++] = byte;
      continue;
    }
    const next = bytes[++i];
    if (next >= 0x30 && next <= 0x37) {
      let code = next - 0x30;
      for (let digits = 1; digits < 3 && bytes[i + 1] >= 0x30 && bytes[i + 1] <= 0x37; digits++) code = code * 8 + bytes[++i] - 0x30;
      text[length++] = code & 0xff;
    } else if (next === 0x0d) {
      if (bytes[i + 1] === 0x0a) i++; // a line continuation
    } else if (next !== 0x0a) {
      text[length++] = ESCAPES[next] ?? next;
    }
  }
  return text.toString("latin1", 0, length);
}

/** Where a stream's data begins: after the keyword and its end of line. */
function dataStart(bytes, afterKeyword) {
  if (bytes[afterKeyword] === 0x0d && bytes[afterKeyword + 1] === 0x0a) return afterKeyword + 2;
  return bytes[afterKeyword] === 0x0a || bytes[afterKeyword] === 0x0d ? afterKeyword + 1 : afterKeyword;
}

/**
 * Reads an object stream's objects; searches any other stream's data for the names of active content.
 * Answers where the walk goes on.
 */
function afterStream(start, dictionary, scan) {
  const end = streamEnd(start, dictionary, scan);
  if (!dictionary.first) {
    if (holdsActiveName(scan.bytes.subarray(start, end))) throw new ActiveContent();
    if (dictionary.flateFilters > 0) countInflated(scan.bytes.subarray(start), dictionary.flateFilters, scan);
    return end;
  }
  const plain = !dictionary.filter && dictionary.flateFilters === 0 && !dictionary.otherCoding;
  const flate = dictionary.filter && dictionary.flateFilters === 1 && !dictionary.otherCoding;
  if (!plain && !flate) throw new ActiveContent();
  walk(plain ? scan.bytes.subarray(start, end) : inflate(scan.bytes.subarray(start), scan), scan, false);
  return end;
}

/**
 * Whether data the walk does not tokenise (a stream's bytes) holds an active name followed by a value a
 * reader would take. The cross-reference table may point a reader at an object inside another stream's
 * data, so that data is searched as well; the two-letter names need their value too, so that compressed
 * bytes, which look random, are not taken for them.
 */
function holdsActiveName(data) {
  const text = data.toString("latin1");
  for (const match of text.matchAll(NAME)) {
    const name = decodeName(match[1]);
    if (!ACTIVE_NAMES.has(name)) continue;
    const value = VALUE_OF_SHORT_NAME[name];
    const after = match.index + match[0].length;
    if (!value || value.test(text.slice(after, after + 32))) return true;
  }
  return false;
}

/** Inflates one object stream, within its own bound and what is left of the file's. */
function inflate(data, scan) {
  const limit = Math.min(MAX_OBJECT_STREAM_BYTES, MAX_INFLATED_BYTES - scan.inflated);
  if (limit <= 0) throw new ActiveContent();
  let inflated;
  try {
    // zlib stops at the end of the compressed data, so what follows it in the file does not matter.
    inflated = inflateSync(data, { maxOutputLength: limit });
  } catch {
    // Too large, or not Flate data at all: either way its objects cannot be read here.
    throw new ActiveContent();
  }
  scan.inflated += inflated.length;
  return inflated;
}

/**
 * Inflates a stream's data as a reader would, Flate layer by layer, counting what comes out against the
 * file's bound: pdf.js inflates the streams it reads with none, and a 2 MB stream of zeros inflates to
 * 2 GB. Data that is not Flate where the count begins (another coding first, or damage) ends the count;
 * what a reader makes of it then is bounded by the reader process's memory limit alone.
 */
function countInflated(data, layers, scan) {
  let coded = data;
  for (let layer = 0; layer < layers; layer++) {
    let plain;
    try {
      // A stream cut short is inflated as far as it goes, as readers do.
      plain = inflateSync(coded, { maxOutputLength: Math.max(1, MAX_INFLATED_BYTES - scan.inflated), finishFlush: constants.Z_SYNC_FLUSH });
    } catch (error) {
      if (error.code === "ERR_BUFFER_TOO_LARGE") throw new ActiveContent();
      return;
    }
    scan.inflated += plain.length;
    if (scan.inflated > MAX_INFLATED_BYTES) throw new ActiveContent();
    coded = plain;
  }
}

/**
 * Where a stream's data ends: at its /Length when that leads to `endstream`, as readers read it, so
 * bytes inside the data cannot pose as its end; otherwise at the next `endstream`.
 */
function streamEnd(start, dictionary, scan) {
  const { bytes } = scan;
  const length = dictionary.length && lengthValue(dictionary.length, scan);
  if (length !== undefined) {
    let end = start + length;
    while (isWhitespace(bytes[end])) end++;
    if (bytes.toString("latin1", end, end + 9) === "endstream") return end + 9;
  }
  const end = bytes.indexOf("endstream", start, "latin1");
  return end === -1 ? bytes.length : end + 9;
}

/** A /Length given directly, or through a reference to an object that holds only the number. */
function lengthValue([first, second, third], scan) {
  if (!first || !/^\d+$/.test(first)) return undefined;
  if (third !== "R" || !second || !/^\d+$/.test(second)) return Number(first);
  if (!scan.numberObjects) {
    scan.numberObjects = new Map();
    for (const match of scan.bytes.toString("latin1").matchAll(/(?<![0-9])(\d+)\s+(\d+)\s+obj\s*(\d+)\s*endobj/g)) {
      scan.numberObjects.set(`${match[1]} ${match[2]}`, Number(match[3]));
    }
  }
  return scan.numberObjects.get(`${first} ${second}`);
}
