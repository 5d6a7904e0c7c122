/**
 * The program form posted as a plain page, without JavaScript (decision 0083).
 *
 * Its rows are fields of their own (`learningSections.0.title`,
 * `upcomingEvents.1.startDate`) instead of the JSON lists the dialog sends, and
 * its rich-text fields are textareas of plain text (`cardPoints.text`), each
 * beside the HTML it was shown from (`cardPoints.html`). `programValuesFromPlain`
 * turns such a post into the values the dialog and the API send, so one
 * validation and one save serve all three; `plainRowErrors` gives the server's
 * messages back the rows' numbers as the page showed them.
 */
import { isEmptySessionRow, PAGE_SECTION_FIELDS } from "./schema";

/** A session row's fields, as the dialog's JSON rows name them. */
export const PLAIN_SESSION_FIELDS = ["eventName", "startDate", "endDate", "timeZone", "location", "organiser", "organizerEmail", "price", "capacity", "paymentLink"] as const;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'", "#160": " " };

/** A numeric reference's character; as HTML reads it, one outside Unicode, a surrogate or NUL is U+FFFD. */
function codePoint(n: number): string {
  if (!Number.isSafeInteger(n) || n <= 0 || n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return "\uFFFD";
  return String.fromCodePoint(n);
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower in ENTITIES) return ENTITIES[lower]!;
    if (lower.startsWith("#x")) return codePoint(Number.parseInt(lower.slice(2), 16));
    if (lower.startsWith("#")) return codePoint(Number(lower.slice(1)));
    return whole;
  });
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Line ends as a browser sends them from a textarea (CRLF) or not: one form, trailing spaces and blank edges gone. */
export function normalisePlainText(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((l) => l.trimEnd())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/**
 * The editor's HTML as text a person edits in a textarea: a paragraph or heading
 * per line with a blank line between blocks, '- ' before a bullet item and '1. '
 * before a numbered one. Inline formatting (bold, italic, links) is not shown.
 */
export function richTextToPlainText(html: string): string {
  const lists: Array<{ ordered: boolean; n: number }> = [];
  let out = "";
  const blankLine = () => {
    out = out.replace(/[ \t]+$/, "");
    if (out && !out.endsWith("\n\n")) out += out.endsWith("\n") ? "\n" : "\n\n";
  };
  for (const m of html.matchAll(/<(\/?)([a-z0-9]+)[^>]*>|([^<]+)/gi)) {
    if (m[3] !== undefined) {
      out += decodeEntities(m[3]).replace(/\s+/g, " ").replace(/^ /, out === "" || out.endsWith("\n") || out.endsWith(" ") ? "" : " ");
      continue;
    }
    const closing = m[1] === "/";
    const tag = m[2]!.toLowerCase();
    if (tag === "br") out += "\n";
    else if (tag === "ul" || tag === "ol") {
      if (closing) {
        lists.pop();
        if (lists.length === 0) blankLine();
      } else {
        if (lists.length === 0) blankLine();
        else if (!out.endsWith("\n")) out += "\n";
        lists.push({ ordered: tag === "ol", n: 0 });
      }
    } else if (tag === "li") {
      const list = lists.at(-1);
      if (closing) {
        if (!out.endsWith("\n")) out += "\n";
      } else if (list) {
        list.n += 1;
        if (out && !out.endsWith("\n")) out += "\n";
        out += `${"  ".repeat(lists.length - 1)}${list.ordered ? `${list.n}. ` : "- "}`;
      }
    } else if (["p", "h1", "h2", "h3", "h4", "div"].includes(tag)) {
      // A paragraph inside a list item is the item's own text.
      if (lists.length > 0) continue;
      blankLine();
    }
  }
  return normalisePlainText(out);
}

const BULLET = /^\s*[-*•]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,3}[.)]\s+(.*)$/;

/**
 * Text typed in a plain textarea as the editor's HTML: each line a paragraph,
 * lines beginning '- ' (or '* ') a bullet list and '1. ' a numbered list. The
 * server sanitises it as it sanitises the editor's HTML (S4).
 */
export function plainTextToRichText(text: string): string {
  const lines = normalisePlainText(text).split("\n");
  let html = "";
  let open: "ul" | "ol" | null = null;
  const close = () => {
    if (open) html += `</${open}>`;
    open = null;
  };
  for (const line of lines) {
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    const kind = bullet ? "ul" : numbered ? "ol" : null;
    if (kind) {
      if (open !== kind) {
        close();
        html += `<${kind}>`;
        open = kind;
      }
      html += `<li><p>${escapeHtml((bullet ?? numbered)![1]!.trim())}</p></li>`;
      continue;
    }
    close();
    if (line.trim()) html += `<p>${escapeHtml(line.trim())}</p>`;
  }
  close();
  return html;
}

