// The demo artwork as SVG: one calm, warm scene per video poster, training card
// and DECODE level, each with its own palette, light and shapes. No text is
// drawn: titles are real text laid over the pictures by the components.
// Everything is computed from fixed numbers (no randomness), so reruns give the
// same files. scripts/media/generate.sh rasterises these with rsvg-convert.
//
// Usage: node scripts/media/art.ts OUT_DIR  -> writes OUT_DIR/<name>.svg and
// prints one "<name> <width>x<height>" line per scene.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

type Scene = { name: string; w: number; h: number; draw: (c: Canvas) => string };

/** Shape helpers in the scene's own pixel space. */
class Canvas {
  readonly defs: string[] = [];
  private ids = 0;
  readonly w: number;
  readonly h: number;
  constructor(w: number, h: number) {
    this.w = w;
    this.h = h;
  }

  private id(prefix: string): string {
    this.ids += 1;
    return `${prefix}${this.ids}`;
  }

  /** A linear gradient from top to bottom (or along `angle` degrees); returns url(#id). */
  linear(stops: Array<[number, string, number?]>, angle = 90): string {
    const id = this.id("l");
    const a = (angle * Math.PI) / 180;
    const x = Math.cos(a) / 2;
    const y = Math.sin(a) / 2;
    this.defs.push(
      `<linearGradient id="${id}" x1="${r(0.5 - x)}" y1="${r(0.5 - y)}" x2="${r(0.5 + x)}" y2="${r(0.5 + y)}">${stopList(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  /** A radial gradient centred on the shape (fractions of its box); returns url(#id). */
  radial(stops: Array<[number, string, number?]>, cx = 0.5, cy = 0.5, radius = 0.5): string {
    const id = this.id("r");
    this.defs.push(`<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${radius}">${stopList(stops)}</radialGradient>`);
    return `url(#${id})`;
  }

  /** A Gaussian blur in pixels; returns url(#id). */
  blur(sd: number): string {
    const id = this.id("b");
    this.defs.push(
      `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${r(sd)}"/></filter>`,
    );
    return `url(#${id})`;
  }

  /** A clip path from path data; returns url(#id). */
  clip(d: string): string {
    const id = this.id("c");
    this.defs.push(`<clipPath id="${id}"><path d="${d}"/></clipPath>`);
    return `url(#${id})`;
  }

  rect(fill: string, opacity = 1): string {
    return `<rect width="${this.w}" height="${this.h}" fill="${fill}" opacity="${opacity}"/>`;
  }

  /** A soft light: a disc fading to nothing. */
  glow(cx: number, cy: number, radius: number, colour: string, strength = 0.8): string {
    const fill = this.radial([
      [0, colour, strength],
      [0.35, colour, strength * 0.45],
      [1, colour, 0],
    ]);
    return `<circle cx="${r(cx)}" cy="${r(cy)}" r="${r(radius)}" fill="${fill}"/>`;
  }

  /**
   * Points of a gently rolling line across the frame (and a little past its
   * edges, so blurs do not fade at the sides), made of sine waves: `waves` are
   * [amplitude px, wavelength px, phase rad].
   */
  private rolling(baseY: number, waves: Array<[number, number, number]>): string {
    const steps = 96;
    const points: string[] = [];
    for (let i = 0; i <= steps; i++) {
      const x = -0.05 * this.w + (i / steps) * 1.1 * this.w;
      const y = baseY + waves.reduce((sum, [amp, len, phase]) => sum + amp * Math.sin((2 * Math.PI * x) / len + phase), 0);
      points.push(`${r(x)},${r(y)}`);
    }
    return points.join(" L");
  }

  /** A landform: the area below a rolling line. */
  hill(baseY: number, waves: Array<[number, number, number]>, fill: string, opacity = 1, extra = ""): string {
    const line = this.rolling(baseY, waves);
    return `<path d="M${r(-0.05 * this.w)},${r(this.h * 1.05)} L${line} L${r(1.05 * this.w)},${r(this.h * 1.05)} Z" fill="${fill}" opacity="${opacity}" ${extra}/>`;
  }

  /** An open rolling line. */
  wave(baseY: number, waves: Array<[number, number, number]>, stroke: string, width: number, opacity = 1): string {
    return `<path d="M${this.rolling(baseY, waves)}" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round" opacity="${opacity}"/>`;
  }

  /** Concentric ellipses (ripples); `squash` flattens them as if seen on water. */
  ripples(cx: number, cy: number, radii: number[], stroke: string, width: number, opacity: number, squash = 1): string {
    return radii
      .map(
        (rad, i) =>
          `<ellipse cx="${r(cx)}" cy="${r(cy)}" rx="${r(rad)}" ry="${r(rad * squash)}" fill="none" stroke="${stroke}" stroke-width="${r(width)}" opacity="${r(opacity * (1 - i / (radii.length + 1)))}"/>`,
      )
      .join("");
  }

  /** An organic closed shape: a circle whose radius wobbles with a few harmonics. */
  blob(cx: number, cy: number, radius: number, wobble: Array<[number, number, number]>, fill: string, opacity = 1, extra = ""): string {
    const steps = 72;
    const points: string[] = [];
    for (let i = 0; i < steps; i++) {
      const a = (i / steps) * 2 * Math.PI;
      const k = 1 + wobble.reduce((sum, [amp, n, phase]) => sum + amp * Math.sin(n * a + phase), 0);
      points.push(`${r(cx + Math.cos(a) * radius * k)},${r(cy + Math.sin(a) * radius * k)}`);
    }
    return `<path d="M${points.join(" L")} Z" fill="${fill}" opacity="${opacity}" ${extra}/>`;
  }

  /** A leaf: two curves meeting at base and tip, with a faint midrib. */
  leaf(x: number, y: number, length: number, width: number, angleDeg: number, fill: string, opacity = 1): string {
    const half = width / 2;
    return (
      `<g transform="translate(${r(x)} ${r(y)}) rotate(${r(angleDeg)})" opacity="${opacity}">` +
      `<path d="M0,0 C${r(length * 0.25)},${r(-half * 1.3)} ${r(length * 0.75)},${r(-half * 1.1)} ${r(length)},0 C${r(length * 0.75)},${r(half * 1.1)} ${r(length * 0.25)},${r(half * 1.3)} 0,0 Z" fill="${fill}"/>` +
      `<path d="M${r(length * 0.06)},0 L${r(length * 0.9)},0" stroke="#ffffff" stroke-opacity="0.18" stroke-width="${r(Math.max(1, width * 0.04))}"/>` +
      `</g>`
    );
  }

  /**
   * A branch: a gently curved stem from (x, y) at `angleDeg`, with leaves in
   * alternating pairs that shrink towards the tip.
   */
  branch(x: number, y: number, length: number, angleDeg: number, leafSize: number, fill: string, stem: string, opacity = 1, bend = 0.12): string {
    const a = (angleDeg * Math.PI) / 180;
    const bx = x + Math.cos(a) * length;
    const by = y + Math.sin(a) * length;
    // Control point pushed sideways for the curve.
    const cx = x + Math.cos(a) * length * 0.5 - Math.sin(a) * length * bend;
    const cy = y + Math.sin(a) * length * 0.5 + Math.cos(a) * length * bend;
    const at = (t: number) => ({
      px: (1 - t) ** 2 * x + 2 * (1 - t) * t * cx + t ** 2 * bx,
      py: (1 - t) ** 2 * y + 2 * (1 - t) * t * cy + t ** 2 * by,
      dir: Math.atan2(2 * (1 - t) * (cy - y) + 2 * t * (by - cy), 2 * (1 - t) * (cx - x) + 2 * t * (bx - cx)),
    });
    let out = `<g opacity="${opacity}"><path d="M${r(x)},${r(y)} Q${r(cx)},${r(cy)} ${r(bx)},${r(by)}" fill="none" stroke="${stem}" stroke-width="${r(leafSize * 0.05)}" stroke-linecap="round"/>`;
    const pairs = 6;
    for (let i = 0; i < pairs; i++) {
      const t = 0.12 + (i / pairs) * 0.82;
      const { px, py, dir } = at(t);
      const size = leafSize * (1 - i * 0.09);
      const deg = (dir * 180) / Math.PI;
      out += this.leaf(px, py, size, size * 0.62, deg - 55, fill);
      out += this.leaf(px, py, size * 0.92, size * 0.58, deg + 55, fill);
    }
    const tip = at(1);
    out += this.leaf(tip.px, tip.py, leafSize * 0.45, leafSize * 0.3, (tip.dir * 180) / Math.PI, fill);
    return `${out}</g>`;
  }

  /** Nested arches standing on a base line (a soft "rainbow" of bands). */
  arches(cx: number, baseY: number, outer: number, bands: string[], thickness: number): string {
    return bands
      .map((colour, i) => {
        const ro = outer - i * thickness;
        const ri = ro - thickness;
        if (ri <= 0) return `<path d="M${r(cx - ro)},${r(baseY)} A${r(ro)},${r(ro)} 0 0 1 ${r(cx + ro)},${r(baseY)} Z" fill="${colour}"/>`;
        return `<path d="M${r(cx - ro)},${r(baseY)} A${r(ro)},${r(ro)} 0 0 1 ${r(cx + ro)},${r(baseY)} L${r(cx + ri)},${r(baseY)} A${r(ri)},${r(ri)} 0 0 0 ${r(cx - ri)},${r(baseY)} Z" fill="${colour}"/>`;
      })
      .join("");
  }

  svg(body: string): string {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${this.w}" height="${this.h}" viewBox="0 0 ${this.w} ${this.h}"><defs>${this.defs.join("")}</defs>${body}</svg>\n`;
  }
}

const r = (n: number) => Math.round(n * 100) / 100;
const stopList = (stops: Array<[number, string, number?]>) =>
  stops.map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? "" : ` stop-opacity="${r(a)}"`}/>`).join("");

// ---------------------------------------------------------------------------
// Scenes. Sizes: posters 1280x720 (16:9), training cards 960x720 (4:3).
// ---------------------------------------------------------------------------

/** Dawn: apricot sky, a low sun, terracotta hills in three layers of haze. */
function dawnHills(c: Canvas): string {
  const { w, h } = c;
  const haze = c.blur(h * 0.012);
  return (
    c.rect(c.linear([[0, "#f8e3d0"], [0.45, "#f4c7a8"], [0.7, "#eaa488"], [1, "#d98a70"]])) +
    c.glow(w * 0.66, h * 0.56, h * 0.7, "#fff3e0", 0.85) +
    `<circle cx="${w * 0.66}" cy="${h * 0.55}" r="${h * 0.085}" fill="#fff6ea" opacity="0.95"/>` +
    `<g filter="${haze}">` +
    c.hill(h * 0.63, [[h * 0.035, w * 0.9, 0.6], [h * 0.015, w * 0.37, 2]], "#dc9a80", 0.9) +
    c.hill(h * 0.73, [[h * 0.045, w * 1.1, 2.4], [h * 0.014, w * 0.41, 0.3]], "#c7765d", 0.95) +
    c.hill(h * 0.85, [[h * 0.04, w * 1.3, 4.1], [h * 0.012, w * 0.33, 1.2]], "#9f5646") +
    `</g>` +
    c.rect(c.linear([[0, "#ffffff", 0], [0.6, "#ffffff", 0], [0.66, "#fff4ea", 0.25], [0.75, "#ffffff", 0]]))
  );
}

/** Dusk: rose light in the middle of lavender, rings spreading out from it. */
function duskRipples(c: Canvas, cx: number, cy: number): string {
  const { h } = c;
  const soft = c.blur(h * 0.004);
  return (
    c.rect(c.linear([[0, "#574a80"], [0.3, "#9d86b8"], [0.75, "#deb2bd"], [1, "#efcdc6"]], 70)) +
    c.glow(cx, cy, h * 0.9, "#ffe1d6", 0.8) +
    `<g filter="${soft}">` +
    c.ripples(cx, cy, [0.11, 0.2, 0.3, 0.42, 0.56, 0.72, 0.9].map((k) => k * h), "#fff3ee", h * 0.006, 0.75) +
    `</g>` +
    `<circle cx="${r(cx)}" cy="${r(cy)}" r="${r(h * 0.06)}" fill="#fff2ea" opacity="0.9"/>`
  );
}

/** Sea: pale sand sky, a teal sea under a soft sun and its shimmering path. */
function oceanHorizon(c: Canvas): string {
  const { w, h } = c;
  const horizon = h * 0.56;
  const shimmer = c.blur(h * 0.004);
  let path = "";
  for (let i = 0; i < 9; i++) {
    const y = horizon + h * 0.03 + i * i * h * 0.0055;
    const half = w * (0.035 + i * 0.012);
    path += `<rect x="${r(w * 0.36 - half)}" y="${r(y)}" width="${r(half * 2)}" height="${r(h * 0.006 + i * h * 0.0012)}" rx="${r(h * 0.004)}" fill="#fff7e8" opacity="${r(0.55 - i * 0.045)}"/>`;
  }
  return (
    c.rect(c.linear([[0, "#dfe7e2"], [0.55, "#f1e5d0"], [0.56, "#8dbab4"], [0.8, "#4f8c8d"], [1, "#2f6669"]])) +
    c.glow(w * 0.36, horizon - h * 0.06, h * 0.55, "#fff8ea", 0.75) +
    `<circle cx="${r(w * 0.36)}" cy="${r(horizon - h * 0.1)}" r="${r(h * 0.07)}" fill="#fffaf0"/>` +
    `<rect y="${r(horizon - 1)}" width="${w}" height="2" fill="#ffffff" opacity="0.5"/>` +
    `<g filter="${shimmer}">${path}</g>` +
    c.hill(h * 0.9, [[h * 0.05, w * 1.6, 3.6], [h * 0.01, w * 0.45, 1]], "#e6d3b3", 0.96) +
    c.hill(h * 0.96, [[h * 0.03, w * 1.2, 1.2]], "#d7bf98")
  );
}

/** Honey: a large and a small rounded hill side by side under warm light, seeds drifting. */
function honeyHills(c: Canvas): string {
  const { w, h } = c;
  const haze = c.blur(h * 0.006);
  const seeds = [
    [0.18, 0.28, 0.012], [0.27, 0.18, 0.008], [0.62, 0.22, 0.01], [0.74, 0.34, 0.014], [0.86, 0.2, 0.007], [0.44, 0.12, 0.009],
  ]
    .map(([x, y, k]) => `<circle cx="${r(w * x!)}" cy="${r(h * y!)}" r="${r(h * k!)}" fill="#fff8e6" opacity="0.8"/>`)
    .join("");
  return (
    c.rect(c.linear([[0, "#fbeccb"], [0.55, "#f6d79c"], [1, "#eab46a"]])) +
    c.glow(w * 0.3, h * 0.3, h * 0.8, "#fffaf0", 0.9) +
    `<g filter="${haze}">${seeds}</g>` +
    `<ellipse cx="${r(w * 0.34)}" cy="${r(h * 1.08)}" rx="${r(w * 0.42)}" ry="${r(h * 0.5)}" fill="#e3a253"/>` +
    `<ellipse cx="${r(w * 0.74)}" cy="${r(h * 1.02)}" rx="${r(w * 0.26)}" ry="${r(h * 0.3)}" fill="#cf8a3e"/>` +
    c.hill(h * 0.9, [[h * 0.02, w * 0.8, 1.4]], "#b8742f", 0.9)
  );
}

/** Eucalyptus: sage light with round-leaved branches reaching in from two edges. */
function eucalyptus(c: Canvas): string {
  const { w, h } = c;
  const shadow = c.blur(h * 0.02);
  return (
    c.rect(c.linear([[0, "#eef0e4"], [0.6, "#d5dfcc"], [1, "#b3c6ab"]], 60)) +
    c.glow(w * 0.7, h * 0.25, h * 0.8, "#fffdf2", 0.9) +
    `<g filter="${shadow}" transform="translate(${r(w * 0.025)} ${r(h * 0.04)})">` +
    c.branch(-w * 0.02, h * 0.86, w * 0.5, -30, h * 0.17, "#7f9a80", "#7f9a80", 0.45) +
    `</g>` +
    c.branch(-w * 0.02, h * 0.86, w * 0.5, -30, h * 0.17, "#6f8f73", "#5d7a62", 0.95) +
    c.branch(w * 1.02, h * 1.0, w * 0.34, 208, h * 0.14, "#8eab8c", "#6f8f73", 0.85, -0.15) +
    c.branch(w * 0.04, h * 1.05, w * 0.22, -62, h * 0.09, "#a8bf9f", "#8eab8c", 0.8, 0.2)
  );
}

/** Clay: an arched opening on a warm rose wall, light pouring through it. */
function clayArch(c: Canvas): string {
  const { w, h } = c;
  const aw = h * 0.36;
  const ax = w / 2 - aw / 2;
  const top = h * 0.14;
  const base = h * 0.8;
  const arch = `M${r(ax)},${r(base)} L${r(ax)},${r(top + aw / 2)} A${r(aw / 2)},${r(aw / 2)} 0 0 1 ${r(ax + aw)},${r(top + aw / 2)} L${r(ax + aw)},${r(base)} Z`;
  const soft = c.blur(h * 0.03);
  return (
    c.rect(c.linear([[0, "#ecc9b9"], [0.8, "#dca592"], [0.8, "#c98b79"], [1, "#b77766"]])) +
    `<path d="${arch}" fill="#fff1e2" filter="${soft}" opacity="0.8" transform="translate(${r(w * 0.01)} ${r(h * 0.01)})"/>` +
    `<path d="${arch}" fill="${c.linear([[0, "#fbe6cf"], [0.6, "#f4c9a6"], [1, "#e9ad8d"]])}"/>` +
    `<circle cx="${r(w / 2)}" cy="${r(h * 0.5)}" r="${r(aw * 0.22)}" fill="#fff6ea"/>` +
    c.hill(h * 0.66, [[h * 0.02, w * 0.5, 1], [h * 0.008, w * 0.2, 0]], "#e2a486", 1, `clip-path="${c.clip(arch)}"`) +
    `<path d="M${r(w / 2 - aw * 0.9)},${r(base)} L${r(w / 2 + aw * 0.9)},${r(base)} L${r(w / 2 + aw * 1.9)},${h} L${r(w / 2 - aw * 1.9)},${h} Z" fill="#f6d2b6" opacity="0.35" filter="${soft}"/>` +
    c.glow(w / 2, h * 0.45, h * 0.6, "#fff3e6", 0.35)
  );
}

