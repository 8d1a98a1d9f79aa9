import type { SearchResponse } from "#contracts/search.ts";
import { INSTANT_RESULTS } from "#contracts/search-options.ts";
import { useEffect, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from "react";
import { useNavigate } from "react-router";
import { Link } from "#app/components/ui/Link.tsx";
import { searchCopy } from "#app/content/search.ts";
import { siteSearchField } from "#app/components/layout/SiteHeader.tsx";
import { Badge } from "#app/components/ui/Badge.tsx";
import { searchPath } from "./paths";
import { Snippet } from "./Snippet";

/** The pause after the last keystroke before the box asks for results. */
export const SEARCH_DEBOUNCE_MS = 150;
export const LISTBOX_ID = "site-search-results";
const optionId = (index: number) => `site-search-option-${index}`;

export type SearchFetcher = (query: string, signal: AbortSignal) => Promise<SearchResponse>;

/** The instant results of a query still being typed: a miss is not counted as one (`instant=1`). */
const fetchInstant: SearchFetcher = async (query, signal) => {
  const params = new URLSearchParams({ q: query, limit: String(INSTANT_RESULTS), instant: "1" });
  const response = await fetch(`/api/search/?${params}`, { signal, headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`search answered ${response.status}`);
  return (await response.json()) as SearchResponse;
};

/** What the list shows: the answer for one query, or that it failed. */
type Outcome = { query: string; response: SearchResponse } | { query: string; failed: true };

export interface SearchComboboxProps {
  /** What was typed in the plain box while this module loaded. */
  initialValue: string;
  /** Escape with the list closed: the header closes the box. */
  onClose: () => void;
  search?: SearchFetcher;
}

/**
 * The header's search as a WAI-ARIA combobox: results as the visitor types (after a pause of
 * SEARCH_DEBOUNCE_MS), arrows to move through them, Enter to open one, Escape to close the list. Focus stays
 * in the input; the active option is named by aria-activedescendant. Loaded only when the box opens.
 */
export default function SearchCombobox({ initialValue, onClose, search = fetchInstant }: SearchComboboxProps) {
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(initialValue);
  const [outcome, setOutcome] = useState<Outcome>();
  const [loading, setLoading] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const inFlight = useRef<AbortController>(undefined);
  /** Results arrived since the debounce fired and are not yet measured. */
  const measurePending = useRef(false);

  const results = outcome && "response" in outcome ? outcome.response.results : [];

  const cancel = () => {
    clearTimeout(timer.current);
    inFlight.current?.abort();
    inFlight.current = undefined;
  };

  // A slower earlier answer never replaces a newer one: each keystroke aborts the request before it.
  const run = async (query: string) => {
    performance.mark("search:debounced");
    const controller = new AbortController();
    inFlight.current = controller;
    setLoading(true);
    let next: Outcome;
    try {
      next = { query, response: await search(query, controller.signal) };
    } catch {
      if (controller.signal.aborted) return;
      next = { query, failed: true };
    }
    if (controller.signal.aborted) return;
    inFlight.current = undefined;
    measurePending.current = "response" in next;
    setOutcome(next);
    setLoading(false);
    setActive(-1);
    setExpanded(true);
  };

  const schedule = (query: string) => {
    cancel();
    if (query.trim() === "") {
      setOutcome(undefined);
      setLoading(false);
      setExpanded(false);
      setActive(-1);
      return;
    }
    debounce(query);
  };

  const debounce = (query: string) => {
    timer.current = setTimeout(() => void run(query), SEARCH_DEBOUNCE_MS);
  };

  // Before the browser's next task, so no key pressed right after opening the box lands elsewhere.
  useLayoutEffect(() => {
    // Focus moves here from the plain box this replaced, the caret after what was typed there.
    const field = input.current;
    if (field) {
      field.focus();
      field.setSelectionRange(field.value.length, field.value.length);
    }
    if (initialValue.trim()) debounce(initialValue);
    return cancel;
    // Once, for the text typed before the module arrived.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The bench reads the time from the debounce to results in the document.
  useLayoutEffect(() => {
    if (!measurePending.current) return;
    measurePending.current = false;
    performance.measure("search:results", "search:debounced");
  }, [outcome]);

  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: "nearest" });
  }, [active]);

  const open = (index: number) => {
    const result = results[index];
    if (!result) return;
    cancel();
    void navigate(result.url);
  };

  const move = (step: 1 | -1) => {
    if (results.length === 0) return;
    setExpanded(true);
    setActive((current) => (current === -1 ? (step === 1 ? 0 : results.length - 1) : (current + step + results.length) % results.length));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      move(event.key === "ArrowDown" ? 1 : -1);
    } else if (event.key === "Enter" && expanded && active >= 0) {
      // Without an active option, Enter submits the form: the results page.
      event.preventDefault();
      open(active);
    } else if (event.key === "Escape") {
      // The search field's own Escape would clear the text.
      event.preventDefault();
      if (expanded) {
        setExpanded(false);
        setActive(-1);
      } else onClose();
    }
  };

  // Focus or a click going anywhere outside the box closes the list, so it never covers what comes next.
  const collapseWhenLeaving = (event: FocusEvent) => {
    if (!input.current?.form?.contains(event.relatedTarget as Node | null)) {
      setExpanded(false);
      setActive(-1);
    }
  };

  const shown = expanded && outcome !== undefined;
  const status = loading ? searchCopy.instant.searching : outcome && "response" in outcome ? searchCopy.instant.count(results.length) : "";

  return (
    <>
      <input
        ref={input}
        {...siteSearchField}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={LISTBOX_ID}
        aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        value={value}
        onChange={(event) => {
          const next = event.currentTarget.value;
          setValue(next);
          setActive(-1);
          schedule(next);
        }}
        onKeyDown={onKeyDown}
        onBlur={collapseWhenLeaving}
      />
      <p role="status" className="sr-only">
        {status}
      </p>
      <div hidden={!shown} className="absolute inset-x-0 top-full" onBlur={collapseWhenLeaving}>
        <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
          <div className="overflow-hidden rounded-b-2xl bg-white shadow-card-hover ring-1 ring-ink-100">
            <div
              id={LISTBOX_ID}
              role="listbox"
              aria-label={searchCopy.instant.listLabel}
              aria-busy={loading}
              className="max-h-[min(32rem,calc(100dvh-10rem))] overflow-y-auto p-2"
            >
              {outcome && "failed" in outcome ? (
                <div role="option" aria-disabled="true" aria-selected="false" className="px-4 py-3 text-sm text-ink-700">
                  {searchCopy.instant.failed}
                </div>
              ) : results.length === 0 ? (
                <div role="option" aria-disabled="true" aria-selected="false" className="px-4 py-3 text-sm text-ink-700">
                  {outcome ? searchCopy.instant.noResults(outcome.query) : ""}
                </div>
              ) : (
                results.map((result, i) => (
                  <Link
                    key={`${result.type}:${result.url}`}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === active}
                    tabIndex={-1}
                    to={result.url}
                    // The input keeps focus while the pointer chooses, as it does with the keyboard.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={cancel}
                    className={`block rounded-xl px-4 py-3 transition-colors duration-150 hover:bg-surface ${i === active ? "bg-surface ring-2 ring-indigo-500 ring-inset" : ""}`}
                  >
                    <span className="flex items-baseline gap-2">
                      <Badge className="shrink-0">{searchCopy.kinds[result.type]}</Badge>
                      <span className="font-semibold text-ink-900">{result.title}</span>
                    </span>
                    <span className="mt-1 line-clamp-2 text-sm text-ink-700">
                      <Snippet result={result} />
                    </span>
                  </Link>
                ))
              )}
            </div>
            {outcome && (
              <div className="border-t border-ink-100 px-6 py-3">
                <Link to={searchPath(value)} onClick={cancel} className="text-sm font-semibold text-crimson-600 hover:text-crimson-700">
                  {searchCopy.instant.seeAll}
                </Link>
              </div>
            )}
          </div>
        </div>
      </div>
    </>
  );
}