/**
 * A plain rich-text field: the text as typed, or the HTML it was shown from when
 * the text is still what that HTML reads as (so its bold, italic and headings,
 * which the textarea cannot show, are kept by a save that did not touch it).
 */
function richTextOf(values: Record<string, unknown>, name: string): string {
  const text = typeof values[`${name}.text`] === "string" ? (values[`${name}.text`] as string) : "";
  const shown = typeof values[`${name}.html`] === "string" ? (values[`${name}.html`] as string) : "";
  if (shown && normalisePlainText(richTextToPlainText(shown)) === normalisePlainText(text)) return shown;
  return plainTextToRichText(text);
}

/** The row numbers a plain post holds for a list (`learningSections.3.title` → 3), in order. */
export function plainRowNumbers(values: Record<string, unknown>, list: string): number[] {
  const rows = new Set<number>();
  const pattern = new RegExp(`^${list}\\.(\\d{1,3})\\.`);
  for (const key of Object.keys(values)) {
    const m = pattern.exec(key);
    if (m) rows.add(Number(m[1]));
  }
  return [...rows].sort((a, b) => a - b);
}

const ticked = (v: unknown) => typeof v === "string" && ["true", "on", "1"].includes(v);

export type PlainProgramValues = {
  /** What the dialog would have sent: JSON lists, the card points as a one-item list. */
  values: Record<string, unknown>;
  /** For each section and session sent, the row number the page showed it under. */
  sectionRows: number[];
  sessionRows: number[];
};

/**
 * A plain post's fields as the dialog's values. Rows ticked 'Remove' and rows
 * left entirely empty (the page offers one blank section and one blank session
 * to fill in) are left out.
 */
export function programValuesFromPlain(values: Record<string, unknown>): PlainProgramValues {
  const sectionRows: number[] = [];
  const sections: Array<Record<string, string>> = [];
  for (const row of plainRowNumbers(values, "learningSections")) {
    const p = `learningSections.${row}`;
    if (ticked(values[`${p}.remove`])) continue;
    const title = typeof values[`${p}.title`] === "string" ? (values[`${p}.title`] as string) : "";
    const content = richTextOf(values, `${p}.content`);
    const id = typeof values[`${p}._id`] === "string" ? (values[`${p}._id`] as string) : "";
    if (!id && !title.trim() && !content) continue;
    sectionRows.push(row);
    sections.push({ ...(id ? { _id: id } : {}), title, content });
  }
  const sessionRows: number[] = [];
  const sessions: Array<Record<string, string>> = [];
  for (const row of plainRowNumbers(values, "upcomingEvents")) {
    const p = `upcomingEvents.${row}`;
    if (ticked(values[`${p}.remove`])) continue;
    const session: Record<string, string> = {};
    const id = values[`${p}._id`];
    if (typeof id === "string" && id) session._id = id;
    for (const f of PLAIN_SESSION_FIELDS) {
      const v = values[`${p}.${f}`];
      if (typeof v === "string") session[f] = v;
    }
    if (!session._id && isEmptySessionRow(session)) continue;
    sessionRows.push(row);
    sessions.push(session);
  }
  const out: Record<string, unknown> = {};
  for (const k of ["intent", "id", "updatedAt", "title", "subtitle", "videoUrl", "duration", "status", "requiredProgramId", "certification", "enrollmentFeatures", ...PAGE_SECTION_FIELDS]) {
    if (typeof values[k] === "string") out[k] = values[k];
  }
  if (ticked(values.removeThumbnail)) out.removeThumbnail = "true";
  out.cardPoints = JSON.stringify([richTextOf(values, "cardPoints")]);
  out.learningSections = JSON.stringify(sections);
  out.upcomingEvents = JSON.stringify(sessions);
  return { values: out, sectionRows, sessionRows };
}

/** The server's messages with each row's number as the page showed it (`upcomingEvents.0.price` → `upcomingEvents.2.price`). */
export function plainRowErrors(errors: Record<string, string>, rows: Pick<PlainProgramValues, "sectionRows" | "sessionRows">): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    const m = /^(learningSections|upcomingEvents)\.(\d+)\.(.+)$/.exec(key);
    if (!m) {
      out[key] = message;
      continue;
    }
    const shown = (m[1] === "learningSections" ? rows.sectionRows : rows.sessionRows)[Number(m[2])];
    out[shown === undefined ? m[1]! : `${m[1]}.${shown}.${m[3]}`] ??= message;
  }
  return out;
}