/** Twilight: a deep indigo sky turning rose at the horizon, rings widening on still water. */
function twilightWater(c: Canvas): string {
  const { w, h } = c;
  const horizon = h * 0.52;
  const soft = c.blur(h * 0.003);
  return (
    c.rect(c.linear([[0, "#3f3a6b"], [0.28, "#8a78aa"], [0.5, "#efbfae"], [0.52, "#d7a9b3"], [0.75, "#9a88b0"], [1, "#5a5286"]])) +
    c.glow(w * 0.5, horizon, h * 0.8, "#ffe6d5", 0.7) +
    `<circle cx="${r(w * 0.5)}" cy="${r(horizon)}" r="${r(h * 0.07)}" fill="#fff1e4" opacity="0.95"/>` +
    `<rect y="${r(horizon)}" width="${w}" height="${r(h - horizon)}" fill="${c.linear([[0, "#d7a9b3"], [0.5, "#9a88b0"], [1, "#5a5286"]])}"/>` +
    c.glow(w * 0.5, horizon + h * 0.05, h * 0.35, "#ffe9da", 0.5) +
    `<g filter="${soft}">` +
    c.ripples(w * 0.5, h * 0.74, [0.06, 0.13, 0.22, 0.33, 0.46, 0.62].map((k) => k * w), "#fff0e8", h * 0.004, 0.6, 0.16) +
    `</g>`
  );
}

