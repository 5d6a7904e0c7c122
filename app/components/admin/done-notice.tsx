import { useEffect, useRef } from "react";

/**
 * What a staff list says after an action done from a dialog ('The registration
 * was deleted…'). Its live region is always on the page, so the message is
 * read out when it appears (a region made together with its text is not);
 * and the message takes the keyboard focus, which would otherwise fall to the
 * page's body with the deleted row's button gone.
 */
export function DoneNotice({ message }: { message: string | null }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!message) return;
    // After this commit's other effects: the dialog the action came from closes in them, and while it is
    // open (modal) the page behind it cannot take the focus.
    const timer = setTimeout(() => ref.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [message]);
  return (
    <div role="status" data-testid="done-notice">
      {message ? (
        <p ref={ref} tabIndex={-1} className="mt-4 rounded-xl bg-plum-50 px-4 py-3 font-semibold text-plum-900">
          {message}
        </p>
      ) : null}
    </div>
  );
}
