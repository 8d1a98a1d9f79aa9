import CFB from "cfb";
import { fileTypeFromBuffer } from "file-type";
import { fromBufferPromise, type ZipFile } from "yauzl";
import { resumeExtension, resumeMessages, RESUME_MAX_BYTES, type ResumeExtension } from "@contracts/careers";
import { pdfHasActiveContent } from "./pdf-active-content";

const contentTypes: Record<ResumeExtension, string> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

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
/** A résumé has a few dozen parts; reading each costs a turn of the event loop, so thousands are refused unread. */
const MAX_DOCX_ENTRIES = 1000;
/** The parts without which no program opens a package as a Word document. */
const DOCX_REQUIRED_PARTS = ["[Content_Types].xml", "word/document.xml"];
/** The first two bytes of a Word file information block, at the start of the WordDocument stream. */
const WORD_FIB_MAGIC = 0xa5ec;

/**
 * A whole PDF, and only a PDF: it ends with %%EOF, carries no page markup or ZIP archive for a browser
 * or unzipper to find, and nothing a reader would run.
 */
function wholePdf(bytes: Buffer): boolean {
  let end = bytes.length;
  // Writers may pad after the end marker with blanks or NULs.
  while (end > 0 && [0x00, 0x09, 0x0a, 0x0d, 0x20].includes(bytes[end - 1]!)) end--;
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
async function wordPackage(bytes: Buffer): Promise<boolean> {
  let zip: ZipFile | undefined;
  try {
    zip = await fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true });
    if (zip.entryCount > MAX_DOCX_ENTRIES) return false;
    const parts = new Set<string>();
    let inflated = 0;
    for await (const entry of zip.eachEntry()) {
      parts.add(entry.fileName);
      if (entry.fileName.endsWith("/")) continue;
      if (inflated + entry.uncompressedSize > MAX_DOCX_INFLATED_BYTES) return false;
      const content = await zip.openReadStreamPromise(entry);
      for await (const chunk of content) {
        inflated += (chunk as Buffer).length;
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

/** A Word 97-2003 file: a compound file whose WordDocument stream begins with a Word file information block. */
function wordCompoundFile(bytes: Buffer): boolean {
  try {
    const stream = CFB.find(CFB.read(bytes, { type: "buffer" }), "WordDocument");
    const content = stream?.content;
    return stream?.type === 2 && !!content && content.length >= 2 && (content[0]! | (content[1]! << 8)) === WORD_FIB_MAGIC;
  } catch {
    return false;
  }
}

/** Whether the bytes are the kind of document the extension promises, judged from the content alone. */
async function contentMatches(ext: ResumeExtension, bytes: Buffer): Promise<boolean> {
  // Checked before detection: detecting a Word package means opening it.
  if (ext === "docx" && !(await wordPackage(bytes))) return false;
  const detected = (await fileTypeFromBuffer(bytes))?.ext;
  switch (ext) {
    case "pdf":
      return detected === "pdf" && wholePdf(bytes);
    case "docx":
      return detected === "docx";
    case "doc":
      // An Excel or PowerPoint 97 file is a compound file too; only one with a Word stream is a .doc.
      return detected === "cfb" && wordCompoundFile(bytes);
  }
}

export type ResumeCheck = { ok: true; contentType: string } | { ok: false; status: 400 | 413; message: string };

/**
 * Accepts a résumé only when its name ends in .pdf, .doc or .docx AND its bytes are that kind of
 * document, so a renamed web page or program is refused whatever the browser declared.
 */
export async function checkResume(fileName: string, bytes: Buffer): Promise<ResumeCheck> {
  if (bytes.length > RESUME_MAX_BYTES) return { ok: false, status: 413, message: resumeMessages.tooLarge };
  const ext = resumeExtension(fileName);
  if (!ext) return { ok: false, status: 400, message: resumeMessages.wrongType };
  if (!(await contentMatches(ext, bytes))) return { ok: false, status: 400, message: resumeMessages.notMatching };
  return { ok: true, contentType: contentTypes[ext] };
}

/** The visitor's file name as metadata: no folders, no control characters, bounded length. */
export function cleanFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex -- control characters have no place in a file name
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return (cleaned || "resume").slice(-200);
}