/** Stone: smooth pebbles stacked in balance on warm sand, lit from the left. */
function pebbles(c: Canvas): string {
  const { w, h } = c;
  const shadow = c.blur(h * 0.025);
  const base = h * 0.8;
  const stones: Array<[number, number, string]> = [
    [0.19, 0.075, "#8f8073"],
    [0.14, 0.06, "#b49a86"],
    [0.1, 0.05, "#a4a48f"],
    [0.066, 0.04, "#c9ab92"],
  ];
  let y = base;
  let body = "";
  stones.forEach(([rx, ry, fill], i) => {
    const ex = w * 0.62 + (i % 2 ? -1 : 1) * w * 0.006;
    const ery = h * ry * 1.6;
    const cy = y - ery * 0.92;
    body += `<ellipse cx="${r(ex)}" cy="${r(cy)}" rx="${r(h * rx * 1.6)}" ry="${r(ery)}" fill="${fill}"/>`;
    body += `<ellipse cx="${r(ex - h * rx * 0.5)}" cy="${r(cy - ery * 0.35)}" rx="${r(h * rx * 0.8)}" ry="${r(ery * 0.45)}" fill="#ffffff" opacity="0.14"/>`;
    y = cy - ery * 0.85;
  });
  return (
    c.rect(c.linear([[0, "#efe6da"], [0.7, "#e4d6c4"], [1, "#d3c0a8"]])) +
    c.glow(w * 0.25, h * 0.3, h * 0.9, "#fffaf1", 0.85) +
    `<ellipse cx="${r(w * 0.66)}" cy="${r(base + h * 0.02)}" rx="${r(h * 0.42)}" ry="${r(h * 0.05)}" fill="#8f7b66" opacity="0.35" filter="${shadow}"/>` +
    body +
    c.wave(h * 0.9, [[h * 0.01, w * 0.7, 0.4]], "#c9b398", h * 0.004, 0.7) +
    c.wave(h * 0.95, [[h * 0.012, w * 0.8, 2.1]], "#c9b398", h * 0.004, 0.5)
  );
}

