/**
 * A staff table's cell that becomes a labelled line of a card below `md` (its `data-label` shown before it).
 * On the card its value may break anywhere: a long email address or name wraps instead of widening the page
 * or being cut off. The table keeps `break-words`, which breaks a long word only when it cannot fit a column.
 */
export const CARD_CELL =
  "px-4 py-3 align-top break-words max-md:flex max-md:gap-3 max-md:py-1 max-md:wrap-anywhere max-md:before:w-28 max-md:before:shrink-0 max-md:before:font-semibold max-md:before:content-[attr(data-label)]";
