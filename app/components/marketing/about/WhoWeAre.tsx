import { Section } from "#app/components/ui/Section.tsx";
import type { AboutContent } from "#contracts/site-content.ts";

const SIZE = 360;
const CENTRE = SIZE / 2;
const RADIUS = 128;
const NODE_RADIUS = 39;
/**
 * A long word is fitted to the ring's inside, whatever the visitor's system font: "Cybersecurity"
 * is 62 px wide in some and over 80 px in others.
 */
const LONG_WORD = 10;
const LABEL_WIDTH = 2 * (NODE_RADIUS - 6);
const nodeColours = ["#4f46e5", "#c8102e", "#0e7490", "#047857", "#b45309"];

/** HimalTech at the centre of its five service areas, its dashed links brightening and fading. */
function Diagram({ whoWeAre }: { whoWeAre: AboutContent["whoWeAre"] }) {
  const nodes = whoWeAre.areas.map((area, i) => {
    const angle = (2 * Math.PI * i) / whoWeAre.areas.length - Math.PI / 2;
    return { key: i, area, x: CENTRE + RADIUS * Math.cos(angle), y: CENTRE + RADIUS * Math.sin(angle), colour: nodeColours[i]! };
  });
  return (
    <svg
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      width={SIZE}
      height={SIZE}
      role="img"
      aria-label={`${whoWeAre.hub} at the centre of five service areas: ${whoWeAre.areas.join(", ")}`}
      className="mx-auto h-auto w-full max-w-sm"
    >
      <circle cx={CENTRE} cy={CENTRE} r={RADIUS} fill="none" stroke="#e7eaf7" strokeWidth="1.5" strokeDasharray="4 6" />
      {nodes.map((node) => (
        <line
          key={node.key}
          className="mk-dash"
          x1={CENTRE}
          y1={CENTRE}
          x2={node.x}
          y2={node.y}
          stroke={node.colour}
          strokeOpacity="0.55"
          strokeWidth="2"
          strokeDasharray="6 6"
        />
      ))}
      <circle className="mk-pulse" cx={CENTRE} cy={CENTRE} r="46" fill="#6366f1" opacity="0.3" />
      <circle cx={CENTRE} cy={CENTRE} r="46" fill="#0c1330" />
      <text x={CENTRE} y={CENTRE + 1} textAnchor="middle" dominantBaseline="middle" fill="#fff" fontSize="15" fontWeight="700">
        {whoWeAre.hub}
      </text>
      {nodes.map((node) => (
        <g key={node.key}>
          <circle cx={node.x} cy={node.y} r={NODE_RADIUS} fill="#fff" stroke={node.colour} strokeWidth="3" />
          <text x={node.x} y={node.y} textAnchor="middle" fill="#0c1330" fontSize="10" fontWeight="600">
            {node.area.split(" ").map((word, line, words) => (
              <tspan
                key={word}
                x={node.x}
                dy={line === 0 ? `${-(words.length - 1) * 0.6 + 0.35}em` : "1.2em"}
                {...(word.length > LONG_WORD ? { textLength: LABEL_WIDTH, lengthAdjust: "spacingAndGlyphs" } : {})}
              >
                {word}
              </tspan>
            ))}
          </text>
        </g>
      ))}
    </svg>
  );
}

export function WhoWeAre({ whoWeAre }: { whoWeAre: AboutContent["whoWeAre"] }) {
  return (
    <Section id="who-we-are">
      <div className="grid items-center gap-12 lg:grid-cols-2">
        <div>
          <p className="mb-3 text-sm font-semibold tracking-wider text-indigo-600 uppercase">{whoWeAre.eyebrow}</p>
          <h2 id="who-we-are-title" className="text-2xl font-bold sm:text-4xl">
            {whoWeAre.title}
          </h2>
          {whoWeAre.paragraphs.map((paragraph, i) => (
            <p key={i} className="mt-4 text-lg text-ink-700">
              {paragraph}
            </p>
          ))}
        </div>
        <Diagram whoWeAre={whoWeAre} />
      </div>
    </Section>
  );
}
