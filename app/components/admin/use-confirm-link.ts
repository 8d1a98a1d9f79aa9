import { useLocation } from "react-router";

/**
 * The current address with `param` naming the record whose change is being confirmed, or (`undefined`)
 * without it: a confirmation reached by a link works without the script and keeps the list's filters.
 */
export function useConfirmLink(param: string) {
  const { pathname, search } = useLocation();
  return (id: string | number | undefined) => {
    const params = new URLSearchParams(search);
    if (id === undefined) params.delete(param);
    else params.set(param, String(id));
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
}
