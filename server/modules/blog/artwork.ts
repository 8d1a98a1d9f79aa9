/**
 * Cover pictures for the sample posts, drawn here as SVG: a night sky over layered Himalayan ridges,
 * with a motif for the post's subject. Each post's number varies the ridges and the motif, so no two
 * covers look alike. Rendered to PNG by sharp and stored like any upload.
 */
export type ArtworkMotif = "network" | "chart" | "shield" | "cloud" | "code";

export const ARTWORK_WIDTH = 1600;
export const ARTWORK_HEIGHT = 840;

interface Palette {
  sky: [string, string];
  glow: string;
  ridges: [string, string, string];
  accent: string;
}

const palettes: Record<ArtworkMotif, Palette> = {
  network: { sky: ["#070b1f", "#2b1f7a"], glow: "#6366f1", ridges: ["#22306a", "#152048", "#0c1330"], accent: "#67e8f9" },
  chart: { sky: ["#061726", "#0f4c5c"], glow: "#22d3ee", ridges: ["#1b4f63", "#123847", "#0a2430"], accent: "#fbbf24" },
  shield: { sky: ["#12060d", "#5c0f24"], glow: "#dc143c", ridges: ["#4a1426", "#310c1a", "#1c0610"], accent: "#fde6ea" },
  cloud: { sky: ["#0a1030", "#1e3a8a"], glow: "#38bdf8", ridges: ["#233876", "#182a5c", "#0e1a3d"], accent: "#e0f2fe" },
  code: { sky: ["#0b0b1a", "#312e81"], glow: "#a78bfa", ridges: ["#2e2a6b", "#1f1c4d", "#121033"], accent: "#86efac" },
};

/** A small deterministic generator, so a post's cover is the same on every install. */
function random(seed: number) {
  let state = (seed * 2654435761) >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

const W = ARTWORK_WIDTH;
const H = ARTWORK_HEIGHT;

type Point = [number, number];

/** A ridge line across the picture; each peak keeps its two valleys, so snow can follow its slopes. */
function ridge(next: () => number, baseY: number, amplitude: number, peaks: number): { path: string; peaks: [Point, Point, Point][] } {
  const found: [Point, Point, Point][] = [];
  let path = `M0 ${H} L0 ${baseY}`;
  let valley: Point = [0, baseY];
  const step = W / peaks;
  for (let i = 0; i < peaks; i++) {
    const peak: Point = [i * step + step * (0.3 + next() * 0.4), baseY - amplitude * (0.45 + next() * 0.55)];
    const nextValley: Point = [(i + 1) * step, baseY - amplitude * next() * 0.25];
    found.push([valley, peak, nextValley]);
    path += ` L${peak[0].toFixed(0)} ${peak[1].toFixed(0)} L${nextValley[0].toFixed(0)} ${nextValley[1].toFixed(0)}`;
    valley = nextValley;
  }
  return { path: `${path} L${W} ${H} Z`, peaks: found };
}

/** Snow down the top third of both slopes, with a ragged lower edge. */
function snowCap([left, peak, right]: [Point, Point, Point], depth: number) {
  const along = ([x, y]: Point, t: number): Point => [peak[0] + (x - peak[0]) * t, peak[1] + (y - peak[1]) * t];
  const a = along(left, depth);
  const b = along(right, depth);
  const between = (t: number, lift: number): Point => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t + lift];
  const points = [peak, a, between(0.3, -14), between(0.55, 10), between(0.8, -10), b];
  return `<path d="M${points.map(([x, y]) => `${x.toFixed(0)} ${y.toFixed(0)}`).join(" L")} Z" fill="#f8fafc" fill-opacity="0.85"/>`;
}

