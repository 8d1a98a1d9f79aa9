import mammoth from "mammoth";
import { extractText, getDocumentProxy } from "unpdf";

/** A résumé's words, enough for search; a longer text is cut here. */
export const RESUME_TEXT_MAX = 100_000;

/**
 * The words of a résumé, for staff to search: a PDF's text layer (pdf.js, through unpdf) or a Word
 * package's body (mammoth). Null when there is none to read: an old binary Word file, a scanned PDF
 * with no text layer, or a file the library cannot parse. The file is stored either way.
 */
export async function resumeText(contentType: string, bytes: Buffer): Promise<string | null> {
  try {
    const text =
      contentType === "application/pdf"
        ? (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text
        : contentType === "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          ? (await mammoth.extractRawText({ buffer: bytes })).value
          : "";
    const words = text.replace(/\s+/g, " ").trim();
    return words ? words.slice(0, RESUME_TEXT_MAX) : null;
  } catch {
    return null;
  }
}
