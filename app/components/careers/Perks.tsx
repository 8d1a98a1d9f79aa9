import { Coins, GraduationCap, HeartPulse, Laptop, PartyPopper, Sunrise } from "lucide-react";
import { careersPage, type PerkIcon } from "#app/content/careers.ts";

const icons: Record<PerkIcon, typeof Coins> = {
  salary: Coins,
  flexible: Sunrise,
  learning: GraduationCap,
  health: HeartPulse,
  equipment: Laptop,
  retreats: PartyPopper,
};

export function Perks() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {careersPage.perks.map((perk) => {
        const Icon = icons[perk.icon];
        return (
          <li key={perk.icon} className="flex items-center gap-4 rounded-card bg-white p-5 shadow-card ring-1 ring-ink-100">
            <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-indigo-600/10 text-indigo-600">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <span className="font-medium text-ink-900">{perk.text}</span>
          </li>
        );
      })}
    </ul>
  );
}
