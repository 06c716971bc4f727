import { useSyncExternalStore } from "react";

/** The spec's wide-screen threshold: the logo and the bell show at this width and above. */
export const WIDE_QUERY = "(min-width: 768px)";

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => true,
  );
}

export const useIsWide = () => useMediaQuery(WIDE_QUERY);
