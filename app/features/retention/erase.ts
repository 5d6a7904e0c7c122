/**
 * Staff erase a person's details on their request (decisions 0025, 0058):
 * what the screens and their actions say. Isomorphic.
 */
import { boxTicked } from "~/lib/confirm-box";

export const ERASE_UNCONFIRMED = "Check the box to confirm that this cannot be undone";
export const ALREADY_ERASED = "These details were already erased.";
/** What an erased person's name reads as, in the lists and the details. */
export const ERASED_NAME = "Details erased";

/** A screen action's answer to its erase form. */
export type EraseAnswer = { ok: true; id: string; message: string } | { ok: false; id: string; error: string };

/** Whether an erase form's box was checked: without it, nothing is erased. */
export const eraseConfirmed = boxTicked;
