import { ArrowRight, ChevronLeft, ChevronRight } from "lucide-react";
import { useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { ButtonLink } from "#app/components/ui/Button.tsx";
import { talkAboutTopic } from "#app/content/enquiries.ts";
import { topicExplorerCopy as copy } from "#app/content/services.ts";
import type { Tone } from "#app/content/tone.ts";
import { useMediaQuery } from "#app/lib/use-media-query.ts";
import { useRotation } from "#app/lib/use-rotation.ts";
import { FeatureList } from "../FeatureList";
import { tones } from "../tones";
import { idFrom } from "#app/lib/dom-id.ts";

export const TOPIC_ROTATION_MS = 8000;
export const WIDE_LAYOUT_MIN_PX = 768;

export interface ExplorerTopic {
  id: string;
  title: string;
  description: string;
  features: readonly string[];
  tone: Tone;
}

const arrowClasses = "grid size-10 place-items-center rounded-full bg-white text-ink-800 ring-1 ring-ink-200 transition-colors duration-150 hover:bg-ink-100";

/**
 * The topics of a service page. From 768 px: a vertical tab list on the left selects the topic shown
 * on the right, previous/next arrows wrap around, and the selection moves on by itself every 8 s
 * unless the pointer or focus is on the list. Narrower: every topic stacked, nothing moves.
 * All panels share one grid cell on wide screens, so the tallest sets the height and nothing below
 * jumps as topics change. One pair of arrows serves every panel, laid over the panels' top right corner:
 * the arrow a keyboard user pressed keeps the focus while the panel under it changes, and no title, however
 * long, moves it.
 */
export function TopicExplorer({
  label,
  topics,
  illustration,
}: {
  label: string;
  topics: readonly ExplorerTopic[];
  illustration?: (topic: ExplorerTopic) => ReactNode;
}) {
  const rotation = useRotation({ count: topics.length, intervalMs: TOPIC_ROTATION_MS, minWidth: WIDE_LAYOUT_MIN_PX });
  const wide = useMediaQuery(`(min-width: ${WIDE_LAYOUT_MIN_PX}px)`);
  const baseId = idFrom(label);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  // Said to screen readers after an arrow's press, which changes a panel away from the focus.
  const [announcement, setAnnouncement] = useState("");
  const step = (by: 1 | -1) => {
    const target = (rotation.index + by + topics.length) % topics.length;
    setAnnouncement(copy.shown(topics[target]!.title, target + 1, topics.length));
    if (by === 1) rotation.next();
    else rotation.previous();
  };

  const moveFocus = (to: number) => {
    const target = (to + topics.length) % topics.length;
    rotation.select(target);
    tabs.current[target]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowDown: rotation.index + 1,
      ArrowRight: rotation.index + 1,
      ArrowUp: rotation.index - 1,
      ArrowLeft: rotation.index - 1,
      Home: 0,
      End: topics.length - 1,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    moveFocus(to);
  };

  return (
    <div className="md:grid md:grid-cols-[18rem_1fr] md:gap-8 lg:grid-cols-[20rem_1fr]">
      <div role="tablist" aria-label={label} aria-orientation="vertical" className="hidden flex-col gap-2 self-start md:flex" {...rotation.pauseHandlers}>
        {topics.map((topic, i) => {
          const selected = i === rotation.index;
          return (
            <button
              key={topic.id}
              ref={(element) => {
                tabs.current[i] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${topic.id}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${topic.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => rotation.select(i)}
              onKeyDown={onKeyDown}
              className={`flex items-center gap-3 rounded-2xl px-4 py-3 text-left font-semibold transition-[background-color,box-shadow,color] duration-200 ${
                selected ? `bg-white text-ink-950 shadow-card ring-2 ${tones[topic.tone].ring}` : "text-ink-700 hover:bg-white hover:text-ink-950"
              }`}
            >
              <span className={`size-2.5 shrink-0 rounded-full ${selected ? tones[topic.tone].gradient : "bg-ink-300"}`} aria-hidden="true" />
              {topic.title}
            </button>
          );
        })}
      </div>

      <div className="relative grid gap-6 md:gap-0">
        {/* Before the panels: after the selected tab, Tab reaches the arrows, then the panel's own links. Focus on
            them holds the rotation as it does on the list, so the topic a keyboard user moved to stays to be read. */}
        <div
          role="group"
          aria-label={copy.arrows}
          className="absolute top-8 right-8 z-10 hidden gap-2 md:flex"
          onFocus={rotation.pauseHandlers.onFocus}
          onBlur={rotation.pauseHandlers.onBlur}
        >
          <button type="button" aria-label={copy.previous} onClick={() => step(-1)} className={arrowClasses}>
            <ChevronLeft className="size-5" aria-hidden="true" />
          </button>
          <button type="button" aria-label={copy.next} onClick={() => step(1)} className={arrowClasses}>
            <ChevronRight className="size-5" aria-hidden="true" />
          </button>
        </div>
        <p role="status" className="sr-only">
          {announcement}
        </p>
        {topics.map((topic, i) => {
          const selected = i === rotation.index;
          const headingId = `${baseId}-heading-${topic.id}`;
          return (
            <div
              key={topic.id}
              id={`${baseId}-panel-${topic.id}`}
              role={wide ? "tabpanel" : undefined}
              aria-labelledby={wide ? `${baseId}-tab-${topic.id}` : headingId}
              data-testid="topic-panel"
              data-selected={selected}
              className={`rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100 sm:p-8 md:col-start-1 md:row-start-1 md:transition-[opacity,visibility] md:duration-300 ${selected ? "" : "md:invisible md:opacity-0"}`}
            >
              {/* Room on the right for the arrows laid over the panel: a long title wraps before it reaches them. */}
              <div className="flex min-w-0 items-center gap-4 md:pr-24">
                <span
                  className={`grid size-12 shrink-0 place-items-center rounded-2xl text-lg font-bold text-white ${tones[topic.tone].gradient}`}
                  aria-hidden="true"
                >
                  {String(i + 1).padStart(2, "0")}
                </span>
                <h3 id={headingId} className="text-xl font-bold sm:text-2xl">
                  {topic.title}
                </h3>
              </div>
              {illustration && <div className={`mt-6 ${tones[topic.tone].text}`}>{illustration(topic)}</div>}
              <p className="mt-5 text-lg text-ink-700">{topic.description}</p>
              <h4 className="mt-6 text-sm font-semibold tracking-wider text-ink-800 uppercase">Key features</h4>
              <FeatureList items={topic.features} tone={topic.tone} columns={2} className="mt-3" />
              {/* A long topic's name wraps inside the button on a phone instead of widening the card past the screen. */}
              <ButtonLink to={talkAboutTopic(topic.title)} variant="secondary" className="mt-8 h-auto! min-h-11 max-w-full py-2.5 text-left whitespace-normal!">
                Explore {topic.title}
                <ArrowRight className="size-4" aria-hidden="true" />
              </ButtonLink>
            </div>
          );
        })}
      </div>
    </div>
  );
}
