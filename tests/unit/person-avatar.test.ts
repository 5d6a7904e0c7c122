import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { directors, usaTeam } from "../../app/content/about";
import { PersonAvatar, PORTRAIT_PALETTES, portraitOf } from "../../app/components/people/person-avatar";

const people = [...directors, ...usaTeam];
const markup = (name: string, palette?: number) => renderToStaticMarkup(createElement(PersonAvatar, { name, palette }));

describe("PersonAvatar", () => {
  it("gives every person on the About page a different portrait", () => {
    // Nine different colourways, and different drawings, not just different ids.
    const palettes = people.map((p) => portraitOf(p.name, p.portrait).palette);
    expect(new Set(palettes).size).toBe(people.length);
    const drawings = people.map((p) => markup(p.name, p.portrait).replace(/id="[^"]*"|url\(#[^)]*\)/g, ""));
    expect(new Set(drawings).size).toBe(people.length);
  });

  it("without a chosen palette the name picks one, always the same; any number is a valid choice", () => {
    expect(portraitOf("Someone New")).toEqual(portraitOf("Someone New"));
    expect(portraitOf("Someone New", 3).palette).toBe(3);
    expect(portraitOf("Someone New", -1).palette).toBe(PORTRAIT_PALETTES.length - 1);
    expect(portraitOf("Someone New", 23).palette).toBe(3);
  });

  it("is the same picture for the same name, and decorative", () => {
    expect(portraitOf("Dr. Elena Marquez-Hale")).toEqual(portraitOf("Dr. Elena Marquez-Hale "));
    const html = markup("Grace Nakamura");
    expect(html).toMatch(/^<svg aria-hidden="true" focusable="false"/);
    // A picture, not initials or a name in text.
    expect(html).not.toMatch(/<text|>GN<|Grace/);
  });
});
