import { X } from "lucide-react";
import { useId, type ReactNode } from "react";
import { DialogHeader } from "~/components/ui/dialog-header";

type Props = {
  title: string;
  subtitle?: ReactNode;
  /** The X link's accessible name, e.g. 'Close event form'. */
  closeLabel: string;
  /** The list without the form (search and page kept). */
  closeHref: string;
  children: ReactNode;
};

/**
 * A staff dialog's form rendered in the page, for a screen used without
 * JavaScript (decision 0083): the dialog's header and a Close link over the
 * same form, at the top of the list, as `StaffDialog` does before hydration.
 */
export function PlainPanel({ title, subtitle, closeLabel, closeHref, children }: Props) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="mt-6 rounded-2xl bg-sand-50 shadow-lg ring-1 ring-plum-200">
      <DialogHeader
        titleId={titleId}
        title={title}
        subtitle={subtitle}
        close={
          <a href={closeHref} aria-label={closeLabel} className="grid size-11 shrink-0 place-items-center rounded-full text-plum-800 hover:bg-plum-50">
            <X aria-hidden="true" className="size-6" />
          </a>
        }
      />
      <div className="px-5 py-6 sm:px-8">{children}</div>
    </section>
  );
}

/**
 * The answer to a plain form post (saved, deleted, canceled, or refused), said
 * on the page the server sends back and focused as it loads (`autofocus`), so
 * a screen reader reads it and Tab goes on from there (decision 0083).
 */
export function PlainAnswer({ ok, message }: { ok: boolean; message: string }) {
  return (
    <p
      tabIndex={-1}
      role={ok ? "status" : "alert"}
      // oxlint-disable-next-line jsx-a11y/no-autofocus -- the page is this answer: without it the focus is on the body
      autoFocus
      data-testid="plain-answer"
      className={`mt-6 rounded-xl p-4 font-semibold ring-1 outline-none focus-visible:ring-2 ${ok ? "bg-green-50 text-green-900 ring-green-200 focus-visible:ring-green-700" : "bg-red-50 text-danger ring-red-200 focus-visible:ring-danger"}`}
    >
      {message}
    </p>
  );
}

/** The screen's address with `changes` applied (null removes a parameter); search and page stay. */
export function screenHref(pathname: string, search: string, changes: Record<string, string | null>): string {
  const p = new URLSearchParams(search);
  for (const key of ["new", "edit", "delete", "cancel"]) p.delete(key);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) p.delete(k);
    else p.set(k, v);
  }
  const s = p.toString();
  return `${pathname}${s ? `?${s}` : ""}`;
}
