/** What the contact page's assistant says in its own voice; its answers are otherwise the site's own words. */
export const assistantReplies = {
  /** Nothing on the site matched the question well enough: say so, and offer a person. */
  unknown:
    "I’m sorry, I couldn’t find an answer to that on our site, and I’d rather not guess. Would you like to pass this conversation to a person? Leave your name and email and our team will reply within 24 hours.",
  handoffThanks: "Thank you! We have passed your conversation to our team. A person will reply by email within 24 hours.",
  alreadyHandedOff: "This conversation has already been passed to our team; they will reply by email.",
  tooLong: (questions: number) => `This conversation has reached its ${questions} questions. Pass it to a person, or reload the page to start a new one.`,
  notFound: "This conversation is no longer available. Ask your question again to start a new one.",
  /** The enquiry's message: the conversation, as staff read it in the inbox. */
  transcriptVisitor: "Visitor",
  transcriptAssistant: "Assistant",
  transcriptSources: "Sources",
  transcriptUnanswered: "(not answered from the site)",
} as const;
