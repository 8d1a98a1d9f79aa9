import { ArrowRight, ExternalLink, MapPin } from "lucide-react";
import { ButtonLink } from "#app/components/ui/Button.tsx";
import { Section } from "#app/components/ui/Section.tsx";
import type { ContentPhoto, PhotoSources, TeamContent } from "#contracts/site-content.ts";
import type { Tone } from "#app/content/tone.ts";
import { Avatar } from "../Avatar";
import { Flag } from "./Flag";
import { Reveal } from "../Reveal";
import { tones } from "../tones";

export const TEAM_REVEAL_MARGIN_PX = 100;

/** The person's photo when staff gave one, else their initials on a disc of their colour. */
function Portrait({ photo, initials, tone, size, photos }: { photo: ContentPhoto; initials: string; tone: Tone; size: number; photos: PhotoSources }) {
  const sources = photo ? photos[photo.id] : undefined;
  if (!photo || !sources) return <Avatar initials={initials} tone={tone} size={size} />;
  return (
    <img
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={`${size}px`}
      width={size}
      height={size}
      alt={photo.alt}
      loading="lazy"
      decoding="async"
      className="shrink-0 rounded-full object-cover ring-1 ring-ink-100"
      style={{ width: size, height: size }}
    />
  );
}

export function TeamSection({ team, photos }: { team: TeamContent; photos: PhotoSources }) {
  return (
    <Section id="team" tone="muted" eyebrow={team.eyebrow} title={team.title} intro={team.intro}>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {team.leaders.map((leader, i) => (
          <Reveal
            key={i}
            as="li"
            marginPx={TEAM_REVEAL_MARGIN_PX}
            className="flex flex-col rounded-card bg-white p-6 text-center shadow-card ring-1 ring-ink-100"
          >
            <div className="mx-auto">
              <Portrait photo={leader.photo} initials={leader.initials} tone={leader.tone} size={96} photos={photos} />
            </div>
            <h3 className="mt-4 text-lg font-bold">{leader.name}</h3>
            <p className={`mt-1 text-sm font-semibold ${tones[leader.tone].text}`}>{leader.title}</p>
            <p className="mt-3 flex-1 text-sm text-ink-700">{leader.role}</p>
            <p className="mt-3 text-xs font-medium text-ink-800">{leader.experience}</p>
            <a
              href={leader.linkedin}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-4 inline-flex items-center justify-center gap-1.5 self-center rounded text-sm font-semibold text-indigo-700 hover:underline"
            >
              LinkedIn<span className="sr-only"> profile of {leader.name} (opens in a new tab)</span>
              <ExternalLink className="size-3.5" aria-hidden="true" />
            </a>
          </Reveal>
        ))}
      </ul>

      <h3 className="mt-20 text-center text-xl font-bold sm:text-2xl">{team.globalTitle}</h3>
      <p className="mt-2 text-center text-ink-700">{team.globalIntro}</p>
      <ul className="mx-auto mt-8 grid max-w-md gap-6">
        {team.globalTeam.map((member, i) => (
          <Reveal key={i} as="li" marginPx={TEAM_REVEAL_MARGIN_PX} className="flex items-start gap-5 rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100">
            <Portrait photo={member.photo} initials={member.initials} tone="violet" size={72} photos={photos} />
            <div>
              <h4 className="text-lg font-bold">{member.name}</h4>
              <p className="text-sm font-semibold text-violet-800">{member.role}</p>
              <p className="mt-1 flex items-center gap-1.5 text-sm text-ink-700">
                <MapPin className="size-3.5" aria-hidden="true" />
                {member.location}
                {member.flag && <Flag code={member.flag} />}
              </p>
              <p className="mt-2 text-sm text-ink-700">{member.experience}</p>
              <a
                href={member.linkedin}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-3 inline-flex items-center gap-1.5 rounded text-sm font-semibold text-indigo-700 hover:underline"
              >
                {team.connect}
                <span className="sr-only"> with {member.name} (opens in a new tab)</span>
                <ExternalLink className="size-3.5" aria-hidden="true" />
              </a>
            </div>
          </Reveal>
        ))}
      </ul>

      <div className="mt-20 rounded-card bg-linear-to-br from-indigo-600 to-ink-800 px-6 py-12 text-center text-white">
        <h3 className="text-xl font-bold sm:text-2xl">{team.join}</h3>
        <p className="mx-auto mt-3 max-w-xl text-ink-100">{team.joinText}</p>
        <ButtonLink to="/careers" size="lg" variant="secondary" className="mt-6">
          {team.action}
          <ArrowRight className="size-4" aria-hidden="true" />
        </ButtonLink>
      </div>
    </Section>
  );
}
