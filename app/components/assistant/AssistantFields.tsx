import { INTENT_FIELD } from "./assistant";

/** The fields every assistant form posts along, so the page's action knows the form and the conversation it continues. */
export function AssistantFields({ intent, conversation }: { intent: string; conversation?: string }) {
  return (
    <>
      <input type="hidden" name={INTENT_FIELD} value={intent} />
      {conversation && <input type="hidden" name="conversation" value={conversation} />}
    </>
  );
}
