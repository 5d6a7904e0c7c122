import { Menu } from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { useHeaderVisibility } from "~/hooks/use-header-visibility";
import { nativeCommand } from "~/lib/native-command";
import { LogoMark } from "./logo";
import { SideMenu } from "./side-menu";

type Props = { orgName: string; contactEmail: string };

/** The fixed header of every public page (spec part 1 §2.2, §4.4). */
export function SiteHeader({ orgName, contactEmail }: Props) {
  const [menuOpen, setMenuOpen] = useState(false);
  const { hidden, scrolled } = useHeaderVisibility(menuOpen);
  const menuButton = useRef<HTMLButtonElement>(null);

  const solid = scrolled;
  return (
    <>
      <header
        data-hidden={hidden ? "true" : "false"}
        data-scrolled={scrolled ? "true" : "false"}
        className={`site-header group fixed inset-x-0 top-0 z-40 h-(--header-height) transition-[translate,background-color,box-shadow,color] duration-300 focus-within:translate-y-0 ${
          hidden ? "-translate-y-full" : "translate-y-0"
        } ${
          solid
            ? "bg-white text-plum-900 shadow-md"
            : "bg-plum-900 text-white hover:bg-white hover:text-plum-900 focus-within:bg-white focus-within:text-plum-900"
        }`}
      >
        <div className="container-page flex h-full items-center justify-between gap-3">
          <Link to="/" className="flex min-h-11 items-center gap-2 rounded-md font-serif text-lg leading-tight sm:text-xl">
            <LogoMark className="size-9 shrink-0" />
            <span>{orgName}</span>
          </Link>
          <div className="flex items-center gap-2 sm:gap-3">
            <Link
              to="/schedule"
              className={`inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold shadow-md transition-colors sm:px-6 sm:text-base ${
                solid
                  ? "bg-brand-gradient text-white hover:opacity-95"
                  : "bg-white text-plum-800 group-hover:bg-plum-700 group-hover:text-white group-focus-within:bg-plum-700 group-focus-within:text-white"
              }`}
            >
              <span className="sm:hidden">Register</span>
              <span className="hidden sm:inline">Register Now</span>
            </Link>
            <button
              ref={menuButton}
              type="button"
              aria-label="Open menu"
              aria-haspopup="dialog"
              aria-expanded={menuOpen}
              aria-controls="side-menu"
              // Opens the menu before the scripts have run, too.
              {...nativeCommand("side-menu", "show-modal")}
              onClick={() => setMenuOpen(true)}
              className="grid size-11 place-items-center rounded-full hover:bg-plum-50 hover:text-plum-900"
            >
              <Menu aria-hidden="true" className="size-7" />
            </button>
          </div>
        </div>
      </header>
      <SideMenu
        open={menuOpen}
        onOpenedBefore={() => setMenuOpen(true)}
        onClose={() => {
          setMenuOpen(false);
          menuButton.current?.focus();
        }}
        orgName={orgName}
        contactEmail={contactEmail}
      />
    </>
  );
}
