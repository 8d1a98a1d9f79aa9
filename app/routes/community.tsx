import { CalendarDays, Eye, MapPin, MessageSquare } from "lucide-react";
import { PageHero } from "#app/components/ui/PageHero.tsx";
import { Badge } from "#app/components/ui/Badge.tsx";
import { buttonClasses, ButtonLink } from "#app/components/ui/Button.tsx";
import { Card } from "#app/components/ui/Card.tsx";
import { community } from "#app/content/community.ts";
import { seo } from "#app/lib/seo.ts";
import { withThousands } from "#app/lib/spelled.ts";

export const meta = () => seo({ ...community.seo, path: "/community" });

export default function Community() {
  return (
    <>
      <PageHero eyebrow={community.eyebrow} title={community.title} intro={community.intro} />
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-16 sm:px-6 lg:grid-cols-[1fr_22rem] lg:px-8">
        <section aria-labelledby="forum-title">
          <div className="flex flex-wrap items-center justify-between gap-4">
            <h2 id="forum-title" className="text-xl font-bold sm:text-2xl">
              {community.forumTitle}
            </h2>
            <a href={community.discussionsHref} rel="noopener noreferrer" className={buttonClasses("secondary", "sm")}>
              {community.newThread}
            </a>
          </div>
          <ul className="mt-6 divide-y divide-ink-100 rounded-card bg-white shadow-card ring-1 ring-ink-100">
            {community.threads.map((thread) => (
              <li key={thread.title} className="flex flex-col gap-2 p-5 sm:flex-row sm:items-center sm:justify-between">
                <div>
                  <h3 className="font-semibold">{thread.title}</h3>
                  <p className="text-sm text-ink-700">by {thread.author}</p>
                </div>
                <dl className="flex shrink-0 gap-4 text-sm text-ink-700">
                  <div className="flex items-center gap-1">
                    <dt>
                      <MessageSquare className="size-4" aria-hidden="true" />
                      <span className="sr-only">Replies</span>
                    </dt>
                    <dd>{thread.replies}</dd>
                  </div>
                  <div className="flex items-center gap-1">
                    <dt>
                      <Eye className="size-4" aria-hidden="true" />
                      <span className="sr-only">Views</span>
                    </dt>
                    <dd>{withThousands(thread.views)}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        </section>
        <div className="space-y-10">
          <section aria-labelledby="events-title">
            <h2 id="events-title" className="text-xl font-bold sm:text-2xl">
              {community.eventsTitle}
            </h2>
            <ul className="mt-6 space-y-4">
              {community.events.map((event) => (
                <li key={event.title}>
                  <Card>
                    <h3 className="font-semibold">{event.title}</h3>
                    <p className="mt-2 flex items-center gap-2 text-sm text-ink-700">
                      <CalendarDays className="size-4" aria-hidden="true" />
                      {event.date}
                    </p>
                    <p className="mt-1 flex items-center gap-2 text-sm text-ink-700">
                      <MapPin className="size-4" aria-hidden="true" />
                      {event.location}
                    </p>
                    <p className="mt-3 text-sm text-ink-800">{event.description}</p>
                    <ButtonLink to={community.registerHref(event.title)} size="sm" className="mt-4">
                      {community.register}
                      <span className="sr-only"> for {event.title}</span>
                    </ButtonLink>
                  </Card>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="featured-title">
            <h2 id="featured-title" className="text-xl font-bold sm:text-2xl">
              {community.featuredTitle}
            </h2>
            <Card className="mt-6 bg-gradient-to-br from-indigo-50 to-white">
              <h3 className="text-lg font-semibold">{community.featured.name}</h3>
              <p className="mt-2 text-sm text-ink-800">{community.featured.text}</p>
              <ul className="mt-4 flex flex-wrap gap-2" aria-label="Tags">
                {community.featured.tags.map((tag) => (
                  <li key={tag}>
                    <Badge tone="info">{tag}</Badge>
                  </li>
                ))}
              </ul>
              <a href={community.featured.href} rel="noopener noreferrer" className={buttonClasses("secondary", "sm", "mt-4")}>
                {community.featured.action}
              </a>
            </Card>
          </section>
        </div>
      </div>
    </>
  );
}
