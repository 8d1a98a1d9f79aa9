/**
 * What the application page needs in the browser: the general application's id, the résumé rules and
 * the honeypot's name. Plain values, kept apart from the schemas so that the page does not load the
 * validation library.
 */

/** The application page's id for an application that is not for one opening. */
export const GENERAL_APPLICATION_ID = "general";

/** The résumé rules, checked in the browser before upload and enforced again on the server. */
export const RESUME_MAX_BYTES = 5 * 1024 * 1024;
export const RESUME_EXTENSIONS = ["pdf", "doc", "docx"] as const;
export type ResumeExtension = (typeof RESUME_EXTENSIONS)[number];
export const RESUME_ACCEPT = RESUME_EXTENSIONS.map((ext) => `.${ext}`).join(",");

export const resumeMessages = {
  missing: "Please attach your résumé.",
  tooLarge: "The résumé must be 5 MB or smaller.",
  wrongType: "The résumé must be a PDF or Word document (.pdf, .doc or .docx).",
  notMatching: "The file does not look like a real PDF or Word document. Please upload the original file.",
  notReadNow: "We could not read your résumé just now. Please send your application again in a minute.",
} as const;

export function resumeExtension(fileName: string): ResumeExtension | undefined {
  const ext = fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  return RESUME_EXTENSIONS.find((allowed) => allowed === ext);
}

/** Bots fill every input they see; people never see this one. Its content marks a submission as spam. */
export const APPLICATION_HONEYPOT = "website";
