import { ChevronDown, Mail, X } from "lucide-react";
import { useId, useState } from "react";
import { Link, NavLink } from "react-router";
import { isGroup, sideMenu } from "~/content/navigation";
import { useModalDialog } from "~/hooks/use-modal-dialog";
import { nativeCommand } from "~/lib/native-command";
import { LogoMark } from "./logo";

type Props = {
  open: boolean;
  onClose: () => void;
  /** The browser opened the menu before hydration (the header's button is an invoker command). */
  onOpenedBefore: () => void;
  orgName: string;
  contactEmail: string;
};

/**
 * The slide-in side menu (spec part 1 §2.3, §4.4). A modal <dialog>: the rest of
 * the page is inert while it is open, so focus stays inside; Escape, the close
 * button, a click on the backdrop and choosing a link all close it.
 */
export function SideMenu({ open, onClose, onOpenedBefore, orgName, contactEmail }: Props) {
  // Until the scripts run the group's button cannot toggle it, so the server's
  // HTML has it expanded: its links are reachable from the first paint. The
  // hydrated page keeps it so while the menu is closed (no re-render after
  // hydration for it), and folds it as the menu first opens, in that same render.
  const [workshopOpen, setWorkshopOpen] = useState(true);
  // A menu the browser opened before hydration (see onOpenedBefore) showed its
  // groups expanded: they stay so, not folded away under the visitor's eyes.
  const [openedEarly] = useState(() => typeof document !== "undefined" && isOpenDialog(document.getElementById("side-menu")));
  const [opened, setOpened] = useState(false);
  if (open && !opened) {
    setOpened(true);
    if (!openedEarly) setWorkshopOpen(false);
  }
  const expanded = workshopOpen;
  const submenuId = useId();
  const { dialogProps } = useModalDialog(open, onClose, onOpenedBefore);

  const navClass = ({ isActive }: { isActive: boolean }) =>
    `flex min-h-11 items-center rounded-lg px-4 text-lg transition-colors hover:bg-plum-50 ${
      isActive ? "bg-plum-100 font-semibold text-plum-800" : "text-ink"
    }`;

  return (
    // The dialog handles Escape itself (cancel); the click handler is the backdrop's.
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      {...dialogProps}
      id="side-menu"
      aria-label="Site menu"
      className="side-menu fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-[min(22rem,88vw)] max-w-none overflow-y-auto border-l border-transparent bg-white p-0 shadow-2xl backdrop:bg-plum-950/50"
    >
      {/* The whole panel scrolls, not the links alone: on a short screen (a phone on its side, 400 % zoom)
          the links' own box shrank to a slit between the header and the footer. */}
      <div className="flex min-h-full flex-col">
        <div className="flex items-center justify-between border-b border-plum-100 px-5 py-4">
          <span className="flex items-center gap-2 font-serif text-lg text-plum-900">
            <LogoMark className="size-8 text-plum-600" />
            {orgName}
          </span>
          <button
            type="button"
            {...nativeCommand("side-menu", "close")}
            onClick={onClose}
            className="grid size-11 place-items-center rounded-full text-plum-900 hover:bg-plum-50"
            aria-label="Close menu"
          >
            <X aria-hidden="true" className="size-6" />
          </button>
        </div>
        <nav aria-label="Main" className="flex-1 px-3 py-4">
          <ul className="space-y-1">
            {sideMenu.map((item) =>
              isGroup(item) ? (
                <li key={item.label}>
                  <button
                    type="button"
                    aria-expanded={expanded}
                    aria-controls={submenuId}
                    onClick={() => setWorkshopOpen((v) => !v)}
                    className="flex min-h-11 w-full items-center justify-between rounded-lg px-4 text-left text-lg text-ink hover:bg-plum-50"
                  >
                    {item.label}
                    <ChevronDown
                      aria-hidden="true"
                      className={`size-5 transition-transform ${expanded ? "rotate-180" : ""}`}
                    />
                  </button>
                  <ul id={submenuId} hidden={!expanded} className="mt-1 ml-4 space-y-1 border-l-2 border-plum-100 pl-2">
                    {item.items.map((sub) => (
                      <li key={sub.to}>
                        <NavLink
                          to={sub.to}
                          className={navClass}
                          onClick={() => {
                            setWorkshopOpen(false);
                            onClose();
                          }}
                        >
                          {sub.label}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                </li>
              ) : (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.to === "/"} className={navClass} onClick={onClose}>
                    {item.label}
                  </NavLink>
                </li>
              ),
            )}
          </ul>
        </nav>
        <div className="space-y-4 border-t border-plum-100 px-5 py-5">
          <Link
            to="/schedule"
            onClick={onClose}
            className="flex min-h-12 items-center justify-center rounded-full bg-brand-gradient px-6 font-semibold text-white shadow-md hover:opacity-95"
          >
            Register Now
          </Link>
          <a
            href={`mailto:${contactEmail}`}
            className="flex min-h-11 items-center justify-center gap-2 text-plum-700 underline-offset-4 hover:underline"
          >
            <Mail aria-hidden="true" className="size-5" />
            {contactEmail}
          </a>
        </div>
      </div>
    </dialog>
  );
}

function isOpenDialog(element: HTMLElement | null): boolean {
  return element instanceof HTMLDialogElement && element.open;
}
