import type { KeyboardEvent } from "react";

/**
 * A link that a script turns into a button (it works as a link without
 * JavaScript: Cancel, Refresh): Space presses it too, as it presses a button,
 * instead of scrolling the page.
 */
export function pressOnSpace(event: KeyboardEvent<HTMLAnchorElement>): void {
  if (event.key !== " " || event.repeat) return;
  event.preventDefault();
  event.currentTarget.click();
}
