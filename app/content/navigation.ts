export type NavItem = { label: string; to: string };
export type NavGroup = { label: string; items: NavItem[] };

/** The side menu, in the spec's order (part 1 §2.3; 'Event Calendar' per decision D1). */
export const sideMenu: Array<NavItem | NavGroup> = [
  { label: "Home", to: "/" },
  { label: "About", to: "/about" },
  { label: "Event Calendar", to: "/schedule" },
  { label: "DECODE", to: "/decode" },
  { label: "Hypnotherapy", to: "/ich" },
  { label: "TASSO", to: "/tasso" },
  { label: "Workshop", items: [{ label: "Family Constellation", to: "/family-constellation" }] },
  { label: "Contact Us", to: "/contact-us" },
];

export function isGroup(item: NavItem | NavGroup): item is NavGroup {
  return "items" in item;
}
