import { createHmac, timingSafeEqual } from "node:crypto";

/** `<id>-<32 hex>`: lower-case only, so a mail system that folds the case of an address keeps it intact. */
const TOKEN = /(\d{1,15})-([0-9a-f]{32})/;
const REPLY_ADDRESS = new RegExp(`^reply\\+${TOKEN.source}@`, "i");
const MESSAGE_ID = new RegExp(`<${TOKEN.source}(?:\\.\\d{1,15})?@`, "i");

/**
 * How a conversation is reached from outside the admin: its private page, its reply address and the
 * Message-IDs its mails thread on. Each carries the conversation's token: its id signed with the site
 * secret, so it cannot be guessed or altered, and needs nothing stored (decision 038).
 */
export function createConversationLinks(deps: { secretKey: string; publicUrl: string; replyDomain?: string }) {
  const mailDomain = new URL(deps.publicUrl).hostname;
  const signature = (id: number) => createHmac("sha256", deps.secretKey).update(`enquiry-conversation|${id}`).digest("hex").slice(0, 32);
  const tokenOf = (id: number) => `${id}-${signature(id)}`;

  /** The conversation a token names, when its signature is right; undefined for anything else, with no hint why. */
  function idOf(token: string): number | undefined {
    const match = new RegExp(`^${TOKEN.source}$`).exec(token.toLowerCase());
    if (!match) return undefined;
    const id = Number(match[1]);
    if (!Number.isSafeInteger(id) || id < 1) return undefined;
    const expected = Buffer.from(signature(id));
    const given = Buffer.from(match[2]!);
    return timingSafeEqual(expected, given) ? id : undefined;
  }

  const found = (match: RegExpExecArray | null) => (match ? idOf(`${match[1]}-${match[2]}`) : undefined);

  return {
    tokenOf,
    idOf,
    /** The visitor's private page, linked from every mail they get. */
    pageOf: (id: number) => `${deps.publicUrl}/conversation/${tokenOf(id)}`,
    /** Where the visitor's mail reply goes; none unless the site receives mail (INBOUND_MAIL_DOMAIN). */
    replyAddressOf: (id: number) => (deps.replyDomain ? `reply+${tokenOf(id)}@${deps.replyDomain}` : undefined),
    /** The Message-ID of the acknowledgement, which starts the thread; `n` names a later mail of it. */
    messageIdOf: (id: number, n?: number) => `<${tokenOf(id)}${n === undefined ? "" : `.${n}`}@${mailDomain}>`,
    /** The conversation an inbound mail belongs to: by the reply address it was sent to, else by the mail it answers. */
    conversationOfMail(recipients: string[], threadIds: string[]): number | undefined {
      for (const recipient of recipients) {
        const id = found(REPLY_ADDRESS.exec(recipient.trim()));
        if (id !== undefined) return id;
      }
      for (const messageId of threadIds) {
        const id = found(MESSAGE_ID.exec(messageId));
        if (id !== undefined) return id;
      }
      return undefined;
    },
  };
}

export type ConversationLinks = ReturnType<typeof createConversationLinks>;
