/**
 * Case folding for the staff and public searches, the same on both databases
 * (decision 0112).
 *
 * The stored side of every search is SQL `lower(…)`. PostgreSQL's lower()
 * maps one character at a time (the C library's towlower under a UTF-8
 * locale): "İ" becomes "i", a final "Σ" becomes "σ". JavaScript's
 * `toLowerCase()` applies Unicode's context rules instead ("İ" → "i̇", a
 * word-final "Σ" → "ς"), so words lower-cased that way could miss the very
 * text they were copied from. `lowerEachCharacter` maps one character at a
 * time, as PostgreSQL does; SQLite's lower() is replaced by it on every
 * connection (`sqlite-dialect.server.ts`), and the searched words go through
 * `searchFold`, which also composes them (NFC) as the forms store names.
 */
export function lowerEachCharacter(text: string): string {
  let out = "";
  for (const ch of text) {
    const lower = ch.toLowerCase();
    // Only "İ" (U+0130) lowers to more than one character ("i" and a combining dot); towlower gives "i".
    out += lower.length > ch.length ? String.fromCodePoint(lower.codePointAt(0)!) : lower;
  }
  return out;
}

/** A searched word or phrase as the stored side reads it: composed (NFC), then lowered one character at a time. */
export function searchFold(text: string): string {
  return lowerEachCharacter(text.normalize("NFC"));
}
