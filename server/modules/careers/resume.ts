import { fileURLToPath } from "node:url";
import { resumeExtension, resumeMessages, RESUME_MAX_BYTES, type ResumeExtension } from "#contracts/careers.ts";
import { machineFailure, runSandboxed, sandboxQueue, type SandboxLimits, type SandboxResult } from "../../sandbox/run-sandboxed";

const contentTypes: Record<ResumeExtension, string> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

/** A résumé's words, enough for search; a longer text is cut by the reader. */
export const RESUME_TEXT_MAX = 100_000;

/** Beside this module in the source, and copied beside the compiled server by the build. */
const READER = fileURLToPath(new URL("./resume-reader/reader.mjs", import.meta.url));
/** The reader's limits (decision 051). */
export const READ_LIMITS: SandboxLimits = {
  /**
   * A document that needs more processor time than this to be judged and read is refused. Judging takes
   * well under a second for any file of 5 MB (the checks stop at their bounds); reading a 5 MB PDF's text about one.
   */
  cpuSeconds: 10,
  /** A backstop on the clock, for a machine too busy to give the reader its time; the applicant's request waits for it. */
  timeoutMs: 60_000,
  /** The reader's answer: the kept text in JSON, where a control character takes six bytes. */
  maxOutputBytes: RESUME_TEXT_MAX * 6 + 1024,
};
/** Two résumés are read at once, however many arrive together: each reader is a Node process of up to 512 MB. */
const inTurn = sandboxQueue(2);

export type ResumeCheck =
  | { ok: true; contentType: string; text: string | null }
  | { ok: false; status: 400 | 413; message: string }
  /** The reader was given no chance (a machine too busy, a process that could not start): the file was not judged. */
  | { ok: false; status: 503; message: string; cause: SandboxResult };

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
 * or processor time is refused, and the server holds nothing but the upload. A reader the machine kept
 * from running says so (503), rather than call an applicant's real résumé a fake.
 */
export async function readResume(fileName: string, bytes: Buffer, limits = READ_LIMITS): Promise<ResumeCheck> {
  if (bytes.length > RESUME_MAX_BYTES) return { ok: false, status: 413, message: resumeMessages.tooLarge };
  const ext = resumeExtension(fileName);
  if (!ext) return { ok: false, status: 400, message: resumeMessages.wrongType };
  const result = await inTurn(() => runSandboxed(READER, [ext, String(RESUME_TEXT_MAX)], bytes, limits));
  if (machineFailure(result)) return { ok: false, status: 503, message: resumeMessages.notReadNow, cause: result };
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
