/** A résumé's words, enough for search; a longer text is cut here. */
export const RESUME_TEXT_MAX = 100_000;

const WORD_PACKAGE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/**
 * A PDF's text layer, with the parsed document released as soon as it is read. The readers are loaded
 * on the first résumé, not at start: pdf.js alone is tens of megabytes a server without applications
 * need not hold.
 */
async function pdfText(bytes: Buffer): Promise<string> {
  const { extractText, getDocumentProxy } = await import("unpdf");
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  try {
    return (await extractText(pdf, { mergePages: true })).text;
  } finally {
    await pdf.loadingTask.destroy();
  }
}

async function wordText(bytes: Buffer): Promise<string> {
  const { default: mammoth } = await import("mammoth");
  return (await mammoth.extractRawText({ buffer: bytes })).value;
}

/**
 * One résumé is read at a time: a parsed 5 MB PDF takes several times its size in memory, and the
 * server's memory budget holds for one such parse beside the uploads in hand, not for several.
 */
let previous: Promise<unknown> = Promise.resolve();

/**
 * The words of a résumé, for staff to search: a PDF's text layer (pdf.js, through unpdf) or a Word
 * package's body (mammoth). Null when there is none to read: an old binary Word file, a scanned PDF
 * with no text layer, or a file the library cannot parse. The file is stored either way.
 */
export function resumeText(contentType: string, bytes: Buffer): Promise<string | null> {
  const read = async () => {
    try {
      const text = contentType === "application/pdf" ? await pdfText(bytes) : contentType === WORD_PACKAGE ? await wordText(bytes) : "";
      const words = text.replace(/\s+/g, " ").trim();
      return words ? words.slice(0, RESUME_TEXT_MAX) : null;
    } catch {
      return null;
    }
  };
  const turn = previous.then(read);
  previous = turn;
  return turn;
}