/** Training card, DECODE: lavender and rose rings spreading from a point of light. */
function cardDecode(c: Canvas): string {
  const { w, h } = c;
  const cx = w * 0.62;
  const cy = h * 0.42;
  const rings = ["#7e6aa3", "#9a80b3", "#b997bd", "#d4afc1", "#e8c6c6", "#f6e0d6"];
  const body = rings
    .map((fill, i) => `<circle cx="${r(cx)}" cy="${r(cy)}" r="${r(h * (0.95 - i * 0.15))}" fill="${fill}"/>`)
    .join("");
  return c.rect("#6a5a94") + body + c.glow(cx, cy, h * 0.5, "#fffaf3", 0.9) + `<circle cx="${r(cx)}" cy="${r(cy)}" r="${r(h * 0.05)}" fill="#fffaf3"/>`;
}

/** Training card, ICH: nested arches in teal, sand and terracotta on warm stone. */
function cardIch(c: Canvas): string {
  const { w, h } = c;
  return (
    c.rect(c.linear([[0, "#f1e9dc"], [1, "#e6d8c3"]])) +
    c.glow(w * 0.5, h * 0.4, h * 0.8, "#fffaf2", 0.7) +
    c.arches(w * 0.5, h * 0.8, h * 0.56, ["#2f6b6c", "#5d9a96", "#e9dcc5", "#c9805f", "#efc9a6"], h * 0.1) +
    `<rect y="${r(h * 0.8)}" width="${w}" height="${r(h * 0.2)}" fill="#d9c6a8"/>` +
    `<rect y="${r(h * 0.8)}" width="${w}" height="${r(h * 0.006)}" fill="#b9a182" opacity="0.7"/>`
  );
}

