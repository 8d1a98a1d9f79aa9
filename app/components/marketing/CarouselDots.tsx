/** Dot buttons that jump straight to one item; the current one is marked for assistive technology. */
export function CarouselDots({
  count,
  index,
  onSelect,
  labelFor,
  inverse = false,
}: {
  count: number;
  index: number;
  onSelect: (index: number) => void;
  labelFor: (index: number) => string;
  inverse?: boolean;
}) {
  return (
    <div className="flex items-center gap-1">
      {Array.from({ length: count }, (_, i) => (
        <button
          key={i}
          type="button"
          aria-label={labelFor(i)}
          aria-current={i === index ? "true" : undefined}
          onClick={() => onSelect(i)}
          className="group grid size-6 place-items-center rounded-full"
        >
          <span
            className={`block h-2 rounded-full transition-[width,background-color] duration-300 ease-out ${i === index ? "w-6" : "w-2"} ${
              inverse
                ? i === index
                  ? "bg-cyan-300"
                  : "bg-white/40 group-hover:bg-white/70"
                : i === index
                  ? "bg-crimson-600"
                  : "bg-ink-300 group-hover:bg-ink-600"
            }`}
          />
        </button>
      ))}
    </div>
  );
}

/** Classes of one slide in a stack of slides that share a grid cell (so the tallest sets the height and nothing below moves). */
export function slideClasses(active: boolean, direction: "forward" | "backward") {
  const hiddenOffset = direction === "forward" ? "-translate-x-6" : "translate-x-6";
  return `col-start-1 row-start-1 transition-[opacity,transform,visibility] duration-300 ease-out ${active ? "visible opacity-100 translate-x-0" : `invisible opacity-0 ${hiddenOffset}`}`;
}
