// zod/mini: the same validation engine as zod with a tree-shakable API, so the
// schemas shared with the browser cost a few kilobytes instead of thirty.
import * as z from "zod/mini";

/** First message per field, keyed by the field's top-level name. */
export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

type IssueList = { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };

export function fieldErrors<K extends string>(error: IssueList): FieldErrors<K> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    if (!(key in out)) out[key] = issue.message;
  }
  return out as FieldErrors<K>;
}

export type Validation<T, K extends string> = { ok: true; data: T } | { ok: false; errors: FieldErrors<K> };

export function validate<S extends z.ZodMiniType, K extends string = string>(schema: S, values: unknown): Validation<z.output<S>, K> {
  const r = z.safeParse(schema, values);
  return r.success ? { ok: true, data: r.data } : { ok: false, errors: fieldErrors<K>(r.error) };
}

/**
 * Characters nobody types into a form: C0 controls (NUL included), DEL, C1
 * controls and lone UTF-16 surrogates. Multi-line text may keep tab, LF and CR.
 * PostgreSQL refuses NUL in text outright, so this is a 400 here, not a 500 there.
 */
const singleLineForbidden = /\p{Cc}|\p{Cs}/u;
const multiLineForbidden = /(?![\t\n\r])\p{Cc}|\p{Cs}/u;

/** True when the text holds a character that no person types (see above). */
export function hasControlCharacters(value: string, multiline = false): boolean {
  return (multiline ? multiLineForbidden : singleLineForbidden).test(value);
}

/**
 * The invisible characters that change how a visitor's text reads or where it breaks, taken out of
 * the forms' fields before anything else looks at them (decision 0112): the bidirectional embeddings,
 * overrides and isolates everywhere (U+202A–U+202E, U+2066–U+2069: "Ok\u202eRLO" showed reversed in
 * a staff list or a spreadsheet; a phone number copied from a messaging app often comes wrapped in
 * them), and in one-line text also the zero-width space, the direction marks, the word joiner and
 * the byte-order mark, which made a name nobody could find by typing it. A line or paragraph
 * separator becomes a space in one-line text and a line break in a message. Taken out, not refused:
 * the visitor cannot see them, so a message about them could not be acted on. The zero-width joiner
 * and non-joiner stay: Persian and Devanagari names are spelled with them, and emoji sequences need
 * them; a message keeps its direction marks, which right-to-left writers place around numbers.
 */