/** Training card, TASSO: an amber sun low over dunes traced with contour lines. */
function cardTasso(c: Canvas): string {
  const { w, h } = c;
  let lines = "";
  for (let i = 0; i < 7; i++) {
    lines += c.wave(h * (0.68 + i * 0.045), [[h * 0.03, w * (1.1 + i * 0.08), 1 + i * 0.35]], "#fff3dc", h * 0.0045, 0.5 - i * 0.04);
  }
  return (
    c.rect(c.linear([[0, "#f9e6c6"], [0.6, "#f2c98a"], [1, "#dd9a52"]])) +
    c.glow(w * 0.4, h * 0.5, h * 0.7, "#fff6e4", 0.9) +
    `<circle cx="${r(w * 0.4)}" cy="${r(h * 0.52)}" r="${r(h * 0.17)}" fill="#e8a04f"/>` +
    `<circle cx="${r(w * 0.4)}" cy="${r(h * 0.52)}" r="${r(h * 0.17)}" fill="${c.radial([[0, "#f6c27a"], [1, "#e08c3f"]], 0.4, 0.35, 0.7)}"/>` +
    c.hill(h * 0.64, [[h * 0.05, w * 1.3, 2.4], [h * 0.012, w * 0.4, 0.8]], "#c97b35") +
    c.hill(h * 0.76, [[h * 0.04, w * 1.1, 5], [h * 0.01, w * 0.35, 1.9]], "#a9612a") +
    lines
  );
}

