import type { ReactNode } from "react";
import { registerPath } from "./paths";

type Props = {
  sessionId: string;
  /** Opens the registration dialog; without JavaScript the link goes to the /register page instead. */
  onOpen: () => void;
  /** Pointer over or focus: the moment to start loading the dialog's code. */
  onIntent?: () => void;
  className?: string;
  children: ReactNode;
};

/**
 * An enrol button that works before and without JavaScript: a link to the
 * session's /register page, which a plain click turns into the dialog once the
 * page is hydrated (a click with a modifier key still opens the page, in a new tab if asked).
 */
export function EnrolLink({ sessionId, onOpen, onIntent, className, children }: Props) {
  return (
    <a
      href={registerPath(sessionId)}
      className={className}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      onClick={(e) => {
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        onOpen();
      }}
    >
      {children}
    </a>
  );
}
