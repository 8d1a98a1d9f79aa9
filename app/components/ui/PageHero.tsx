import type { ReactNode } from "react";

interface PageHeroProps {
  eyebrow: string;
  title: ReactNode;
  intro?: ReactNode;
  /** Marketing pages centre their opening; information pages keep it at the start. */
  align?: "start" | "center";
  /** Buttons, dates or a search box under the intro. */
  children?: ReactNode;
}

/** The dark band that opens a page, with the page's one h1. */
export function PageHero({ eyebrow, title, intro, align = "start", children }: PageHeroProps) {
  const centred = align === "center";
  return (
    <section className="relative overflow-hidden bg-ink-950 text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(50rem_24rem_at_85%_-20%,rgb(79_70_229/0.45),transparent),radial-gradient(36rem_20rem_at_0%_120%,rgb(34_211_238/0.22),transparent)]"
      />
      <div className={`relative mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8 ${centred ? "text-center" : ""}`}>
        <p className="text-sm font-semibold tracking-wider text-cyan-300 uppercase">{eyebrow}</p>
        <h1 className={`mt-3 max-w-3xl text-2xl font-extrabold sm:text-5xl ${centred ? "mx-auto" : ""}`}>{title}</h1>
        {intro && <p className={`mt-5 max-w-2xl text-lg text-ink-200 ${centred ? "mx-auto" : ""}`}>{intro}</p>}
        {children && <div className="mt-8">{children}</div>}
      </div>
    </section>
  );
}
