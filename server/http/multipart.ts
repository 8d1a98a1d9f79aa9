import type { FastifyReply, FastifyRequest } from "fastify";
import { nulRefusal } from "./boundary";
import { HttpError } from "./errors";
import { takeUploadTurn } from "./upload-turns";

export interface MultipartBody {
  /** Every text field, repeated ones in order (e.g. one `categories` per chosen category). */
  fields: Record<string, string[]>;
  file?: { fieldName: string; fileName: string; bytes: Buffer };
}

/**
 * Reads a multipart body (limits set where @fastify/multipart is registered) into its text fields and
 * its one file, turning every way it can be too large or malformed into a clear 4xx. It waits for an
 * upload turn first, held until the response has gone (server/http/upload-turns.ts).
 */
export async function readMultipart(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { fileField: string; tooLarge: string; label?: (field: string) => string },
): Promise<MultipartBody> {
  if (!request.isMultipart()) throw new HttpError(415, "Send the form as multipart/form-data.");
  await takeUploadTurn(reply);
  const body: MultipartBody = { fields: {} };
  const { RequestFileTooLargeError, FilesLimitError, FieldsLimitError, PartsLimitError } = request.server.multipartErrors;
  const label = options.label ?? ((field: string) => field.replace(/_/g, " "));
  try {
    for await (const part of request.parts()) {
      // The boundary's NUL rule, for the one kind of body its hook never sees parsed.
      if (part.fieldname.includes("\u0000")) throw nulRefusal(part.fieldname);
      if (part.type === "file") {
        if (part.filename?.includes("\u0000")) throw nulRefusal(part.fieldname);
        if (part.fieldname !== options.fileField) throw new HttpError(400, `Unexpected file in "${part.fieldname}".`);
        // A part sent with an empty file name arrives with none at all.
        body.file = { fieldName: part.fieldname, fileName: part.filename ?? "", bytes: await part.toBuffer() };
      } else {
        if (String(part.value).includes("\u0000")) throw nulRefusal(part.fieldname);
        if (part.valueTruncated) throw new HttpError(413, `The ${label(part.fieldname)} field is too long.`, { [part.fieldname]: ["This text is too long."] });
        (body.fields[part.fieldname] ??= []).push(String(part.value));
      }
    }
  } catch (error) {
    if (error instanceof RequestFileTooLargeError) throw new HttpError(413, options.tooLarge, { [options.fileField]: [options.tooLarge] });
    if (error instanceof FilesLimitError) throw new HttpError(400, "Attach one file only.", { [options.fileField]: ["Attach one file only."] });
    if (error instanceof FieldsLimitError || error instanceof PartsLimitError) throw new HttpError(400, "The form has too many fields.");
    if (error instanceof HttpError) throw error;
    // Nothing but the body is read here: whatever else fails (no boundary, a part cut short, a broken header) is a malformed form.
    throw new HttpError(400, "The form could not be read. Send it again as multipart/form-data.");
  }
  return body;
}
