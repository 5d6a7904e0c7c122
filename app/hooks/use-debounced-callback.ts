import { useEffect, useRef } from "react";

/**
 * A function that runs `callback` once calls have paused for `delayMs`
 * (the staff search: about 300 ms after the last keystroke, D9), plus `cancel`.
 * A pending call is dropped when the component unmounts.
 */
export function useDebouncedCallback<A extends unknown[]>(callback: (...args: A) => void, delayMs: number) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  }, [callback]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const run = (...args: A) => {
    cancel();
    timer.current = setTimeout(() => {
      timer.current = null;
      latest.current(...args);
    }, delayMs);
  };
  return { run, cancel };
}
