import type { FastifyReply, FastifyRequest } from "fastify";
import { nulRefusal } from "./boundary";
import { HttpError } from "./errors";
import { arrivesOverNetwork, bodyUnderWay, ClientGoneError, TooSlowError, watchBodyPace, type BodyPace } from "./upload-pace";
import { takeUploadTurn } from "./upload-turns";

export interface MultipartBody {
  /** Every text field, repeated ones in order (e.g. one `categories` per chosen category). */
  fields: Record<string, string[]>;
  file?: { fieldName: string; fileName: string; bytes: Buffer };
}

interface MultipartOptions {
  fileField: string;
  /** The file's limit, as registered with @fastify/multipart. */
  maxFileBytes: number;
  tooLarge: string;
  label?: (field: string) => string;
}

const UNREADABLE = "The form could not be read. Send it again as multipart/form-data.";
const TOO_SLOW = "The form arrived too slowly and was not received. Send it again, on a steadier connection if you can.";

/** The work's own outcome, unless the body falls below its pace first. */
function paced<T>(work: Promise<T>, pace: BodyPace | undefined): Promise<T> {
  if (!pace) return work;
  // Once the pace has failed the answer goes, the connection closes and the work fails with it: that failure is expected.
  work.catch(() => {});
  return Promise.race([work, pace.tooSlow]);
}

/**
 * Reads a multipart body (limits set where @fastify/multipart is registered) into its text fields and
 * its one file, turning every way it can be too large, malformed or too slow into a clear 4xx. Once
 * the body is on its way it waits for an upload turn, held until the response has gone
 * (server/http/upload-turns.ts); while it is read, it must keep arriving (server/http/upload-pace.ts).
 */
export async function readMultipart(request: FastifyRequest, reply: FastifyReply, options: MultipartOptions): Promise<MultipartBody> {
  if (!request.isMultipart()) throw new HttpError(415, "Send the form as multipart/form-data.");
  const pace = arrivesOverNetwork(request.raw) ? watchBodyPace(request.raw) : undefined;
  try {
    if (pace) {
      // A turn is for a body on its way: a client that sends its headers and then trickles never holds one.
      await paced(bodyUnderWay(request.raw), pace);
      pace.hold();
    }
    await takeUploadTurn(reply);
    pace?.resume();
    return await paced(readParts(request, options), pace);
  } catch (error) {
    // The answer closes the connection: the rest of a slow body is not waited for.
    if (error instanceof TooSlowError) throw new HttpError(408, TOO_SLOW, undefined, undefined, { connection: "close" });
    if (error instanceof ClientGoneError) throw new HttpError(400, UNREADABLE);
    throw error;
  } finally {
    pace?.stop();
  }
}

/**
 * A file part's bytes, copied as they arrive into one buffer of the file's limit, whose pages are
 * resident only once bytes fill them. `toBuffer()` keeps every chunk until the end and then joins
 * them, so each upload held its file twice.
 */
async function readWhole(file: AsyncIterable<Buffer> & { truncated: boolean }, maxBytes: number, TooLarge: new () => Error): Promise<Buffer> {
  const whole = Buffer.allocUnsafeSlow(maxBytes);
  let length = 0;
  for await (const chunk of file) {
    // Past the registered limit the rest of the file is still read, and dropped, so the form's later parts arrive.
    if (file.truncated) continue;
    // A limit here below the registered one refuses the file rather than keeping its first bytes.
    if (length + chunk.length > maxBytes) throw new TooLarge();
    chunk.copy(whole, length);
    length += chunk.length;
  }
  if (file.truncated) throw new TooLarge();
  return whole.subarray(0, length);
}

async function readParts(request: FastifyRequest, options: MultipartOptions): Promise<MultipartBody> {
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
        body.file = {
          fieldName: part.fieldname,
          fileName: part.filename ?? "",
          bytes: await readWhole(part.file, options.maxFileBytes, RequestFileTooLargeError),
        };
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
    throw new HttpError(400, UNREADABLE);
  }
  return body;
}
