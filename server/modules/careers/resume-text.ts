import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/** A résumé's words, enough for search; a longer text is cut here. */
export const RESUME_TEXT_MAX = 100_000;

/** Beside this module in the source, and copied beside the compiled server by the build. */
const READER = fileURLToPath(new URL("./resume-reader.mjs", import.meta.url));
/** A document that takes longer than this to read is left unread: its file is stored all the same. */
const READ_TIMEOUT_MS = 20_000;
/** What the reader may say: the kept text in the longest UTF-8 it can take, so a hostile file cannot fill the server's memory. */
const MAX_OUTPUT_BYTES = RESUME_TEXT_MAX * 4;

/**
 * The text a reader process finds in the bytes, or "" when it finds none, fails or runs out of time.
 * The process holds no secrets of the server (an empty environment), has a heap limit of its own and
 * ends with its document: whatever a hostile file does to the parser stays in that process, and the
 * server's memory holds the upload alone (docs/decisions/042-resume-reader-process.md).
 */
function readInOwnProcess(contentType: string, bytes: Buffer): Promise<string> {
  return new Promise((resolve) => {
    const reader = spawn(process.execPath, ["--max-old-space-size=256", READER, contentType], {
      env: {},
      stdio: ["pipe", "pipe", "ignore"],
      timeout: READ_TIMEOUT_MS,
      killSignal: "SIGKILL",
    });
    const output: Buffer[] = [];
    let outputBytes = 0;
    reader.stdout.on("data", (chunk: Buffer) => {
      if (outputBytes >= MAX_OUTPUT_BYTES) return;
      output.push(chunk);
      outputBytes += chunk.length;
    });
    // A reader that ends before it has taken the whole file closes its stdin under the write.
    reader.stdin.on("error", () => {});
    reader.once("error", () => resolve(""));
    reader.once("close", (code) => resolve(code === 0 ? Buffer.concat(output).toString("utf8") : ""));
    reader.stdin.end(bytes);
  });
}

/** One résumé is read at a time, however many arrive together: each reader process is a Node of its own. */
let previous: Promise<unknown> = Promise.resolve();

/**
 * The words of a résumé, for staff to search: a PDF's text layer (pdf.js, through unpdf) or a Word
 * package's body (mammoth). Null when there is none to read: an old binary Word file, a scanned PDF
 * with no text layer, or a file the reader cannot parse. The file is stored either way.
 */
export function resumeText(contentType: string, bytes: Buffer): Promise<string | null> {
  const read = async () => {
    const words = (await readInOwnProcess(contentType, bytes)).replace(/\s+/g, " ").trim();
    return words ? words.slice(0, RESUME_TEXT_MAX) : null;
  };
  const turn = previous.then(read);
  previous = turn;
  return turn;
}
