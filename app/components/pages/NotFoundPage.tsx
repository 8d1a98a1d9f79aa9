import { Compass } from "lucide-react";
import { ButtonLink } from "#app/components/ui/Button.tsx";
import { notFound } from "#app/content/not-found.ts";

/** The site's 404 page: for an address it does not have, and for a private link that names nothing. */
export function NotFoundPage() {
  return (
    <section className="relative overflow-hidden bg-surface">
      <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center sm:py-32">
        <span className="mb-6 inline-flex size-16 items-center justify-center rounded-2xl bg-white text-indigo-600 shadow-card">
          <Compass className="size-8" aria-hidden="true" />
        </span>
        <p className="text-sm font-semibold tracking-wider text-crimson-600 uppercase">Error 404</p>
        <h1 className="mt-2 text-3xl font-bold sm:text-5xl">{notFound.heading}</h1>
        <p className="mt-4 text-lg text-ink-700">{notFound.text}</p>
        <ButtonLink to="/" size="lg" className="mt-10">
          {notFound.action}
        </ButtonLink>
      </div>
    </section>
  );
}