/** DECODE Level 1, the mind: one drop's rings on still dawn water. */
function levelMind(c: Canvas): string {
  const { w, h } = c;
  const soft = c.blur(h * 0.003);
  return (
    c.rect(c.linear([[0, "#f7e2d2"], [0.42, "#f3cdb5"], [0.42, "#e8b7a2"], [1, "#c98a7a"]])) +
    c.glow(w * 0.3, h * 0.3, h * 0.55, "#fff5ea", 0.9) +
    `<circle cx="${r(w * 0.3)}" cy="${r(h * 0.28)}" r="${r(h * 0.06)}" fill="#fff8ef"/>` +
    `<g filter="${soft}">` +
    c.ripples(w * 0.6, h * 0.68, [0.03, 0.08, 0.14, 0.21, 0.3, 0.41].map((k) => k * w), "#fff4ec", h * 0.005, 0.85, 0.22) +
    `</g>` +
    `<circle cx="${r(w * 0.6)}" cy="${r(h * 0.68)}" r="${r(h * 0.008)}" fill="#fff8ef"/>`
  );
}

/** DECODE Level 2, behaviour: sage currents of parallel flowing lines. */
function levelBehaviour(c: Canvas): string {
  const { w, h } = c;
  let lines = "";
  for (let i = 0; i < 11; i++) {
    lines += c.wave(h * (0.22 + i * 0.065), [[h * 0.07, w * 1.05, 0.5 + i * 0.16], [h * 0.02, w * 0.42, i * 0.3]], i % 3 === 0 ? "#f4f1e4" : "#4f7258", h * 0.006, 0.6);
  }
  return (
    c.rect(c.linear([[0, "#e3e9da"], [1, "#a9bea3"]], 20)) +
    c.glow(w * 0.75, h * 0.3, h * 0.7, "#fffbef", 0.8) +
    c.hill(h * 0.72, [[h * 0.06, w * 1.05, 1.9]], "#8ea98b", 0.55) +
    lines
  );
}

