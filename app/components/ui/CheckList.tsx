import { CircleCheck } from "lucide-react";

/** A titled list of points, each marked with a check: reasons, promises, what to expect. */
export function CheckList({ id, title, items }: { id: string; title: string; items: readonly string[] }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      <ul className="mt-4 space-y-3">
        {items.map((item) => (
          <li key={item} className="flex gap-3 text-ink-800">
            <CircleCheck className="mt-0.5 size-5 shrink-0 text-emerald-700" aria-hidden="true" />
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}
