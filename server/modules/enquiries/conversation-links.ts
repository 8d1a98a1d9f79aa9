import { SIGNED_ID as TOKEN, signedIds } from "../../http/signed-ids";

const REPLY_ADDRESS = new RegExp(`^reply\\+${TOKEN.source}@`, "i");
const MESSAGE_ID = new RegExp(`<${TOKEN.source}(?:\\.\\d{1,15})?@`, "i");

/**
 * How a conversation is reached from outside the admin: its private page, its reply address and the
 * Message-IDs its mails thread on. Each carries the conversation's token: its id signed with the site
 * secret, so it cannot be guessed or altered, and needs nothing stored (decision 038).
 */
export function createConversationLinks(deps: { secretKey: string; publicUrl: string; replyDomain?: string }) {
  const mailDomain = new URL(deps.publicUrl).hostname;
  const { tokenOf, idOf } = signedIds(deps.secretKey, "enquiry-conversation");

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
