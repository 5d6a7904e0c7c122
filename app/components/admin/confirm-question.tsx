import { useEffect, useRef, type ReactNode } from "react";

/**
 * The question of a step asked once more (delete, remove, erase, approve): it
 * takes the focus when it appears, so the keyboard and a screen reader land
 * on it, and the page scrolls to it instead of leaving it out of view.
 */
export function ConfirmQuestion({ className, children }: { className?: string; children: ReactNode }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <p ref={ref} tabIndex={-1} className={`outline-none ${className ?? ""}`}>
      {children}
    </p>
  );
}
