import type { SocialName } from "#app/content/site.ts";

/** Simple marks drawn for this site: each network's initial in its own shape (a letter of its name, so the link's name still contains what it shows). */
const marks: Record<SocialName, { text: string; shape: "square" | "circle" }> = {
  LinkedIn: { text: "in", shape: "square" },
  Twitter: { text: "X", shape: "square" },
  Instagram: { text: "I", shape: "square" },
  Facebook: { text: "f", shape: "circle" },
  TikTok: { text: "T", shape: "circle" },
  WhatsApp: { text: "W", shape: "circle" },
};

export function SocialIcon({ name }: { name: SocialName }) {
  const mark = marks[name];
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
      {mark.shape === "square" ? (
        <rect x="2" y="2" width="20" height="20" rx="5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      ) : (
        <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="1.8" />
      )}
      <text x="12" y="16.2" textAnchor="middle" fontSize="11" fontWeight="700" fill="currentColor" fontFamily="Arial, sans-serif">
        {mark.text}
      </text>
    </svg>
  );
}
