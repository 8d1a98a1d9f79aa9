import { useCallback, useEffect, useRef, useState } from "react";

/**
 * Open/closed state that follows the pointer with a delay either way (a menu that does not flash
 * open as the pointer passes, nor vanish the instant it slips off), and toggles at once on click.
 */
export function useDelayedToggle({ openDelay, closeDelay }: { openDelay: number; closeDelay: number }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const clear = () => clearTimeout(timer.current);
  const scheduleOpen = useCallback(() => {
    clear();
    timer.current = setTimeout(() => setOpen(true), openDelay);
  }, [openDelay]);
  const scheduleClose = useCallback(() => {
    clear();
    timer.current = setTimeout(() => setOpen(false), closeDelay);
  }, [closeDelay]);
  const toggle = useCallback(() => {
    clear();
    setOpen((value) => !value);
  }, []);
  const close = useCallback(() => {
    clear();
    setOpen(false);
  }, []);

  useEffect(() => clear, []);
  return { open, scheduleOpen, scheduleClose, toggle, close };
}
