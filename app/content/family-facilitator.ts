/**
 * The Family Constellation page's facilitator: the fictional person of
 * content/about.ts whose role names Family Constellation, so the two pages never
 * disagree. Only the page's loader reads this file, and hands the page the one
 * person it shows: so the About page's content is not part of the page's
 * JavaScript (decision 0085).
 */
import { usaTeam, type Person } from "./about";

/** The facilitator shown on the page: the team member whose role names Family Constellation. */
export const familyFacilitator: Person = usaTeam.find((p) => /family constellation/i.test(p.role)) ?? usaTeam[0]!;