/** DECODE Level 3, relationships: two soft lights overlapping in rose. */
function levelRelationships(c: Canvas): string {
  const { w, h } = c;
  const glowy = c.blur(h * 0.01);
  return (
    c.rect(c.linear([[0, "#f3dcd9"], [1, "#d6a3aa"]], 70)) +
    c.glow(w * 0.5, h * 0.48, h * 0.7, "#fff0ea", 0.6) +
    `<g filter="${glowy}" style="mix-blend-mode:multiply">` +
    `<circle cx="${r(w * 0.42)}" cy="${r(h * 0.48)}" r="${r(h * 0.26)}" fill="#e7a9a6" opacity="0.85"/>` +
    `<circle cx="${r(w * 0.58)}" cy="${r(h * 0.48)}" r="${r(h * 0.26)}" fill="#c99bb8" opacity="0.85"/>` +
    `</g>` +
    `<circle cx="${r(w * 0.42)}" cy="${r(h * 0.48)}" r="${r(h * 0.26)}" fill="none" stroke="#fff4ef" stroke-width="${r(h * 0.004)}" opacity="0.8"/>` +
    `<circle cx="${r(w * 0.58)}" cy="${r(h * 0.48)}" r="${r(h * 0.26)}" fill="none" stroke="#fff4ef" stroke-width="${r(h * 0.004)}" opacity="0.8"/>`
  );
}

/** DECODE Level 4, blueprint: misty blue with a fine dot grid and nested arcs rising. */
function levelBlueprint(c: Canvas): string {
  const { w, h } = c;
  let dots = "";
  const step = h * 0.06;
  for (let y = step; y < h; y += step) {
    for (let x = step; x < w; x += step) dots += `<circle cx="${r(x)}" cy="${r(y)}" r="${r(h * 0.0025)}" fill="#ffffff" opacity="0.35"/>`;
  }
  return (
    c.rect(c.linear([[0, "#3e4a78"], [0.55, "#7f93b4"], [1, "#d9cdbd"]])) +
    c.glow(w * 0.5, h * 0.85, h * 0.8, "#fbe8d4", 0.75) +
    dots +
    c.arches(w * 0.5, h * 1.0, h * 0.62, ["#dfe5ee", "#b6c4da", "#8fa3c4", "#f1dcc5", "#e7c2a2"], h * 0.08) +
    `<path d="M${r(w * 0.5 - h * 0.8)},${r(h)} A${r(h * 0.8)},${r(h * 0.8)} 0 0 1 ${r(w * 0.5 + h * 0.8)},${r(h)}" fill="none" stroke="#f6efe6" stroke-width="${r(h * 0.003)}" opacity="0.7"/>`
  );
}

