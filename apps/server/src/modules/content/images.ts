/** Generated pictures for the demo world: deterministic SVGs keyed by id, so every product has eight views. */

const PALETTES = [
  ["#FDE2E4", "#F08A9B"],
  ["#E2F0FB", "#5B9BD5"],
  ["#E4F6EC", "#4CAF84"],
  ["#FFF4D6", "#F2B134"],
  ["#EEE6FA", "#8E6CCB"],
  ["#FFE8DA", "#F28C4B"],
  ["#DFF5F5", "#2BA6A6"],
  ["#F5E6EC", "#C0577A"],
] as const;

const VIEWS = ["a", "b", "c", "d", "e", "f", "g", "h"] as const;
export type View = (typeof VIEWS)[number];
export const isView = (v: string): v is View => (VIEWS as readonly string[]).includes(v);

function palette(seed: number) {
  return PALETTES[Math.abs(seed) % PALETTES.length] ?? PALETTES[0];
}

/** A soft product shot: a tinted backdrop, a shape that turns with the view letter, and the view's label. */
export function productSvg(productId: number, view: View): string {
  const [bg, fg] = palette(productId);
  const index = VIEWS.indexOf(view);
  const shape = productId % 4;
  const angle = index * 45;
  const body =
    shape === 0
      ? `<rect x="-70" y="-90" width="140" height="180" rx="28" fill="${fg}"/><rect x="-40" y="-120" width="80" height="40" rx="10" fill="${fg}" opacity=".7"/>`
      : shape === 1
        ? `<circle r="95" fill="${fg}"/><circle r="45" fill="${bg}" opacity=".8"/>`
        : shape === 2
          ? `<path d="M-100 -60 L-50 -100 L50 -100 L100 -60 L70 -30 L60 110 L-60 110 L-70 -30 Z" fill="${fg}"/>`
          : `<ellipse rx="110" ry="70" fill="${fg}"/><rect x="-20" y="-110" width="40" height="80" rx="12" fill="${fg}" opacity=".75"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400"><rect width="400" height="400" fill="${bg}"/><g transform="translate(200 190) rotate(${angle})" opacity="${0.75 + (index % 3) * 0.08}">${body}</g><text x="200" y="372" text-anchor="middle" font-family="Arial, sans-serif" font-size="18" fill="${fg}">view ${view.toUpperCase()}</text></svg>`;
}

export function bannerSvg(id: number): string {
  const [bg, fg] = palette(id * 3 + 1);
  const [bg2, fg2] = palette(id * 3 + 2);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 360" width="1200" height="360"><defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="${bg}"/><stop offset="1" stop-color="${bg2}"/></linearGradient></defs><rect width="1200" height="360" fill="url(#g)"/><circle cx="980" cy="180" r="150" fill="${fg}" opacity=".35"/><circle cx="1090" cy="80" r="70" fill="${fg2}" opacity=".4"/><circle cx="860" cy="300" r="50" fill="${fg2}" opacity=".3"/></svg>`;
}

export function categorySvg(id: number): string {
  const [bg, fg] = palette(id);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 200" width="300" height="200"><rect width="300" height="200" fill="${bg}"/><circle cx="230" cy="60" r="70" fill="${fg}" opacity=".35"/><circle cx="70" cy="170" r="55" fill="${fg}" opacity=".25"/></svg>`;
}
