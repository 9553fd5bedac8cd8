import { pageTitle } from "@portal/domain";
import { useEffect } from "react";

/** Every page's title is its screen name plus the site suffix. */
export function usePageTitle(screen: string) {
  useEffect(() => {
    document.title = pageTitle(screen);
  }, [screen]);
}
