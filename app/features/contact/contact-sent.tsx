import { CheckCircle2 } from "lucide-react";
import type { Ref } from "react";

type Props = {
  message: string;
  /** The answer to a plain form post: a status, focused as the page loads (`autofocus`), so a screen reader reads it. */
  announce?: boolean;
  className?: string;
  ref?: Ref<HTMLDivElement>;
};

/**
 * The in-page thank-you after a message is sent, beside the toast: focused after
 * a send with JavaScript (so focus does not drop to the page), announced as a
 * status after a plain form post.
 */
export function ContactSent({ message, announce = false, className = "", ref }: Props) {
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={announce ? "status" : undefined}
      // oxlint-disable-next-line jsx-a11y/no-autofocus -- the page is this answer: without it the focus is on the body
      autoFocus={announce}
      className={`mb-6 flex gap-3 rounded-xl bg-green-50 p-4 text-success ring-1 ring-green-200 ${className}`}
    >
      <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>
        <h3 className="font-sans text-base font-semibold">
          Thank you for your message
        </h3>
        <p className="mt-1">{message}</p>
      </div>
    </div>
  );
}
