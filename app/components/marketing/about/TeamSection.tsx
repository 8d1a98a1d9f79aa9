import { ArrowRight, ExternalLink, MapPin } from "lucide-react";
import { ButtonLink } from "#app/components/ui/Button.tsx";
import { Section } from "#app/components/ui/Section.tsx";
import { globalTeam, leaders, teamSection } from "#app/content/team.ts";
import { Avatar } from "../Avatar";
import { Flag } from "./Flag";
import { Reveal } from "../Reveal";
import { tones } from "../tones";

export const TEAM_REVEAL_MARGIN_PX = 100;

export function TeamSection() {
  return (
    <Section id="team" tone="muted" eyebrow={teamSection.eyebrow} title={teamSection.title} intro={teamSection.intro}>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {leaders.map((leader) => (
          <Reveal
            key={leader.id}
            as="li"
            marginPx={TEAM_REVEAL_MARGIN_PX}
            className="flex flex-col rounded-card bg-white p-6 text-center shadow-card ring-1 ring-ink-100"
          >
            <div className="mx-auto">
              <Avatar initials={leader.image} tone={leader.tone} size={96} />
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

      <h3 className="mt-20 text-center text-xl font-bold sm:text-2xl">{teamSection.globalTitle}</h3>
      <p className="mt-2 text-center text-ink-700">{teamSection.globalIntro}</p>
      <ul className="mx-auto mt-8 grid max-w-md gap-6">
        {globalTeam.map((member) => (
          <Reveal
            key={member.id}
            as="li"
            marginPx={TEAM_REVEAL_MARGIN_PX}
            className="flex items-start gap-5 rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100"
          >
            <Avatar initials={member.image} tone="violet" size={72} />
            <div>
              <h4 className="text-lg font-bold">{member.name}</h4>
              <p className="text-sm font-semibold text-violet-800">{member.role}</p>
              <p className="mt-1 flex items-center gap-1.5 text-sm text-ink-700">
                <MapPin className="size-3.5" aria-hidden="true" />
                {member.location}
                <Flag code={member.flag} />
              </p>
              <p className="mt-2 text-sm text-ink-700">{member.experience}</p>
              <a
                href={member.linkedin}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-3 inline-flex items-center gap-1.5 rounded text-sm font-semibold text-indigo-700 hover:underline"
              >
                {teamSection.connect}
                <span className="sr-only"> with {member.name} (opens in a new tab)</span>
                <ExternalLink className="size-3.5" aria-hidden="true" />
              </a>
            </div>
          </Reveal>
        ))}
      </ul>

      <div className="mt-20 rounded-card bg-linear-to-br from-indigo-600 to-ink-800 px-6 py-12 text-center text-white">
        <h3 className="text-xl font-bold sm:text-2xl">{teamSection.join}</h3>
        <p className="mx-auto mt-3 max-w-xl text-ink-100">{teamSection.joinText}</p>
        <ButtonLink to={teamSection.action.to} size="lg" variant="secondary" className="mt-6">
          {teamSection.action.label}
          <ArrowRight className="size-4" aria-hidden="true" />
        </ButtonLink>
      </div>
    </Section>
  );
}
