import { describe, expect, it } from "vitest";
import { DEFAULT_THUMBNAIL, htmlToText, levelFromTitle, normaliseProgramme, splitCardPoints, thumbnailPreviewSrc, uploadUrl } from "~/features/programmes/normalise";
import { programmesFromAnswer } from "~/features/programmes/programme-list";

describe("normaliseProgramme (spec part 1 §3.3)", () => {
  it("reads the primary field names", () => {
    const card = normaliseProgramme({
      _id: "p1", title: "DECODE Level 2: Behaviour", subtitle: "Sub", subtitle1: "Top line", cardPoints: ["One"],
      duration: "2 Days", buttonText: "Join", videoUrl: "/v.mp4", thumbnail: "thumb.png", certification: "Cert",
    });
    expect(card).toEqual({
      id: "p1", title: "DECODE Level 2: Behaviour", subtitle: "Sub", subtitle1: "Top line", cardPoints: ["One"],
      duration: "2 Days", buttonText: "Join", videoUrl: "/v.mp4", thumbnailUrl: "/uploads/thumb.png", certification: "Cert", level: 2,
    });
  });

  it("falls back to the alternative names, first present wins", () => {
    const card = normaliseProgramme({ id: "x", _id: "y", programTitle: "Alt", description: "Desc", length: "3 Days", videoSrc: "/a.mp4", video: "/b.mp4" });
    expect(card).toMatchObject({ id: "x", title: "Alt", subtitle: "Desc", duration: "3 Days", videoUrl: "/a.mp4" });
    expect(normaliseProgramme({ video: "/b.mp4" }).videoUrl).toBe("/b.mp4");
  });

  it("treats the string 'null' as no thumbnail and uses thumbnailSrc, image, then the default", () => {
    expect(normaliseProgramme({ thumbnail: "null", thumbnailSrc: "a.png" }).thumbnailUrl).toBe("/uploads/a.png");
    expect(normaliseProgramme({ thumbnail: "null", image: "/img/b.png" }).thumbnailUrl).toBe("/img/b.png");
    expect(normaliseProgramme({ thumbnail: "null" }).thumbnailUrl).toBe(DEFAULT_THUMBNAIL);
    expect(normaliseProgramme({}).thumbnailUrl).toBe(DEFAULT_THUMBNAIL);
  });

  it("leaves duration and button text empty so the page shows 'TBD' and 'Enroll Now'", () => {
    const card = normaliseProgramme({ title: "T" });
    expect(card.duration).toBeNull();
    expect(card.buttonText).toBeNull();
  });
});

describe("splitCardPoints", () => {
  it("splits list markup into one bullet per item, text only", () => {
    expect(splitCardPoints(["<ul><li>First &amp; best</li><li><strong>Second</strong></li></ul>", "Plain"])).toEqual(["First & best", "Second", "Plain"]);
  });
  it("strips markup from non-list strings and drops empties and non-strings", () => {
    expect(splitCardPoints(["<p>Hello <em>there</em></p>", "", 5, "<ol><li> </li></ol>"])).toEqual(["Hello there"]);
    expect(splitCardPoints("<ul><li>A</li></ul>")).toEqual(["A"]);
    expect(splitCardPoints(undefined)).toEqual([]);
  });
  it("never lets markup through as text", () => {
    expect(splitCardPoints(['<img src=x onerror="alert(1)">Safe'])).toEqual(["Safe"]);
    expect(htmlToText("<script>x</script>ok")).toBe("x ok");
  });
});

describe("helpers", () => {
  it("reads the level from 'LEVEL n' in the title, default 1", () => {
    expect(levelFromTitle("DECODE LEVEL 4 Blueprint")).toBe(4);
    expect(levelFromTitle("Level3")).toBe(3);
    expect(levelFromTitle("Masterclass")).toBe(1);
  });
  it("builds upload URLs with forward slashes", () => {
    expect(uploadUrl("uploads\\2024\\a b.png")).toBe("/uploads/2024/a%20b.png");
    expect(uploadUrl("https://cdn.example/x.png")).toBe("https://cdn.example/x.png");
  });
  it("reads a list answer as programs, data or a plain array", () => {
    expect(programmesFromAnswer({ programs: [{ a: 1 }] })).toEqual([{ a: 1 }]);
    expect(programmesFromAnswer({ data: [{ b: 2 }] })).toEqual([{ b: 2 }]);
    expect(programmesFromAnswer([{ c: 3 }])).toEqual([{ c: 3 }]);
    expect(programmesFromAnswer({ nothing: true })).toEqual([]);
  });
});

describe("thumbnailPreviewSrc: a thumbnail as the staff screens show it", () => {
  it("resizes a stored one, keeps an older upload's name or a full URL as it is, and shows none for none", () => {
    expect(thumbnailPreviewSrc("0f9b6f0e-1c2d-4e5f-8a9b-0c1d2e3f4a5b.png")).toBe("/uploads/0f9b6f0e-1c2d-4e5f-8a9b-0c1d2e3f4a5b.png?w=320");
    expect(thumbnailPreviewSrc("https://cdn.example.org/a.jpg")).toBe("https://cdn.example.org/a.jpg");
    expect(thumbnailPreviewSrc("uploads\\public\\old cover.jpg")).toBe("/uploads/public/old%20cover.jpg");
    expect(thumbnailPreviewSrc("/images/x.png")).toBe("/images/x.png");
    expect(thumbnailPreviewSrc("null")).toBeNull();
    expect(thumbnailPreviewSrc(null)).toBeNull();
  });
});
