import { ArrowRight } from "lucide-react";
import { Link } from "#app/components/ui/Link.tsx";
import { ButtonLink } from "#app/components/ui/Button.tsx";
import type { HomeContent } from "#contracts/site-content.ts";
import { useOnScreen } from "#app/lib/use-in-view.ts";
import { usePrefersReducedMotion } from "#app/lib/use-media-query.ts";
import { useRotation } from "#app/lib/use-rotation.ts";
import { useTypewriter } from "#app/lib/use-typewriter.ts";
import { CarouselDots, slideClasses } from "../CarouselDots";
import { Orbit } from "./Orbit";

export const TYPING_MS = 70;
export const DELETING_MS = 50;
export const HERO_ROTATION_MS = 5000;

function TypedService({ lead, services }: { lead: string; services: string[] }) {
  const reducedMotion = usePrefersReducedMotion();
  // Each letter typed is a render, a layout and a paint: on a phone, a third of its main thread while it runs.
  const [line, onScreen] = useOnScreen<HTMLParagraphElement>();
  const typed = useTypewriter(services, { typingMs: TYPING_MS, deletingMs: DELETING_MS, enabled: !reducedMotion && onScreen });
  return (
    <p ref={line} className="mt-6 text-xl font-bold sm:text-2xl">
      <span className="sr-only">
        {lead} {services.join(", ")}.
      </span>
      <span aria-hidden="true" className="block text-ink-200">
        {lead}
      </span>
      <span aria-hidden="true" className="block h-[1.4em] whitespace-nowrap text-cyan-300">
        <span data-testid="typewriter" className="mk-caret">
          {typed}
        </span>
      </span>
    </p>
  );
}

function Spotlight({ spotlights: heroSpotlights }: { spotlights: HomeContent["spotlights"] }) {
  const rotation = useRotation({ count: heroSpotlights.length, intervalMs: HERO_ROTATION_MS });
  return (
    <div role="group" aria-roledescription="carousel" aria-label="Service spotlight" className="mt-8 max-w-xl">
      <div className="grid" aria-live={rotation.autoAdvancing ? "off" : "polite"}>
        {heroSpotlights.map((spotlight, i) => (
          <div key={i} data-testid="spotlight" data-active={i === rotation.index} className={slideClasses(i === rotation.index, rotation.direction)}>
            <p className="text-lg text-ink-200">{spotlight.description}</p>
            <ul aria-label={`${spotlight.service} keywords`} className="mt-4 flex flex-wrap gap-2">
              {spotlight.keywords.map((keyword, n) => (
                <li key={n} className="rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-cyan-300 ring-1 ring-white/15">
                  {keyword}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="mt-4 -ml-2">
        <CarouselDots
          count={heroSpotlights.length}
          index={rotation.index}
          onSelect={rotation.select}
          labelFor={(i) => `Show ${heroSpotlights[i]!.service}`}
          inverse
        />
      </div>
    </div>
  );
}

export function Hero({ hero: homeIntro, spotlights }: { hero: HomeContent["hero"]; spotlights: HomeContent["spotlights"] }) {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-ink-950 text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(60rem_30rem_at_80%_-10%,rgb(79_70_229/0.45),transparent),radial-gradient(40rem_24rem_at_0%_110%,rgb(34_211_238/0.25),transparent)]"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-12 lg:px-8">
        <div className="lg:col-span-7">
          <p className="text-sm font-semibold tracking-wider text-cyan-300 uppercase">{homeIntro.eyebrow}</p>
          <h1 id="hero-title" className="mt-4 text-3xl font-extrabold sm:text-5xl">
            {homeIntro.headline}
          </h1>
          <TypedService lead={homeIntro.typewriterLead} services={spotlights.map((spotlight) => spotlight.service)} />
          <Spotlight spotlights={spotlights} />
          <div className="mt-8 flex flex-wrap gap-4">
            <ButtonLink to="/getStarted" size="lg">
              {homeIntro.primary}
              <ArrowRight className="size-4" aria-hidden="true" />
            </ButtonLink>
            <ButtonLink to="/talktoexpert" size="lg" variant="inverse">
              {homeIntro.secondary}
            </ButtonLink>
          </div>
          <p className="mt-8 max-w-xl text-ink-200">{homeIntro.tagline}</p>
          <nav aria-label="Explore HimalTech" className="mt-6">
            <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm font-semibold">
              {homeIntro.quickLinks.map((link, i) => (
                <li key={i}>
                  <Link to={link.to} className="group inline-flex min-h-6 items-center gap-1 rounded text-white underline-offset-4 hover:underline">
                    {link.label}
                    <ArrowRight className="size-3.5 text-cyan-300 transition-transform duration-200 group-hover:translate-x-0.5" aria-hidden="true" />
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div className="lg:col-span-5">
          <Orbit />
        </div>
      </div>
    </section>
  );
}
