import { fileTypeFromBuffer } from "file-type";
import { resumeExtension, resumeMessages, RESUME_MAX_BYTES, type ResumeExtension } from "@contracts/careers";

const contentTypes: Record<ResumeExtension, string> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

/** A Word 97-2003 file is a compound file holding a stream with this name (UTF-16LE in its directory). */
const WORD_STREAM = Buffer.from("WordDocument", "utf16le");

/** Whether the bytes are the kind of document the extension promises, judged from the content alone. */
async function contentMatches(ext: ResumeExtension, bytes: Buffer): Promise<boolean> {
  const detected = (await fileTypeFromBuffer(bytes))?.ext;
  switch (ext) {
    case "pdf":
      return detected === "pdf";
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
