import type { ReactNode } from "react";

type Props = {
  titleId: string;
  title: string;
  subtitle?: ReactNode;
  /** The close control (a button in a modal, a link in a panel before JavaScript). */
  close: ReactNode;
};

/** The header of the site's dialogs: title, optional subtitle, and the close control at the end. */
export function DialogHeader({ titleId, title, subtitle, close }: Props) {
  return (
    <header className="flex items-center justify-between gap-4 border-b border-plum-100 bg-white px-5 py-4 sm:px-8">
      <div>
        <h2 id={titleId} className="text-2xl text-plum-900">
          {title}
        </h2>
        {subtitle ? <p className="mt-0.5 text-sm text-muted">{subtitle}</p> : null}
      </div>
      {close}
    </header>
  );
}
