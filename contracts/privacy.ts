import { AccountEmailSchema } from "./accounts";
import { serialId } from "./ids";
import { z } from "./zod";

/** The rights the privacy policy names, as a data request asks for one of them. */
export const DATA_REQUEST_RIGHTS = ["access", "correction", "erasure", "restriction"] as const;
export type DataRequestRight = (typeof DATA_REQUEST_RIGHTS)[number];

/**
 * unconfirmed (the mailed link not yet opened) → open (staff have 30 days from confirmation) →
 * completed. Staff may also decline an open request, with a reason the requester is told.
 */
export const DATA_REQUEST_STATUSES = ["unconfirmed", "open", "completed", "declined"] as const;
export type DataRequestStatus = (typeof DATA_REQUEST_STATUSES)[number];

export const DATA_REQUEST_DETAILS_MAX = 2000;
/** The legal deadline, counted from the moment the requester confirmed. */
export const DATA_REQUEST_RESPONSE_DAYS = 30;

export const DataRequestSchema = z.object({
  email: AccountEmailSchema,
  right: z.enum(DATA_REQUEST_RIGHTS, "Choose what you are asking for."),
  details: z.string().trim().max(DATA_REQUEST_DETAILS_MAX, `Use at most ${DATA_REQUEST_DETAILS_MAX} characters.`).optional().default(""),
});
export type DataRequestInput = z.input<typeof DataRequestSchema>;

/** The mailed confirmation link's token, and the expiring archive link's: a request id and a random secret. */
export const DataRequestTokenSchema = z.string().regex(/^\d{1,10}-[0-9a-f]{32}$/, "Not a valid link.");
export const DataRequestTokenParams = z.object({ token: DataRequestTokenSchema });
export const DataRequestIdParams = z.object({ id: serialId });

/** What staff do with an open request: answer it (how depends on the right) or decline it, saying why. */
export const DATA_REQUEST_ACTIONS = ["send_archive", "erase", "complete", "decline"] as const;
export const DataRequestActionSchema = z.object({
  action: z.enum(DATA_REQUEST_ACTIONS, "Choose what to do with the request."),
  note: z.string().trim().max(DATA_REQUEST_DETAILS_MAX, `Use at most ${DATA_REQUEST_DETAILS_MAX} characters.`).optional().default(""),
});

/** Deleting one's own account asks for the password again, as changing it does. */
export const DeleteAccountSchema = z.object({
  password: z.string({ message: "Enter your password." }).min(1, "Enter your password.").max(1024, "The password is too long."),
});

export interface DataRequestRow {
  id: number;
  email: string;
  right: DataRequestRight;
  details: string;
  status: DataRequestStatus;
  createdAt: string;
  confirmedAt: string | null;
  dueAt: string | null;
  completedAt: string | null;
  completedBy: string | null;
  note: string;
}
