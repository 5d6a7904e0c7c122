import { KeyRound, SlidersHorizontal, ClipboardCheck, ClipboardList, FileClock, Inbox, ListOrdered, LogOut, Menu, Sparkles, UserCheck, Users, X, CalendarDays, BookOpen, Brain, GraduationCap } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Form, NavLink, useLocation } from "react-router";
import { LogoMark } from "./logo";
import { dropAllDrafts } from "~/components/admin/staff-draft";

/** The staff sidebar (spec part 2 §2.1): the four lists, the management screens (TASSO added by decision 0068), the records (issue 11) and the audit trail. */
export const staffNavigation = [
  { heading: "Registrations", items: [
    { to: "/admin/registrations", label: "DECODE registrations", icon: ClipboardList },
    { to: "/admin/contacts", label: "Contacts", icon: Inbox },
    { to: "/admin/family-consultations", label: "Family consultations", icon: Users },
    { to: "/admin/ich-registrations", label: "ICH registrations", icon: FileClock },
  ] },
  { heading: "Management", items: [
    { to: "/admin/family-events", label: "Family Constellation events", icon: CalendarDays },
    { to: "/admin/hypnotherapy", label: "Hypnotherapy programs", icon: Brain },
    { to: "/admin/decode", label: "DECODE programs", icon: BookOpen },
    { to: "/admin/tasso", label: "TASSO programs", icon: GraduationCap },
  ] },
  { heading: "Records", items: [
    { to: "/admin/requests", label: "Waiting lists and requests", icon: ListOrdered },
    { to: "/admin/approvals", label: "Approvals", icon: UserCheck },
    { to: "/admin/attendance", label: "Attendance", icon: ClipboardCheck },
    { to: "/admin/audit", label: "Audit trail", icon: Sparkles },
    { to: "/admin/settings", label: "Settings", icon: SlidersHorizontal },
  ] },
] as const;

type Props = { orgName: string; email: string; children: ReactNode };

/** The staff area's frame: a sidebar at 1024 px and wider, a menu button below that. */
export function StaffShell({ orgName, email, children }: Props) {
  const { pathname } = useLocation();
  // The small-screen menu closes itself on navigation: it is open only on the page it was opened on.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const navId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Escape closes the open menu and gives the focus back to its button.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpenOn(null);
      buttonRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <div className="min-h-dvh bg-sand-50 lg:grid lg:grid-cols-[17rem_minmax(0,1fr)]">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white font-semibold text-plum-900 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:px-4 focus:py-3"
      >
        Skip to main content
      </a>
      {/* Below 1024 px the header and its menu stick to the top together, so the menu opens where the reader is, however far down the page. */}
      <div
        className="sticky top-0 z-30 lg:contents"
        // Tabbing out of the open menu closes it: the next control is then not hidden under it.
        onBlur={(event) => {
          const next = event.relatedTarget;
          if (open && next instanceof Node && !event.currentTarget.contains(next)) setOpenOn(null);
        }}
      >
      <header className="flex items-center justify-between gap-3 bg-plum-900 px-4 py-3 text-white lg:hidden">
        <span className="flex items-center gap-2 font-serif text-lg">
          <LogoMark className="size-8 text-white" />
          Staff area
        </span>
        <button
          ref={buttonRef}
          type="button"
          aria-expanded={open}
          aria-controls={navId}
          onClick={() => setOpenOn(open ? null : pathname)}
          className="inline-flex min-h-11 items-center gap-2 rounded-full border border-white/40 px-4 font-semibold"
        >
          {open ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
          Menu
        </button>
      </header>
      <nav
        id={navId}
        aria-label="Staff"
        className={`${open ? "block" : "hidden"} bg-plum-900 px-3 pb-4 text-white max-lg:max-h-[calc(100dvh-4.25rem)] max-lg:overflow-y-auto max-lg:shadow-lg lg:sticky lg:top-0 lg:flex lg:h-dvh lg:flex-col lg:py-6`}
      >
        {/* On a wide screen the pages' list scrolls on its own above the foot, so a link reached by Tab is never
            hidden under "Signed in as … Sign out" (WCAG 2.4.11; decision 0113). Its padding keeps the focus rings whole. */}
        <div className="lg:-mx-3 lg:min-h-0 lg:flex-1 lg:overflow-y-auto lg:px-3">
        <p className="hidden items-center gap-2 px-3 pb-6 font-serif text-xl lg:flex">
          <LogoMark className="size-9 text-white" />
          <span>
            {orgName}
            <span className="block font-sans text-sm text-plum-200">Staff area</span>
          </span>
        </p>
        {staffNavigation.map((group) => (
          <div key={group.heading} className="pb-4">
            <p className="px-3 pb-1 text-xs font-semibold tracking-wider text-plum-200 uppercase">{group.heading}</p>
            <ul>
              {group.items.map(({ to, label, icon: Icon }) => (
                <li key={to}>
                  <NavLink
                    to={to}
                    // The page's own link closes the menu too (navigation does the rest).
                    onClick={() => setOpenOn(null)}
                    className={({ isActive }) =>
                      `flex min-h-11 items-center gap-3 rounded-lg px-3 font-medium ${
                        isActive
                          ? "bg-white text-plum-900 forced-colors:bg-[Highlight] forced-colors:text-[HighlightText] forced-colors:forced-color-adjust-none"
                          : "text-white hover:bg-white/10"
                      }`
                    }
                  >
                    <Icon aria-hidden="true" className="size-5 shrink-0" />
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
        </div>
        {/* Beside the pages, who is signed in and "Sign out" stay in view at the sidebar's foot while its list scrolls. */}
        <div className="border-t border-white/20 px-3 pt-4 lg:shrink-0">
          {/* The whole address, broken where it must: a truncated one hid its end from keyboard users. */}
          <p className="pb-2 text-sm text-plum-200 wrap-anywhere">
            Signed in as <span className="font-semibold text-white">{email}</span>
          </p>
          <NavLink
            to="/admin/account"
            onClick={() => setOpenOn(null)}
            className={({ isActive }) =>
              `mb-3 inline-flex min-h-11 items-center gap-2 rounded-lg px-1 font-medium underline-offset-4 hover:underline ${isActive ? "underline decoration-2" : ""}`
            }
          >
            <KeyRound aria-hidden="true" className="size-5" />
            Your account and password
          </NavLink>
          <Form method="post" action="/admin/logout" onSubmit={dropAllDrafts}>
            <button type="submit" className="inline-flex min-h-11 items-center gap-2 rounded-full border border-white/40 px-4 font-semibold hover:bg-white/10">
              <LogOut aria-hidden="true" className="size-5" />
              Sign out
            </button>
          </Form>
        </div>
      </nav>
      </div>
      <main id="main" tabIndex={-1} className="min-w-0 px-4 py-6 outline-none sm:px-8 lg:py-10">
        {children}
      </main>
    </div>
  );
}