/** DECODE Level 5, the child: a small honey sun, round playful pebbles and a soft hill. */
function levelChild(c: Canvas): string {
  const { w, h } = c;
  const balls: Array<[number, number, number, string]> = [
    [0.22, 0.74, 0.085, "#e79c6b"],
    [0.33, 0.79, 0.06, "#97b48e"],
    [0.71, 0.76, 0.07, "#e7b857"],
    [0.8, 0.81, 0.045, "#d98972"],
    [0.64, 0.82, 0.04, "#8fb5b5"],
  ];
  const shadow = c.blur(h * 0.01);
  return (
    c.rect(c.linear([[0, "#fcefd6"], [0.7, "#f7dcab"], [1, "#efc383"]])) +
    c.glow(w * 0.72, h * 0.26, h * 0.55, "#fffaf0", 0.9) +
    `<circle cx="${r(w * 0.72)}" cy="${r(h * 0.26)}" r="${r(h * 0.09)}" fill="#f5c25f"/>` +
    c.hill(h * 0.8, [[h * 0.05, w * 1.4, 0.4]], "#e9b877") +
    balls
      .map(
        ([x, y, k, fill]) =>
          `<ellipse cx="${r(w * x)}" cy="${r(h * y + h * k * 0.95)}" rx="${r(h * k * 0.9)}" ry="${r(h * k * 0.18)}" fill="#a8743a" opacity="0.3" filter="${shadow}"/>` +
          `<circle cx="${r(w * x)}" cy="${r(h * y)}" r="${r(h * k)}" fill="${fill}"/>` +
          `<circle cx="${r(w * x - h * k * 0.3)}" cy="${r(h * y - h * k * 0.35)}" r="${r(h * k * 0.35)}" fill="#ffffff" opacity="0.22"/>`,
      )
      .join("")
  );
}

/** Open Graph card: the DECODE dusk, rings rising from the bottom, deeper at the top where the name goes. */
function ogCard(c: Canvas): string {
  return duskRipples(c, c.w * 0.5, c.h * 1.02) + c.rect(c.linear([[0, "#3b3566", 0.6], [0.55, "#3b3566", 0.15], [0.8, "#3b3566", 0]]));
}

const POSTER = { w: 1280, h: 720 };
const CARD = { w: 960, h: 720 };

export const scenes: Scene[] = [
  { name: "intro", ...POSTER, draw: dawnHills },
  { name: "decode-promo", ...POSTER, draw: (c) => duskRipples(c, c.w * 0.5, c.h * 0.5) },
  { name: "audience-executives", ...POSTER, draw: oceanHorizon },
  { name: "audience-parents-teachers", ...POSTER, draw: honeyHills },
  { name: "audience-healthcare", ...POSTER, draw: eucalyptus },
  { name: "testimonial-1", ...POSTER, draw: clayArch },
  { name: "decode-overlay", ...POSTER, draw: twilightWater },
  { name: "programme", ...POSTER, draw: pebbles },
  { name: "decode-level-1", ...POSTER, draw: levelMind },
  { name: "decode-level-2", ...POSTER, draw: levelBehaviour },
  { name: "decode-level-3", ...POSTER, draw: levelRelationships },
  { name: "decode-level-4", ...POSTER, draw: levelBlueprint },
  { name: "decode-level-5", ...POSTER, draw: levelChild },
  { name: "training-decode", ...CARD, draw: cardDecode },
  { name: "training-ich", ...CARD, draw: cardIch },
  { name: "training-tasso", ...CARD, draw: cardTasso },
  { name: "og", w: 1200, h: 630, draw: ogCard },
];

export function render(scene: Scene): string {
  const canvas = new Canvas(scene.w, scene.h);
  const body = scene.draw(canvas);
  return canvas.svg(body);
}

if (import.meta.main) {
  const [outDir, ...only] = process.argv.slice(2);
  if (!outDir) {
    console.error("Usage: node scripts/media/art.ts OUT_DIR [name...]");
    process.exit(2);
  }
  mkdirSync(outDir, { recursive: true });
  for (const scene of scenes) {
    if (only.length && !only.includes(scene.name)) continue;
    writeFileSync(join(outDir, `${scene.name}.svg`), render(scene));
    console.log(`${scene.name} ${scene.w}x${scene.h}`);
  }
}
