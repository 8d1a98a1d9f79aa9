import css from "./motion.css?inline";

/**
 * The keyframes and reveal rules of the marketing pages, inlined into the page's head once however
 * many components ask for them (React deduplicates by href): one render-blocking request fewer.
 */
export function MotionStyles() {
  return (
    <style href="marketing-motion" precedence="default">
      {css}
    </style>
  );
}
