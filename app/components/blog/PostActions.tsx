import { Bookmark, Share2 } from "lucide-react";
import { useEffect, useState } from "react";
import { blogCopy } from "#app/content/blog.ts";
import { useTimedFlag } from "#app/lib/use-timed-flag.ts";

const copy = blogCopy.post;

/** How long a share or save says what it did (the site's other button confirmations last as long). */
const CONFIRMATION_MS = 3000;
/** The posts this browser saved for later, by id. */
const SAVED_KEY = "himaltech:saved-posts";

function savedPosts(): number[] {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(SAVED_KEY) ?? "[]");
    return Array.isArray(saved) ? saved.filter((id): id is number => typeof id === "number") : [];
  } catch {
    return []; // storage refused or garbled: nothing saved
  }
}

const buttonClass = "rounded-full p-2.5 text-ink-700 ring-1 ring-ink-200 hover:bg-ink-100 aria-pressed:bg-crimson-50 aria-pressed:text-crimson-700";

/** Share copies the post's address; Save for later keeps the post in this browser's saved list and shows it pressed. */
export function PostActions({ id }: { id: number }) {
  const [saved, setSaved] = useState(false);
  const [message, setMessage] = useState("");
  const [showing, show] = useTimedFlag(CONFIRMATION_MS);
  // Stored in the browser, so read once the page is live; the server draws it unsaved.
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the browser's storage is only readable here
  useEffect(() => setSaved(savedPosts().includes(id)), [id]);

  const say = (text: string) => {
    setMessage(text);
    show();
  };
  const share = async () => {
    try {
      await navigator.clipboard.writeText(`${window.location.origin}/blog/${id}`);
    } catch {
      return; // the clipboard was refused: nothing happened, so nothing is said
    }
    say(copy.shared);
  };
  const toggleSaved = () => {
    const now = !saved;
    const others = savedPosts().filter((other) => other !== id);
    try {
      localStorage.setItem(SAVED_KEY, JSON.stringify(now ? [...others, id] : others));
    } catch {
      // kept for this visit only
    }
    setSaved(now);
    say(now ? copy.saved : copy.unsaved);
  };

  return (
    <div className="flex items-center gap-2">
      <span role="status" className="text-sm font-medium text-ink-700">
        {showing ? message : ""}
      </span>
      <button type="button" aria-label={copy.share} className={buttonClass} onClick={() => void share()}>
        <Share2 className="size-4" aria-hidden="true" />
      </button>
      <button type="button" aria-label={copy.save} aria-pressed={saved} className={buttonClass} onClick={toggleSaved}>
        <Bookmark className="size-4" fill={saved ? "currentColor" : "none"} aria-hidden="true" />
      </button>
    </div>
  );
}
