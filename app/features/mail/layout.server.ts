/** The plain-text and HTML shape shared by the site's mails (every value escaped). */
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export type Facts = Array<[label: string, value: string]>;

export function factsText(facts: Facts) {
  return facts.map(([k, v]) => `${k}: ${v}`).join("\n");
}

/** A web address (without the punctuation that ends a sentence after it) or an email address. */
const LINKABLE = /(https?:\/\/[^\s<>"']*[^\s<>"'.,;:!?)\]])|([A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/g;
const LINK_STYLE = "color:#5b2a9e;text-decoration:underline";

/**
 * Text as mail HTML: every value escaped, web and email addresses made links
 * (a mail reader shows the HTML part, where a bare address is not clickable),
 * and line breaks kept (a sign-off's "Warm regards,\nThe team").
 */
export function richTextHtml(text: string): string {
  let out = "";
  let last = 0;
  for (const m of text.matchAll(LINKABLE)) {
    out += escapeHtml(text.slice(last, m.index));
    const [found, url] = m;
    const href = url ? found : `mailto:${found}`;
    out += `<a href="${escapeHtml(href)}" style="${LINK_STYLE}">${escapeHtml(found)}</a>`;
    last = m.index + found.length;
  }
  out += escapeHtml(text.slice(last));
  return out.replace(/\r?\n/g, "<br>");
}

/** A long link or address breaks anywhere rather than make the mail wider than a phone (word-break for clients without overflow-wrap). */
const WRAP = "overflow-wrap:anywhere;word-break:break-word";

function factsHtml(facts: Facts) {
  const rows = facts
    .map(
      ([k, v]) =>
        `<tr><th align="left" style="padding:6px 16px 6px 0;color:#5b5170;font-weight:600;vertical-align:top">${escapeHtml(k)}</th><td style="padding:6px 0;color:#1f1a2b;vertical-align:top;${WRAP}">${richTextHtml(v)}</td></tr>`,
    )
    .join("");
  return `<table role="presentation" cellspacing="0" cellpadding="0" style="border-collapse:collapse;margin:16px 0">${rows}</table>`;
}

/** The subject as the mail's heading: without its " | Organization" ending, which the sender already says. */
function heading(title: string): string {
  const at = title.lastIndexOf(" | ");
  return at > 0 ? title.slice(0, at) : title;
}

/** A button-like link under the facts (the registration's private page, say), after the sentence that says what it opens. */
export type MailLink = { label: string; url: string; lead?: string };

/**
 * `wholeTitle`: the subject has no " | Organization" ending to leave out (the team's notices), so none of it
 * is cut: a name or a title with " | " in it would otherwise lose its end.
 */
export function htmlPage(title: string, paragraphsBefore: string[], facts: Facts, paragraphsAfter: string[], link?: MailLink, opts: { wholeTitle?: boolean } = {}) {
  const p = (t: string) => `<p style="margin:0 0 14px;line-height:1.55;${WRAP}">${richTextHtml(t)}</p>`;
  const button = link
    ? `${link.lead ? p(link.lead) : ""}<p style="margin:0 0 18px"><a href="${escapeHtml(link.url)}" style="display:inline-block;background:#2a1747;color:#ffffff;padding:10px 18px;border-radius:999px;text-decoration:none;font-family:Arial,sans-serif">${escapeHtml(link.label)}</a></p>`
    : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f7f4fb;font-family:Georgia,'Times New Roman',serif;color:#1f1a2b">
<div style="max-width:560px;margin:0 auto;padding:32px 24px;background:#ffffff">
<h1 style="font-size:22px;margin:0 0 18px;color:#2a1747;${WRAP}">${escapeHtml(opts.wholeTitle ? title : heading(title))}</h1>
${paragraphsBefore.map(p).join("\n")}
${factsHtml(facts)}
${button}
${paragraphsAfter.map(p).join("\n")}
</div></body></html>`;
}

