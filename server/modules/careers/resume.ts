import { fileURLToPath } from "node:url";
import { resumeExtension, resumeMessages, RESUME_MAX_BYTES, type ResumeExtension } from "#contracts/careers.ts";
import { runSandboxed, sandboxQueue } from "../../sandbox/run-sandboxed";

const contentTypes: Record<ResumeExtension, string> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

/** A résumé's words, enough for search; a longer text is cut by the reader. */
export const RESUME_TEXT_MAX = 100_000;

/** Beside this module in the source, and copied beside the compiled server by the build. */
const READER = fileURLToPath(new URL("./resume-reader/reader.mjs", import.meta.url));
/**
 * A document that needs more processor time than this to be judged and read is refused. Judging takes
 * well under a second for any file of 5 MB (the checks stop at their bounds); reading a 5 MB PDF's text about one.
 */
const READ_CPU_SECONDS = 10;
/** A backstop on the clock, for a machine too busy to give the reader its time; the applicant's request waits for it. */
const READ_TIMEOUT_MS = 60_000;
/** The reader's answer: the kept text in JSON, where a control character takes six bytes. */
const MAX_ANSWER_BYTES = RESUME_TEXT_MAX * 6 + 1024;
/** Two résumés are read at once, however many arrive together: each reader is a Node process of up to 512 MB. */
const inTurn = sandboxQueue(2);

export type ResumeCheck = { ok: true; contentType: string; text: string | null } | { ok: false; status: 400 | 413; message: string };

const notMatching = { ok: false, status: 400, message: resumeMessages.notMatching } as const;

/** What the reader answered, or undefined when it did not answer as it does. */
function readerAnswer(output: Buffer): { matches: boolean; text: string } | undefined {
  try {
    const answer = JSON.parse(output.toString("utf8")) as { matches?: unknown; text?: unknown } | null;
    if (typeof answer?.matches !== "boolean") return undefined;
    return { matches: answer.matches, text: typeof answer.text === "string" ? answer.text : "" };
  } catch {
    return undefined;
  }
}

/**
 * Accepts a résumé only when its name ends in .pdf, .doc or .docx AND its bytes are that kind of
 * document, so a renamed web page or program is refused whatever the browser declared; with it, the
 * words staff search by (null when there are none to read). The bytes are judged and read in a
 * sandboxed process of their own (decision 051): a file that makes the reader fail, run out of memory
 * or time is refused, and the server holds nothing but the upload.
 */
export async function readResume(fileName: string, bytes: Buffer): Promise<ResumeCheck> {
  if (bytes.length > RESUME_MAX_BYTES) return { ok: false, status: 413, message: resumeMessages.tooLarge };
  const ext = resumeExtension(fileName);
  if (!ext) return { ok: false, status: 400, message: resumeMessages.wrongType };
  const result = await inTurn(() =>
    runSandboxed(READER, [ext, String(RESUME_TEXT_MAX)], bytes, { cpuSeconds: READ_CPU_SECONDS, timeoutMs: READ_TIMEOUT_MS, maxOutputBytes: MAX_ANSWER_BYTES }),
  );
  const answer = result.ok ? readerAnswer(result.output) : undefined;
  if (!answer?.matches) return notMatching;
  return { ok: true, contentType: contentTypes[ext], text: answer.text || null };
}

/** The visitor's file name as metadata: no folders, no control characters, bounded length. */
export function cleanFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex -- control characters have no place in a file name
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return (cleaned || "resume").slice(-200);
}
