import { useEffect } from "react";

let locks = 0;

/** Locks page scrolling while `active`; nested locks (menu over dialog) count up and down. */
export function useScrollLock(active: boolean) {
  useEffect(() => {
    if (!active) return;
    locks += 1;
    document.body.classList.add("scroll-locked");
    return () => {
      locks -= 1;
      if (locks === 0) document.body.classList.remove("scroll-locked");
    };
  }, [active]);
}
