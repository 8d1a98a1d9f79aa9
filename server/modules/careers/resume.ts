import { fileTypeFromBuffer } from "file-type";
import { resumeExtension, resumeMessages, RESUME_MAX_BYTES, type ResumeExtension } from "@contracts/careers";

const contentTypes: Record<ResumeExtension, string> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

/** A Word 97-2003 file is a compound file holding a stream with this name (UTF-16LE in its directory). */
const WORD_STREAM = Buffer.from("WordDocument", "utf16le");

/** Where browsers look when they guess a type from content: markup here would let a page pass for a document. */
const SNIFFED_BYTES = 1024;
const MARKUP = /<(?:!doctype|html|head|body|script|iframe|svg|object|embed|style|meta|\?php)/i;
/** A ZIP archive's last record; inside a PDF it means a second file rides along (a PDF/ZIP polyglot). */
const ZIP_END = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const ZIP_SIGNATURE = Buffer.from("PK");
const ZIP_CENTRAL_ENTRY = 0x02014b50;
/** A real Word package inflates to a few times its size; far more is a decompression bomb. */
const MAX_DOCX_RATIO = 100;
const MAX_DOCX_INFLATED_BYTES = 100 * 1024 * 1024;

/** A whole PDF, and only a PDF: it ends with %%EOF, and carries no page markup or ZIP archive for a browser or unzipper to find. */
function wholePdf(bytes: Buffer): boolean {
  let end = bytes.length;
  // Writers may pad after the end marker with blanks or NULs.
  while (end > 0 && [0x00, 0x09, 0x0a, 0x0d, 0x20].includes(bytes[end - 1]!)) end--;
  const tail = bytes.subarray(Math.max(0, end - 1024), end).toString("latin1");
  return tail.includes("%%EOF") && !MARKUP.test(bytes.subarray(0, SNIFFED_BYTES).toString("latin1")) && !bytes.includes(ZIP_END);
}

/**
 * What a Word package says it inflates to, read from its central directory without inflating anything:
 * refused when the total or the ratio to the upload is beyond any real document.
 */
function docxInflatesSafely(bytes: Buffer): boolean {
  let inflated = 0;
  // Every central-directory signature counts, even one that merely occurs in compressed data: that can only overestimate.
  for (let at = bytes.indexOf(ZIP_SIGNATURE); at !== -1 && at + 46 <= bytes.length; at = bytes.indexOf(ZIP_SIGNATURE, at + 1)) {
    if (bytes.readUInt32LE(at) !== ZIP_CENTRAL_ENTRY) continue;
    // A size of 0xffffffff defers to a ZIP64 record: a document that needs one is no résumé.
    if (bytes.readUInt32LE(at + 24) === 0xffffffff) return false;
    inflated += bytes.readUInt32LE(at + 24);
  }
  return inflated <= MAX_DOCX_INFLATED_BYTES && inflated <= bytes.length * MAX_DOCX_RATIO;
}

/** Whether the bytes are the kind of document the extension promises, judged from the content alone. */
async function contentMatches(ext: ResumeExtension, bytes: Buffer): Promise<boolean> {
  // Checked before detection: detecting a Word package means opening it.
  if (ext === "docx" && !docxInflatesSafely(bytes)) return false;
  const detected = (await fileTypeFromBuffer(bytes))?.ext;
  switch (ext) {
    case "pdf":
      return detected === "pdf" && wholePdf(bytes);
    case "docx":
      return detected === "docx";
    case "doc":
      // An Excel or PowerPoint 97 file is a compound file too; only one with a Word stream is a .doc.
      return detected === "cfb" && bytes.includes(WORD_STREAM);
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
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return (cleaned || "resume").slice(-200);
}