function motif(kind: ArtworkMotif, next: () => number, accent: string): string {
  const cx = 1080 + next() * 160;
  const cy = 250 + next() * 60;
  switch (kind) {
    case "network": {
      const nodes = Array.from({ length: 14 }, (_, i) => {
        const angle = (i / 14) * Math.PI * 2 + next() * 0.4;
        const radius = 80 + next() * 170;
        return [cx + Math.cos(angle) * radius * 1.3, cy + Math.sin(angle) * radius * 0.7] as const;
      });
      const edges = nodes.flatMap(([x1, y1], i) =>
        nodes
          .slice(i + 1)
          .filter(() => next() < 0.22)
          .map(([x2, y2]) => `<line x1="${x1.toFixed(0)}" y1="${y1.toFixed(0)}" x2="${x2.toFixed(0)}" y2="${y2.toFixed(0)}"/>`),
      );
      const dots = nodes.map(([x, y]) => `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${(6 + next() * 8).toFixed(1)}"/>`);
      return `<g stroke="${accent}" stroke-opacity="0.45" stroke-width="2">${edges.join("")}</g><g fill="${accent}">${dots.join("")}</g><circle cx="${cx}" cy="${cy}" r="22" fill="#fff"/>`;
    }
    case "chart": {
      const bars = Array.from({ length: 9 }, (_, i) => {
        const height = 60 + next() * 200 + i * 14;
        return `<rect x="${(cx - 270 + i * 62).toFixed(0)}" y="${(cy + 170 - height).toFixed(0)}" width="40" height="${height.toFixed(0)}" rx="8" fill="#fff" fill-opacity="${(0.18 + i * 0.06).toFixed(2)}"/>`;
      });
      const points = Array.from({ length: 9 }, (_, i) => `${(cx - 250 + i * 62).toFixed(0)},${(cy + 120 - i * 26 - next() * 40).toFixed(0)}`);
      return `${bars.join("")}<polyline points="${points.join(" ")}" fill="none" stroke="${accent}" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>`;
    }
    case "shield": {
      const s = 1.3 + next() * 0.3;
      return `<g transform="translate(${cx} ${cy}) scale(${s.toFixed(2)})">
        <path d="M0 -150 L120 -105 L120 10 C120 90 60 140 0 170 C-60 140 -120 90 -120 10 L-120 -105 Z" fill="#fff" fill-opacity="0.12" stroke="${accent}" stroke-width="6"/>
        <path d="M0 -110 L85 -78 L85 8 C85 66 42 102 0 124 C-42 102 -85 66 -85 8 L-85 -78 Z" fill="${accent}" fill-opacity="0.16"/>
        <rect x="-34" y="-10" width="68" height="58" rx="10" fill="${accent}"/>
        <path d="M-20 -10 L-20 -34 C-20 -62 20 -62 20 -34 L20 -10" fill="none" stroke="${accent}" stroke-width="10"/>
        <circle cx="0" cy="14" r="9" fill="#310c1a"/></g>`;
    }
    case "cloud": {
      const cloud = (x: number, y: number, s: number, opacity: number) =>
        `<path transform="translate(${x.toFixed(0)} ${y.toFixed(0)}) scale(${s.toFixed(2)})" d="M-110 40 C-150 40 -150 -20 -105 -22 C-100 -70 -30 -80 -10 -40 C10 -90 95 -80 95 -15 C140 -15 145 40 100 40 Z" fill="#fff" fill-opacity="${opacity}"/>`;
      const links = Array.from({ length: 4 }, (_, i) => {
        const x = cx - 120 + i * 80;
        return `<line x1="${x}" y1="${cy + 60}" x2="${x}" y2="${cy + 150 + next() * 40}" stroke="${accent}" stroke-width="4" stroke-dasharray="10 10"/><circle cx="${x}" cy="${(cy + 170 + next() * 30).toFixed(0)}" r="12" fill="${accent}"/>`;
      });
      return `${links.join("")}${cloud(cx - 160, cy - 70, 0.9, 0.18)}${cloud(cx + 180, cy - 40, 0.8, 0.14)}${cloud(cx, cy, 1.6, 0.9)}`;
    }
    case "code": {
      const lines = Array.from({ length: 7 }, (_, i) => {
        const indent = [0, 1, 2, 2, 1, 2, 0][i]! * 36;
        return `<rect x="${cx - 230 + indent + 40}" y="${cy - 120 + i * 40}" width="${(90 + next() * 230).toFixed(0)}" height="16" rx="8" fill="${i % 3 === 0 ? accent : "#fff"}" fill-opacity="${i % 3 === 0 ? 0.9 : 0.35}"/>`;
      });
      return `<rect x="${cx - 250}" y="${cy - 200}" width="520" height="400" rx="24" fill="#fff" fill-opacity="0.08" stroke="#fff" stroke-opacity="0.3" stroke-width="3"/>
        <circle cx="${cx - 215}" cy="${cy - 168}" r="9" fill="#f87171"/><circle cx="${cx - 185}" cy="${cy - 168}" r="9" fill="#fbbf24"/><circle cx="${cx - 155}" cy="${cy - 168}" r="9" fill="#4ade80"/>
        ${lines.join("")}`;
    }
  }
}

/** The SVG source of a cover for the given motif; `variant` (the post's number) varies it. */
export function coverArtwork(kind: ArtworkMotif, variant: number): string {
  const next = random(variant + kind.length * 97);
  const palette = palettes[kind];
  const stars = Array.from(
    { length: 70 },
    () => `<circle cx="${(next() * W).toFixed(0)}" cy="${(next() * H * 0.55).toFixed(0)}" r="${(0.8 + next() * 1.8).toFixed(1)}"/>`,
  );
  const far = ridge(next, H * 0.62, 230, 5);
  const middle = ridge(next, H * 0.74, 170, 7);
  const near = ridge(next, H * 0.88, 110, 9);
  const caps = far.peaks.map((peak) => snowCap(peak, 0.34 + next() * 0.1));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${palette.sky[0]}"/><stop offset="1" stop-color="${palette.sky[1]}"/></linearGradient>
    <radialGradient id="glow" cx="0.7" cy="0.3" r="0.6"><stop offset="0" stop-color="${palette.glow}" stop-opacity="0.55"/><stop offset="1" stop-color="${palette.glow}" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  <rect width="${W}" height="${H}" fill="url(#glow)"/>
  <g fill="#fff" fill-opacity="0.6">${stars.join("")}</g>
  ${motif(kind, next, palette.accent)}
  <path d="${far.path}" fill="${palette.ridges[0]}"/>
  ${caps.join("")}
  <path d="${middle.path}" fill="${palette.ridges[1]}"/>
  <path d="${near.path}" fill="${palette.ridges[2]}"/>
</svg>`;
}
