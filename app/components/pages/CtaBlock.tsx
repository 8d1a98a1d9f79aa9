import { Bot, Video } from "lucide-react";
import type { AssistantResult } from "#app/components/assistant/assistant.ts";
import { AssistantChat } from "#app/components/assistant/AssistantChat.tsx";
import { MeetingScheduler } from "#app/components/meetings/MeetingScheduler.tsx";
import { useState, type ReactNode } from "react";
import { Tabs } from "#app/components/ui/Tabs.tsx";
import { ctaBlock, type CtaTab } from "#app/content/contact.ts";

function AiAssistant({ result }: { result?: AssistantResult }) {
  const { aiAssistant } = ctaBlock;
  return (
    <div>
      <h3 className="flex items-center gap-2 text-xl font-semibold">
        <Bot className="size-5 text-indigo-600" aria-hidden="true" />
        {aiAssistant.title}
      </h3>
      <p className="mt-4 max-w-2xl rounded-2xl rounded-tl-sm bg-indigo-50 p-4 text-ink-900">{aiAssistant.intro}</p>
      <AssistantChat result={result} />
    </div>
  );
}

function BookMeeting({ scriptless }: { scriptless: boolean }) {
  const { bookMeeting } = ctaBlock;
  return (
    <div>
      <h3 className="text-xl font-semibold">{bookMeeting.title}</h3>
      <p className="mt-2 flex items-center gap-2 font-semibold text-indigo-700">
        <Video className="size-4" aria-hidden="true" />
        {bookMeeting.length}
      </p>
      <p className="mt-2 text-ink-700">{bookMeeting.text}</p>
      <MeetingScheduler scriptless={scriptless} />
    </div>
  );
}

/**
 * The tabs whose forms also work without JavaScript: by a post to the page (decision 029), or for the
 * meeting's times a GET to the booking page.
 */
const SCRIPTLESS_TABS = ["email-us", "ai-assistant", "book-meeting"] as const;

/**
 * The call-to-action block of /contact and /cta: three ways to reach us in tabs. The email-us tab
 * holds the contact form, passed in as `emailUs`; `assistant` is the page's answer to the assistant's
 * forms posted without JavaScript, which opens its tab. Tabs need a script: the other tabs with a form
 * are also drawn below, shown only where scripts do not run, and kept hidden once they do, so taking
 * the page over removes nothing the server sent.
 */
export function CtaBlock({ emailUs, assistant }: { emailUs?: ReactNode; assistant?: AssistantResult }) {
  const [tab, setTab] = useState<CtaTab>(assistant ? "ai-assistant" : "email-us");
  /** `scriptless`: the copy drawn below the tabs for pages without scripts, hidden once they run. */
  const panel = (id: CtaTab, scriptless = false) => {
    switch (id) {
      case "email-us":
        return (
          <div>
            <h3 className="text-xl font-semibold">{ctaBlock.emailUs.title}</h3>
            <p className="mt-2 text-ink-700">{ctaBlock.emailUs.text}</p>
            {emailUs && <div className="mt-6">{emailUs}</div>}
          </div>
        );
      case "ai-assistant":
        return <AiAssistant result={assistant} />;
      case "book-meeting":
        return <BookMeeting scriptless={scriptless} />;
    }
  };
  return (
    <section aria-labelledby="cta-block-title" className="rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100 sm:p-10">
      <h2 id="cta-block-title" className="text-xl font-bold sm:text-2xl">
        {ctaBlock.title}
      </h2>
      <Tabs label="Ways to reach us" tabs={ctaBlock.tabs} selected={tab} onSelect={setTab} className="mt-6">
        {panel(tab)}
      </Tabs>
      {SCRIPTLESS_TABS.filter((id) => id !== tab).map((id) => (
        <div key={id} className="mt-10 hidden border-t border-ink-100 pt-10 noscript:block">
          {panel(id, true)}
        </div>
      ))}
    </section>
  );
}
