import { X } from "lucide-react";
import { useId, type ReactNode } from "react";
import { Link } from "react-router";
import { DialogHeader } from "~/components/ui/dialog-header";
import { ModalDialog } from "~/components/ui/modal-dialog";
import { useHydrated } from "~/hooks/use-hydrated";

type Props = {
  open: boolean;
  title: string;
  subtitle?: ReactNode;
  /** The X button's accessible name, e.g. 'Close registration details'. */
  closeLabel: string;
  onClose: () => void;
  /** Where closing goes without JavaScript (the same list without the dialog's parameter). */
  closeHref: string;
  busy?: boolean;
  widthClass?: string;
  children: ReactNode;
};

/**
 * The staff lists' dialogs (details, delete confirmation, download): once the
 * page is hydrated, the shared modal dialog (focus kept inside, returned to the
 * opener, Escape closes); before that (or without JavaScript) the same content
 * as a panel at the top of the page with a Close link, so every dialog opened
 * from a URL (`?view=…`) is usable either way.
 */
export function StaffDialog({ open, title, subtitle, closeLabel, onClose, closeHref, busy, widthClass, children }: Props) {
  const hydrated = useHydrated();
  const titleId = useId();
  if (hydrated) {
    return (
      <ModalDialog open={open} onClose={onClose} busy={busy} title={title} subtitle={subtitle} closeLabel={closeLabel} widthClass={widthClass}>
        {children}
      </ModalDialog>
    );
  }
  if (!open) return null;
  return (
    <section aria-labelledby={titleId} className="mb-6 rounded-2xl bg-sand-50 shadow-lg ring-1 ring-plum-200">
      <DialogHeader
        titleId={titleId}
        title={title}
        subtitle={subtitle}
        close={
          <Link to={closeHref} aria-label={closeLabel} className="grid size-11 shrink-0 place-items-center rounded-full text-plum-800 hover:bg-plum-50">
            <X aria-hidden="true" className="size-6" />
          </Link>
        }
      />
      <div className="px-5 py-6 sm:px-8">{children}</div>
    </section>
  );
}

export type DetailItem = { label: string; value: ReactNode };

/** One titled block of a details dialog ('Personal Information', …): label and value pairs, empty values shown as '—'. */
export function DetailSection({ title, items }: { title: string; items: readonly DetailItem[] }) {
  return (
    <section className="mb-6 last:mb-0">
      <h3 className="mb-3 border-b border-plum-100 pb-1 text-lg font-semibold text-plum-900">{title}</h3>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {items.map((item) => (
          <div key={item.label} className="min-w-0">
            <dt className="text-sm font-semibold text-muted">{item.label}</dt>
            <dd className="break-words whitespace-pre-line text-ink">{item.value === null || item.value === undefined || item.value === "" ? "—" : item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
