import { useEffect } from "react";
import { useNavigate } from "react-router";

/** Goes to `to` after `ms` once `active` turns true (the confirmations that redirect to /login). */
export function useRedirectAfter(active: boolean, to: string, ms: number) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => navigate(to), ms);
    return () => clearTimeout(timer);
  }, [active, to, ms, navigate]);
}
