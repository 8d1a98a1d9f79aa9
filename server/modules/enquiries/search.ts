import type { SQL } from "drizzle-orm";
import { matchesWordStarts } from "../../db/full-text";
import { enquiries } from "./schema";

/**
 * Conversations holding every typed word, each as the start of a word. Each enquiry's document is
 * kept by triggers (migration 0011): its own fields as it is stored, and every message of its thread
 * as it is added.
 */
export const searchConversations = (q: string | undefined): SQL | undefined => matchesWordStarts(enquiries.search, q);