const singleLineInvisible = /[\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/gu;
const multiLineInvisible = /[\u202A-\u202E\u2066-\u2069]/gu;

/** The text without the invisible formatting characters above, its separators made plain. */
export function withoutInvisibleFormatting(value: string, multiline = false): string {
  return value.replace(multiline ? multiLineInvisible : singleLineInvisible, "").replace(/[\u2028\u2029]/g, multiline ? "\n" : " ");
}

/** The one rule every free-text field of every form schema applies, with the field's 'Invalid …' message. */
export function printable(message: string, multiline = false) {
  return z.refine<string>((v) => !hasControlCharacters(v, multiline), { error: message, abort: true });
}

/** Invisible formatting out, composed (NFC), trimmed: what every form field stores. */
function cleaned(multiline = false) {
  return z.overwrite<string>((v) => withoutInvisibleFormatting(v, multiline).normalize("NFC").trim());
}

/**
 * A required text: trimmed, 'required' when empty, no control characters
 * (`invalid` names the field: 'Invalid first name'), then a minimum and a maximum length.
 */
/**
 * A person's name: no web or email address in it (decision 0072). The name is
 * what our mails echo first ("Dear …,") to an address nobody has confirmed, so
 * a link written as a name would reach anyone in the organisation's own mail.
 */
export const NAME_HAS_ADDRESS = "Please enter a name without a web or email address";
/**
 * The endings a mail reader makes a link of when it sees "label.ending": the widely abused ones here
 * (enough for the browser's own check); the server adds every delegated top-level domain at start
 * (`setDomainEndings`, from the `tlds` package), so 'paypal-help.support/r' is refused there too.
 */
const COMMON_ENDINGS: ReadonlySet<string> = new Set(["com", "net", "org", "io", "ru", "cn", "xyz", "top", "info", "biz", "link", "click", "app", "dev", "co", "ly", "me", "us", "shop", "site", "online", "support"]);
let domainEndings: ReadonlySet<string> = COMMON_ENDINGS;
/** The server's full list of domain endings (every IANA top-level domain), set once at start. */
export function setDomainEndings(endings: Iterable<string>): void {
  domainEndings = new Set([...COMMON_ENDINGS, ...[...endings].map((e) => e.toLowerCase())]);
}
const ADDRESS_MARK = /:\/\/|\bwww\.|@/i;
/**
 * True when the name holds "://", "www.", "@", or a "label.ending" whose ending is a real top-level
 * domain. A one-letter label counts only before the most common endings: initials, honorifics and
 * degrees written without a space ("R.Krishnan", "St.John", "M.Sc.", "B.Tech", "J.K.Rowling") are names,
 * and a mail reader makes no link of them; "x.com" or "bit.ly" is refused.
 */
export function hasAddressInName(name: string): boolean {
  if (ADDRESS_MARK.test(name)) return true;
  // Each run of letters, digits, dots and hyphens ("paypal-help.support", "J.K.Rowling"), then each pair
  // of neighbours in it: every dot is looked at, "a.b.shop" included.
  for (const run of name.split(/[^\p{L}\p{N}.-]+/u)) {
    const parts = run.split(".");
    for (let i = 1; i < parts.length; i++) {
      const label = parts[i - 1]!;
      const ending = parts[i]!.toLowerCase();
      if (!label || !/^\p{L}{2,}$/u.test(ending) || !domainEndings.has(ending)) continue;
      if (label.length >= 2 || COMMON_ENDINGS.has(ending)) return true;
    }
  }
  return false;
}
export const noAddressInName = z.refine((v: unknown) => typeof v !== "string" || !hasAddressInName(v), { error: NAME_HAS_ADDRESS });

export function requiredText(opts: {
  required: string;
  invalid: string;
  min?: number;
  minMessage?: string;
  max: number;
  pattern?: RegExp;
  patternMessage?: string;
  multiline?: boolean;
  /** A person's name: refused with a web or email address in it. */
  name?: boolean;
}) {
  const checks = [
    // Composed (NFC): "é" typed as e and a combining accent is stored, found and compared as "é".
    cleaned(opts.multiline),
    z.minLength(1, { error: opts.required, abort: true }),
    printable(opts.invalid, opts.multiline),
    ...(opts.min && opts.min > 1 ? [z.minLength(opts.min, { error: opts.minMessage ?? `Must be at least ${opts.min} characters`, abort: true })] : []),
    z.maxLength(opts.max, { error: `Must be at most ${opts.max} characters`, abort: true }),
    ...(opts.pattern ? [z.regex(opts.pattern, { error: opts.patternMessage ?? "Invalid value" })] : []),
    ...(opts.name ? [noAddressInName] : []),
  ];
  return z.string({ error: opts.required }).check(...checks);
}

/** An optional text: trimmed; empty, missing or null becomes undefined; no control characters. */
export function optionalText(opts: { max: number; invalid: string; multiline?: boolean; name?: boolean }) {
  const { max } = opts;
  return z.pipe(
    z.transform((v: unknown) => (v === null || v === undefined || (typeof v === "string" && withoutInvisibleFormatting(v, opts.multiline).trim() === "") ? undefined : v)),
    z.optional(
      z.string({ error: "Must be text" }).check(
        cleaned(opts.multiline),
        printable(opts.invalid, opts.multiline),
        z.maxLength(max, { error: `Must be at most ${max} characters` }),
        ...(opts.name ? [noAddressInName] : []),
      ),
    ),
  );
}

export const emailPattern = z.regexes.email;

/** A checkbox: true from a JSON true, or the form values "on", "true", "1", "yes". */
export function checkbox(message: string) {
  return z.pipe(
    z.transform((v: unknown) => v === true || (typeof v === "string" && ["on", "true", "1", "yes"].includes(v.toLowerCase()))),
    z.literal(true, { error: message }),
  );
}
