import type { Meeting, SlotsResponse } from "#contracts/meetings.ts";
import { fieldErrorsOf } from "#app/components/assistant/assistant.ts";
import { meetingCopy } from "#app/content/meetings.ts";
import { apiRequest, submissionErrorText } from "#app/lib/api/client.ts";

/** The API paths of booking, below /api/. */
export const meetingPaths = {
  slots: (day: string, zone: string) => `meetings/slots/?${new URLSearchParams({ from: day, days: "1", tz: zone })}`,
  book: "meetings/",
  reschedule: (token: string) => `meetings/${encodeURIComponent(token)}/reschedule/`,
  cancel: (token: string) => `meetings/${encodeURIComponent(token)}/cancel/`,
  confirm: (token: string) => `meetings/${encodeURIComponent(token)}/confirm/`,
};

export type { Meeting, SlotsResponse };

/** The fields of a booking as the visitor types them. */
export interface BookingValues {
  name: string;
  email: string;
  topic: string;
}

export const EMPTY_BOOKING: BookingValues = { name: "", email: "", topic: "" };

/** A booking's payload: the topic only when there is one, and the honeypot only when something filled it in. */
export const bookingPayload = (values: BookingValues, start: string, zone: string, honeypot: Record<string, string>) => ({
  name: values.name,
  email: values.email,
  ...(values.topic.trim() ? { topic: values.topic } : {}),
  start,
  tz: zone,
  ...honeypot,
});

export const fetchSlots = (day: string, zone: string, signal?: AbortSignal) => apiRequest<SlotsResponse>(meetingPaths.slots(day, zone), { signal });

/** Why a request failed, in plain words: a field's own message, the server's, or that the site was out of reach. */
export function meetingErrorText(error: unknown, fallback: string): string {
  if (error instanceof TypeError) return meetingCopy.networkError;
  return submissionErrorText(error, fallback);
}

export { fieldErrorsOf };
