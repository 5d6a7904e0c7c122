import { describe, expect, it } from "vitest";
import { plainRowErrors, plainTextToRichText, programValuesFromPlain, richTextToPlainText } from "~/features/programmes/plain-form";

describe("the program form posted without JavaScript (decision 0083)", () => {
  it("turns typed text into the editor's HTML: lines as paragraphs, '- ' and '1. ' as lists, markup escaped", () => {
    expect(plainTextToRichText("Intro\r\n- One\r\n- Two <b>\r\n\r\n1. First\r\n2) Second\r\nEnd")).toBe(
      "<p>Intro</p><ul><li><p>One</p></li><li><p>Two &lt;b&gt;</p></li></ul><ol><li><p>First</p></li><li><p>Second</p></li></ol><p>End</p>",
    );
    expect(plainTextToRichText("  \r\n ")).toBe("");
  });

  it("shows stored HTML as that text, and reads it back to the same HTML", () => {
    const html = "<p>Intro &amp; more</p><ul><li><p>One</p></li><li><p>Two</p></li></ul><h2>Heading</h2><ol><li><p>First</p></li></ol>";
    const text = richTextToPlainText(html);
    expect(text).toBe("Intro & more\n\n- One\n- Two\n\nHeading\n\n1. First");
    expect(plainTextToRichText(text)).toBe("<p>Intro &amp; more</p><ul><li><p>One</p></li><li><p>Two</p></li></ul><p>Heading</p><ol><li><p>First</p></li></ol>");
  });

  it("reads any numeric reference a post can carry: one outside Unicode, a surrogate or NUL is U+FFFD, never an error", () => {
    expect(richTextToPlainText("<p>&#x110000;&#99999999999;&#xD800;&#0;&#x2764;&#65;</p>")).toBe("\uFFFD\uFFFD\uFFFD\uFFFD\u2764A");
    expect(() => programValuesFromPlain({ "cardPoints.html": "&#x110000;", "learningSections.0.content.html": "&#99999999999;" })).not.toThrow();
  });

  it("keeps the HTML a field was shown from when its text comes back unchanged, and uses the text once it changed", () => {
    const shown = "<p><strong>Certified</strong> trainers</p>";
    const same = programValuesFromPlain({ "cardPoints.html": shown, "cardPoints.text": "Certified trainers\r\n" });
    expect(same.values.cardPoints).toBe(JSON.stringify([shown]));
    const changed = programValuesFromPlain({ "cardPoints.html": shown, "cardPoints.text": "Certified trainers only" });
    expect(changed.values.cardPoints).toBe(JSON.stringify(["<p>Certified trainers only</p>"]));
  });

  it("leaves out removed and empty rows, and names each message by the row the page showed", () => {
    const plain = programValuesFromPlain({
      intent: "save",
      title: "A title",
      "learningSections.0._id": "s1",
      "learningSections.0.title": "Kept",
      "learningSections.0.content.text": "Body",
      "learningSections.1._id": "s2",
      "learningSections.1.title": "Gone",
      "learningSections.1.remove": "true",
      "learningSections.2.title": "",
      "learningSections.2.content.text": "",
      "upcomingEvents.0._id": "e1",
      "upcomingEvents.0.remove": "true",
      "upcomingEvents.0.eventName": "Old",
      "upcomingEvents.1._id": "e2",
      "upcomingEvents.1.eventName": "Kept session",
      "upcomingEvents.1.price": "abc",
      "upcomingEvents.2.eventName": "",
      "upcomingEvents.2.timeZone": "America/New_York",
    });
    expect(JSON.parse(plain.values.learningSections as string)).toEqual([{ _id: "s1", title: "Kept", content: "<p>Body</p>" }]);
    expect(JSON.parse(plain.values.upcomingEvents as string)).toEqual([{ _id: "e2", eventName: "Kept session", price: "abc" }]);
    expect(plain.sessionRows).toEqual([1]);
    expect(plainRowErrors({ "upcomingEvents.0.price": "Invalid price", "learningSections.0.title": "Short", title: "T" }, plain)).toEqual({
      "upcomingEvents.1.price": "Invalid price",
      "learningSections.0.title": "Short",
      title: "T",
    });
  });
});
