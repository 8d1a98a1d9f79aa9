// Reads the words of one résumé, in a process of its own (docs/decisions/042-resume-reader-process.md):
// the file arrives on stdin, its content type as the one argument, and its text leaves on stdout.
// A document that cannot be parsed, or a parser that fails, ends the process with a non-zero code.
import { buffer } from "node:stream/consumers";

const WORD_PACKAGE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

async function pdfText(bytes) {
  const { extractText, getDocumentProxy } = await import("unpdf");
  const pdf = await getDocumentProxy(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  return (await extractText(pdf, { mergePages: true })).text;
}

async function wordText(bytes) {
  const { default: mammoth } = await import("mammoth");
  return (await mammoth.extractRawText({ buffer: bytes })).value;
}

const contentType = process.argv[2];
const bytes = await buffer(process.stdin);
const text = contentType === "application/pdf" ? await pdfText(bytes) : contentType === WORD_PACKAGE ? await wordText(bytes) : "";
process.stdout.write(text);
