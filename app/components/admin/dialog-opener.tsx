import type { ReactNode } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { pressOnSpace } from "~/lib/link-as-button";

type Props = {
  /** The same screen with the form asked for in its address (`?edit=<id>`, search and page kept): the no-JavaScript form. */
  href: string;
  /** Opens the dialog (JavaScript). */
  onOpen: (opener: HTMLElement) => void;
  className: string;
  children: ReactNode;
  "aria-label"?: string;
  title?: string;
  "aria-expanded"?: boolean;
  "aria-controls"?: string;
};

/**
 * A control that opens one of a staff screen's dialogs (decision 0083). Once the
 * page runs its script it is the button it always was (the dialog opens over the
 * list); before that, or without JavaScript, it is a link to the same screen with
 * the form in its address, which the server renders in the page.
 */
export function DialogOpener({ href, onOpen, className, children, ...aria }: Props) {
  const hydrated = useHydrated();
  if (hydrated) {
    return (
      <button type="button" onClick={(e) => onOpen(e.currentTarget)} className={className} {...aria}>
        {children}
      </button>
    );
  }
  const { "aria-expanded": _expanded, "aria-controls": _controls, ...label } = aria;
  return (
    <a href={href} onKeyDown={pressOnSpace} className={className} {...label}>
      {children}
    </a>
  );
}
