import { describe, expect, it } from "vitest";
import { htmlPage, richTextHtml } from "~/features/mail/layout.server";

describe("mail HTML text", () => {
  it("makes web and email addresses links, leaving a sentence's final punctuation outside", () => {
    expect(richTextHtml("Pay at https://pay.example.org/enroll?a=1&b=2. Or write to hello@mindfulpath.example.")).toBe(
      'Pay at <a href="https://pay.example.org/enroll?a=1&amp;b=2" style="color:#5b2a9e;text-decoration:underline">https://pay.example.org/enroll?a=1&amp;b=2</a>. ' +
        'Or write to <a href="mailto:hello@mindfulpath.example" style="color:#5b2a9e;text-decoration:underline">hello@mindfulpath.example</a>.',
    );
  });

  it("heads a mail with its subject less the ' | Organization' ending; a team notice's subject whole, ' | ' in a name or title kept", () => {
    const h1 = (html: string) => /<h1[^>]*>(.*)<\/h1>/.exec(html)?.[1];
    expect(h1(htmlPage("Session changed: Ask | Answer | Mindful Path Institute", [], [], []))).toBe("Session changed: Ask | Answer");
    expect(h1(htmlPage("New contact message from Ann Lee | Smith", [], [], [], undefined, { wholeTitle: true }))).toBe("New contact message from Ann Lee | Smith");
  });

  it("keeps line breaks and escapes everything else, a would-be tag in an address included", () => {
    expect(richTextHtml("Warm regards,\nThe team")).toBe("Warm regards,<br>The team");
    const html = richTextHtml(`Ann <b>Lee</b> & "Co" O'Brien https://x.example/"><script>alert(1)</script>`);
    expect(html).not.toContain("<b>");
    expect(html).not.toContain("<script>");
    expect(html).toContain("Ann &lt;b&gt;Lee&lt;/b&gt; &amp; &quot;Co&quot; O&#39;Brien");
    expect(html).toContain('<a href="https://x.example/"');
    expect(html).toContain("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("gives the page a mobile viewport, and links in facts and paragraphs", () => {
    const page = htmlPage("Booking confirmed", ["Thank you."], [["Payment", "https://pay.example.org/fc"]], ["Warm regards,\nThe team"]);
    expect(page).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(page).toContain('<a href="https://pay.example.org/fc"');
    expect(page).toContain("Warm regards,<br>The team");
  });
});
