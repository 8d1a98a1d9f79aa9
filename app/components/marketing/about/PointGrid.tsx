import type { AboutPoint } from "#contracts/site-content.ts";
import { contentIcons } from "../content-icons";
import { tones } from "../tones";

/** Five short statements with an icon each: the strategic goals and the core values. */
export function PointGrid({ items }: { items: AboutPoint[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-4 lg:grid-cols-5">
      {items.map(({ title, text, tone, icon }, i) => {
        const Icon = contentIcons[icon];
        return (
          // Two by two below a wide screen, the fifth centred under them rather than alone at the left.
          <li
            key={i}
            className="rounded-card sm:col-span-2 sm:last:col-start-2 lg:col-span-1 lg:last:col-start-auto bg-white p-6 shadow-card ring-1 ring-ink-100 transition-[box-shadow,transform] duration-200 ease-out hover:-translate-y-0.5 hover:shadow-card-hover"
          >
            <span className={`grid size-11 place-items-center rounded-xl text-white ${tones[tone].gradient}`}>
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <h3 className="mt-4 font-bold">{title}</h3>
            <p className="mt-2 text-sm text-ink-700">{text}</p>
          </li>
        );
      })}
    </ul>
  );
}
