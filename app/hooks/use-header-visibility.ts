import { useEffect, useRef, useState } from "react";

export const HIDE_AFTER_PX = 100;
export const SHADOW_AFTER_PX = 10;

/**
 * Spec part 1 §4.4: the header slides away when scrolling down past 100 px and
 * comes back when scrolling up; past 10 px it gets a white background and shadow.
 * While `frozen` (the side menu is open) scrolling does not change visibility.
 */
export function useHeaderVisibility(frozen: boolean) {
  const [hidden, setHidden] = useState(false);
  const [scrolled, setScrolled] = useState(false);
  const lastY = useRef(0);
  const frozenRef = useRef(frozen);
  useEffect(() => {
    frozenRef.current = frozen;
  }, [frozen]);

  useEffect(() => {
    lastY.current = window.scrollY;
    // A page reloaded mid-way starts with the header it would have there.
    // oxlint-disable-next-line react/set-state-in-effect
    setScrolled(window.scrollY > SHADOW_AFTER_PX);
    const onScroll = () => {
      const y = window.scrollY;
      setScrolled(y > SHADOW_AFTER_PX);
      if (!frozenRef.current) {
        if (y > lastY.current && y > HIDE_AFTER_PX) setHidden(true);
        else if (y < lastY.current) setHidden(false);
      }
      lastY.current = y;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  return { hidden, scrolled, show: () => setHidden(false) };
}
