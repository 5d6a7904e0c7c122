import { expect, test } from "@playwright/test";
import { affiliations, directors, mission, usaTeam, vision } from "../../app/content/about";
import { expectNoAxeViolations } from "./fixtures";

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

test.describe("About", () => {
  test("shows the vision, mission, directors, USA team and affiliations", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1, name: "About" })).toBeVisible();
    await expect(page.getByText("Mindful Path Institute teaches hypnotherapy")).toBeVisible();

    // Vision and mission band.
    await expect(page.getByRole("heading", { level: 3, name: "Our Vision" })).toBeVisible();
    await expect(page.getByText(vision)).toBeVisible();
    expect(vision).toMatch(/emotional clarity, inner peace and holistic well-being/);
    await expect(page.getByRole("heading", { level: 3, name: "Our Mission" })).toBeVisible();
    await expect(page.getByText(mission)).toBeVisible();
    expect(mission).toMatch(/self-healing and conscious living through professional hypnotherapy education/);

    // The sections come in the spec's order.
    await expect(page.getByRole("heading", { level: 2 })).toContainText([
      "Meet Our Directors",
      "Meet Our USA Team",
      "Our Affiliations",
    ]);

    // Exactly three directors.
    const directorsSection = page.getByRole("region", { name: "Meet Our Directors" });
    const directorCards = directorsSection.getByRole("listitem");
    await expect(directorCards).toHaveCount(3);
    await expect(directorsSection.getByRole("heading", { level: 3 })).toHaveText(directors.map((d) => d.name));
    await expect(directorsSection).toContainText("Chief Executive Officer");
    await expect(directorsSection).toContainText("Strategic Business Head");
    await expect(directorsSection).toContainText("Certifying Authority");

    // Exactly six USA team members, each with a visible biography.
    const teamSection = page.getByRole("region", { name: "Meet Our USA Team" });
    const teamCards = teamSection.getByRole("listitem");
    await expect(teamCards).toHaveCount(6);
    expect(usaTeam).toHaveLength(6);
    for (const [i, person] of usaTeam.entries()) {
      const card = teamCards.nth(i);
      await expect(card.getByRole("heading", { level: 3 })).toHaveText(person.name);
      await expect(card.getByText(person.role, { exact: true })).toBeVisible();
      await expect(card.getByText(person.bio)).toBeVisible();
    }

    // Exactly three affiliations, each linking to the partner in a new tab.
    const affiliationsSection = page.getByRole("region", { name: "Our Affiliations" });
    const affiliationCards = affiliationsSection.getByRole("listitem");
    await expect(affiliationCards).toHaveCount(3);
    expect(affiliations).toHaveLength(3);
    for (const [i, partner] of affiliations.entries()) {
      const card = affiliationCards.nth(i);
      await expect(card.getByRole("heading", { level: 3 })).toHaveText(partner.title);
      await expect(card.getByText(partner.description)).toBeVisible();
      const link = card.getByRole("link", { name: /^Visit Website/ });
      await expect(link).toHaveCount(1);
      // The visually hidden text names the partner and warns of the new tab.
      await expect(link).toHaveAccessibleName(new RegExp(`^Visit Website\\s*:\\s*${escapeRegExp(partner.title)}\\s*\\(opens in a new tab\\)$`));
      await expect(link).toHaveAttribute("href", partner.url);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /noopener/);
    }
    // Each link says which partner it leads to.
    await expect(page.getByRole("link", { name: /^Visit Website/ })).toHaveCount(3);

    await expectNoAxeViolations(page);
  });
});

test.describe("Privacy Policy", () => {
  test("shows its sections, a table of contents and the contact email", async ({ page }) => {
    await page.goto("/privacy-policy");
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    await expect(page.getByText("Last updated: November 27, 2026")).toBeVisible();

    const headings = [
      "Who we are",
      "The information we collect",
      "Cookies and local storage",
      "Emails we send",
      "Why we use your information",
      "How long we keep it",
      "Who can see your information",
      "How we protect it",
      "Your rights",
      "Children",
      "Changes to this policy",
    ];
    for (const name of headings) {
      await expect(page.getByRole("heading", { level: 2, name, exact: true })).toBeVisible();
    }
    for (const name of [
      "When you contact us",
      "When you register for a program",
      "When you book a Family Constellation session",
    ]) {
      await expect(page.getByRole("heading", { level: 3, name })).toBeVisible();
    }

    // The table of contents links to every section on the page.
    const toc = page.getByRole("navigation", { name: "Contents" });
    await expect(toc.getByRole("link")).toHaveText(headings);
    const rights = toc.getByRole("link", { name: "Your rights" });
    await expect(rights).toHaveAttribute("href", "#your-rights");
    await rights.click();
    await expect(page).toHaveURL(/#your-rights$/);
    await expect(page.getByRole("heading", { level: 2, name: "Your rights" })).toBeInViewport();

    // What the site collects, and how to exercise the rights.
    await expect(page.getByText(/photos of the front and back of your ID/)).toBeVisible();
    await expect(page.getByText(/only a signed-in administrator can view them/)).toBeVisible();
    await expect(page.getByText(/over 18/)).toBeVisible();
    const contact = page.locator("#your-rights").getByRole("link", { name: "hello@mindfulpath.example" });
    await expect(contact).toHaveAttribute("href", "mailto:hello@mindfulpath.example");

    await expectNoAxeViolations(page);
  });
});
