import { useCallback, useEffect, useRef, useState } from "react";

/**
 * Becomes true once the element has come `marginPx` inside the viewport, and stays true: for cards
 * that animate in once as they are scrolled to.
 */
export function useInView<T extends Element>(marginPx: number): [ref: (element: T | null) => void, inView: boolean] {
  const [inView, setInView] = useState(false);
  const observer = useRef<IntersectionObserver | undefined>(undefined);

  const ref = useCallback(
    (element: T | null) => {
      observer.current?.disconnect();
      if (!element || inView) return;
      observer.current = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            setInView(true);
            observer.current?.disconnect();
          }
        },
        { rootMargin: `-${marginPx}px 0px -${marginPx}px 0px` },
      );
      observer.current.observe(element);
    },
    [marginPx, inView],
  );

  useEffect(() => () => observer.current?.disconnect(), []);
  return [ref, inView];
}

/**
 * Whether the element is on screen now, following it as the visitor scrolls: for motion that need not run
 * where nobody sees it. Taken to be on screen until the browser says otherwise, as the server draws it.
 */
export function useOnScreen<T extends Element>(): [ref: (element: T | null) => void, onScreen: boolean] {
  const [onScreen, setOnScreen] = useState(true);
  const observer = useRef<IntersectionObserver | undefined>(undefined);

  const ref = useCallback((element: T | null) => {
    observer.current?.disconnect();
    if (!element) return;
    observer.current = new IntersectionObserver((entries) => setOnScreen(entries.at(-1)!.isIntersecting));
    observer.current.observe(element);
  }, []);

  useEffect(() => () => observer.current?.disconnect(), []);
  return [ref, onScreen];
}
