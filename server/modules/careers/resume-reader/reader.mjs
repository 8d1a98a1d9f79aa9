// Reads one résumé in a sandbox of its own (docs/decisions/051-resume-reader-sandbox.md): the file
// arrives on stdin, its extension (pdf, doc or docx) and the most characters of text wanted as the
// arguments. It answers one line of JSON on stdout: {"matches":false} when the bytes are not that kind
// of document, or {"matches":true,"text":"…"} with the words found ("" for none). Whatever the bytes
// do to a parser, they do it here, under the sandbox's memory and time limits, not in the server.
import { buffer } from "node:stream/consumers";
import { fileTypeFromBuffer } from "file-type";
import { soundCompoundFile, wordDocumentText } from "./compound-file.mjs";
import { pdfHasActiveContent } from "./pdf-active-content.mjs";

/** Where browsers look when they guess a type from content: markup here would let a page pass for a document. */
const SNIFFED_BYTES = 1024;
const PAGE_MARKUP = /<(?:!doctype|html|head|body|script|iframe|svg|object|embed|style|meta|\?php)/i;
/**
 * Markup that can run something, anywhere in a PDF: tags that take event handlers or scripts, and
 * script links. A fixed pattern, so a file of half-open tags costs one pass.
 */
const ACTIVE_MARKUP = /<(?:script|img|svg|iframe|object|embed|body|video|audio|form|math|input|details|image)[\s/>]|(?:java|vb)script:/i;
/** A ZIP archive's last record; inside a PDF it means a second file rides along (a PDF/ZIP polyglot). */
const ZIP_END = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
/** A real Word package inflates to a few times its size; far more is a decompression bomb. */
const MAX_DOCX_INFLATED_BYTES = 50 * 1024 * 1024;
/** A résumé has a few dozen parts; thousands are refused unread. */
const MAX_DOCX_ENTRIES = 1000;
/** The parts without which no program opens a package as a Word document. */
const DOCX_REQUIRED_PARTS = ["[Content_Types].xml", "word/document.xml"];
/** The first two bytes of a Word file information block, at the start of the WordDocument stream. */
const WORD_FIB_MAGIC = 0xa5ec;

/**
 * A whole PDF, and only a PDF: it ends with %%EOF, carries no page markup or ZIP archive for a browser
 * or unzipper to find, nothing a reader would run, and no stream that inflates past a bound.
 */
function wholePdf(bytes) {
  let end = bytes.length;
  // Writers may pad after the end marker with blanks or NULs.
  while (end > 0 && [0x00, 0x09, 0x0a, 0x0d, 0x20].includes(bytes[end - 1])) end--;
  const tail = bytes.subarray(Math.max(0, end - 1024), end).toString("latin1");
  return (
    tail.includes("%%EOF") &&
    !PAGE_MARKUP.test(bytes.subarray(0, SNIFFED_BYTES).toString("latin1")) &&
    !ACTIVE_MARKUP.test(bytes.toString("latin1")) &&
    !bytes.includes(ZIP_END) &&
    !pdfHasActiveContent(bytes)
  );
}

/**
 * A Word package, read for real: every entry is inflated and counted (sizes the archive merely claims
 * are checked against what comes out), nothing is kept, and reading stops past 50 MB in total.
 */
async function wordPackage(bytes) {
  const { fromBufferPromise } = await import("yauzl");
  let zip;
  try {
    zip = await fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true });
    if (zip.entryCount > MAX_DOCX_ENTRIES) return false;
    const parts = new Set();
    let inflated = 0;
    for await (const entry of zip.eachEntry()) {
      parts.add(entry.fileName);
      if (entry.fileName.endsWith("/")) continue;
      if (inflated + entry.uncompressedSize > MAX_DOCX_INFLATED_BYTES) return false;
      const content = await zip.openReadStreamPromise(entry);
      for await (const chunk of content) {
        inflated += chunk.length;
        if (inflated > MAX_DOCX_INFLATED_BYTES) {
          content.destroy();
          return false;
        }
      }
    }
    return DOCX_REQUIRED_PARTS.every((part) => parts.has(part));
  } catch {
    // Not a readable archive, or one whose entries are not what its directory says.
    return false;
  } finally {
    zip?.close();
  }
}

/**
 * A Word 97-2003 file, opened: a sound compound file whose WordDocument stream begins with a Word file
 * information block. Undefined for anything else.
 */
async function wordCompoundFile(bytes) {
  if (!soundCompoundFile(bytes)) return undefined;
  const { default: CFB } = await import("cfb");
  try {
    const container = CFB.read(bytes, { type: "buffer" });
    const stream = CFB.find(container, "WordDocument");
    const content = stream?.content;
    if (stream?.type !== 2 || !content || content.length < 2 || (content[0] | (content[1] << 8)) !== WORD_FIB_MAGIC) return undefined;
    return { CFB, container };
  } catch {
    return undefined;
  }
}

async function pdfText(bytes) {
  const { extractText, getDocumentProxy } = await import("unpdf");
  const pdf = await getDocumentProxy(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  return (await extractText(pdf, { mergePages: true })).text;
}

async function wordPackageText(bytes) {
  const { default: mammoth } = await import("mammoth");
  return (await mammoth.extractRawText({ buffer: bytes })).value;
}

/**
 * The words of a document already judged, or "" when its parser finds none or fails on it: a résumé
 * whose text cannot be read is still a résumé.
 */
async function words(read, maxChars) {
  try {
    return (await read()).replace(/\s+/g, " ").trim().slice(0, maxChars);
  } catch {
    return "";
  }
}

/** Whether the bytes are the kind of document the extension promises, and the words in them. */
async function readResume(ext, bytes, maxChars) {
  // Checked before detection: detecting a Word package means opening it.
  if (ext === "docx" && !(await wordPackage(bytes))) return { matches: false };
  const detected = (await fileTypeFromBuffer(bytes))?.ext;
  switch (ext) {
    case "pdf":
      if (detected !== "pdf" || !wholePdf(bytes)) return { matches: false };
      return { matches: true, text: await words(() => pdfText(bytes), maxChars) };
    case "docx":
      if (detected !== "docx") return { matches: false };
      return { matches: true, text: await words(() => wordPackageText(bytes), maxChars) };
    case "doc": {
      // An Excel or PowerPoint 97 file is a compound file too; only one with a Word stream is a .doc.
      const word = detected === "cfb" ? await wordCompoundFile(bytes) : undefined;
      if (!word) return { matches: false };
      const stream = (name) => {
        const content = word.CFB.find(word.container, name)?.content;
        return content ? Buffer.from(content) : undefined;
      };
      const tables = { "0Table": stream("0Table"), "1Table": stream("1Table") };
      return { matches: true, text: await words(async () => wordDocumentText(stream("WordDocument"), tables, maxChars), maxChars) };
    }
    default:
      return { matches: false };
  }
}

const [ext, maxChars] = process.argv.slice(2);
const bytes = await buffer(process.stdin);
process.stdout.write(`${JSON.stringify(await readResume(ext, bytes, Number(maxChars)))}\n`);
