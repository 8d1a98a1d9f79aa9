import { BrainCircuit, Cloud, Code2, Database, Globe, ShieldCheck, Smartphone, Zap, type LucideIcon } from "lucide-react";
import { orbitTopics, type OrbitTopic } from "#app/content/home.ts";

const icons: Record<OrbitTopic, LucideIcon> = {
  AI: BrainCircuit,
  Security: ShieldCheck,
  Cloud,
  Data: Database,
  Dev: Code2,
  Web: Globe,
  Mobile: Smartphone,
  Speed: Zap,
};

/**
 * Eight topics circling the HimalTech mark. Its size follows the window width in steps at 640, 768
 * and 1024 px, set in CSS so the server's page already has the right size and nothing shifts.
 */
export function Orbit() {
  return (
    <div
      role="img"
      aria-label={`Our topics: ${orbitTopics.join(", ")}`}
      data-testid="orbit"
      className="relative mx-auto size-72 [--orbit-radius:112px] sm:size-80 sm:[--orbit-radius:128px] md:size-88 md:[--orbit-radius:144px] lg:size-104 lg:[--orbit-radius:172px]"
    >
      <div aria-hidden="true" className="absolute inset-[12%] rounded-full border border-dashed border-white/20" />
      <div aria-hidden="true" className="absolute inset-[30%] rounded-full bg-[radial-gradient(circle,rgb(99_102_241/0.45),transparent_70%)]" />
      <div
        aria-hidden="true"
        className="absolute top-1/2 left-1/2 grid size-20 -translate-1/2 place-items-center rounded-3xl bg-white/10 ring-1 ring-white/25 backdrop-blur lg:size-24"
      >
        <svg viewBox="0 0 32 32" width="48" height="48">
          <path d="M5 24 13 10l4 6 3-4 7 12z" fill="#67e8f9" />
          <circle cx="13" cy="9" r="2.4" fill="#dc143c" />
        </svg>
      </div>
      <ul aria-hidden="true" className="mk-orbit absolute inset-0">
        {orbitTopics.map((topic, i) => {
          const Icon = icons[topic];
          const angle = (360 / orbitTopics.length) * i;
          return (
            <li
              key={topic}
              className="absolute top-1/2 left-1/2"
              style={{ transform: `rotate(${angle}deg) translateX(var(--orbit-radius)) rotate(${-angle}deg)` }}
            >
              <span className="mk-orbit-upright -mt-7 -ml-7 flex size-14 flex-col items-center justify-center rounded-2xl bg-ink-800/90 text-cyan-300 shadow-lg ring-1 ring-white/15">
                <Icon className="size-5" />
                <span className="mt-0.5 text-[10px] font-semibold text-white">{topic}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
