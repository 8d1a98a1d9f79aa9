import { useEffect, useState } from "react";

interface TypewriterOptions {
  typingMs?: number;
  deletingMs?: number;
  /** How long a finished word stays before it is deleted. */
  holdMs?: number;
  /** When off (reduced motion), the current word is shown whole and nothing changes. */
  enabled?: boolean;
}

interface TypewriterState {
  word: number;
  length: number;
  deleting: boolean;
}

/** Types each word a character at a time, holds it, deletes it, and moves on to the next, forever. */
export function useTypewriter(words: readonly string[], { typingMs = 70, deletingMs = 50, holdMs = 1600, enabled = true }: TypewriterOptions = {}): string {
  const [{ word, length, deleting }, setState] = useState<TypewriterState>({ word: 0, length: 0, deleting: false });
  const current = words[word] ?? "";

  useEffect(() => {
    if (!enabled) return;
    let delay: number;
    let next: TypewriterState;
    if (!deleting && length < current.length) {
      delay = typingMs;
      next = { word, length: length + 1, deleting: false };
    } else if (!deleting) {
      delay = holdMs;
      next = { word, length, deleting: true };
    } else {
      delay = deletingMs;
      next = length > 1 ? { word, length: length - 1, deleting: true } : { word: (word + 1) % words.length, length: 0, deleting: false };
    }
    const timer = setTimeout(() => setState(next), delay);
    return () => clearTimeout(timer);
  }, [enabled, word, length, deleting, current.length, words.length, typingMs, deletingMs, holdMs]);

  return enabled ? current.slice(0, length) : current;
}
