import { useRef, type KeyboardEvent, type ReactNode } from "react";
import { idFrom } from "#app/lib/dom-id.ts";

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
}

interface TabsProps<T extends string> {
  label: string;
  tabs: readonly TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
  children: ReactNode;
  className?: string;
}

/**
 * A tab list as WAI-ARIA describes it: one tab stop, arrow keys move and select, Home and End jump.
 * The panel shows the selected tab's content, given as children.
 */
export function Tabs<T extends string>({ label, tabs, selected, onSelect, children, className = "" }: TabsProps<T>) {
  const baseId = idFrom(label);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const index = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === selected),
  );

  const move = (to: number) => {
    const next = (to + tabs.length) % tabs.length;
    onSelect(tabs[next]!.id);
    refs.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const keys: Record<string, () => void> = {
      ArrowRight: () => move(index + 1),
      ArrowDown: () => move(index + 1),
      ArrowLeft: () => move(index - 1),
      ArrowUp: () => move(index - 1),
      Home: () => move(0),
      End: () => move(tabs.length - 1),
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };

  return (
    <div className={className}>
      <div role="tablist" aria-label={label} className="inline-flex flex-wrap gap-1 rounded-3xl bg-ink-100 p-1">
        {tabs.map((tab, i) => {
          const active = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                refs.current[i] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={active}
              aria-controls={`${baseId}-panel`}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              onKeyDown={onKeyDown}
              className={`rounded-full px-4 py-2 text-sm font-semibold transition-colors duration-200 ${
                active ? "bg-white text-ink-900 shadow-sm" : "text-ink-700 hover:text-ink-900"
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${selected}`} tabIndex={0} className="mt-6 focus-visible:outline-2">
        {children}
      </div>
    </div>
  );
}
