import sanitizeHtml from "sanitize-html";

/**
 * S4: programme content is HTML from the staff editor. It is cut down to the
 * editor's own formats (paragraphs, headings, bold, italic, underline, lists,
 * links) when it is saved and again whenever it is sent to a page, so nothing
 * stored can run a script or restyle the site.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "h2", "h3", "h4", "strong", "b", "em", "i", "u", "ul", "ol", "li", "a"],
  allowedAttributes: { a: ["href", "target", "rel"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  transformTags: {
    // Links that leave the site open in a new tab, without handing it our window.
    a: (tagName, attribs) => {
      const href = attribs.href ?? "#";
      const out: sanitizeHtml.Attributes = /^https?:\/\//i.test(href) ? { href, target: "_blank", rel: "noopener noreferrer" } : { href };
      return { tagName, attribs: out };
    },
    h1: "h2",
  },
};

/** Empty paragraphs at the very start or end: an editor leaves one after a list it was clicked below (decision 0113). */
const EDGE_EMPTY_PARAGRAPHS = /^(?:<p>(?:\s|&nbsp;|<br \/>)*<\/p>)+|(?:<p>(?:\s|&nbsp;|<br \/>)*<\/p>)+$/g;

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options).replace(EDGE_EMPTY_PARAGRAPHS, "");
}
