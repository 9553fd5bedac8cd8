/**
 * Generated pictures for the demo world: deterministic SVGs keyed by id, so every product has eight
 * views. Each product is drawn as its own kind of thing (a shoe for footwear, a garment for clothes, a
 * bottle for shampoo, a toy for toys…), chosen from its subcategory, else its category.
 */

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

/** What a picture shows: one drawing per kind of product. */
export const PICTURE_KINDS = [
  "garment",
  "dress",
  "trousers",
  "shoe",
  "diaper",
  "wipes",
  "bottle",
  "tube",
  "feedingBottle",
  "bowl",
  "jar",
  "box",
  "toy",
  "blocks",
  "car",
  "stroller",
  "crib",
  "cloth",
  "bag",
  "book",
  "health",
  "sock",
  "cap",
  "glasses",
] as const;
export type PictureKind = (typeof PICTURE_KINDS)[number];

/** The drawing of each demo category, where its subcategories do not say otherwise. */
const CATEGORY_KINDS: Record<number, PictureKind> = {
  6: "garment",
  21: "garment",
  22: "shoe",
  1: "diaper",
  7: "jar",
  8: "box",
  2: "feedingBottle",
  3: "bottle",
  4: "toy",
  5: "stroller",
  9: "crib",
  10: "book",
  11: "health",
  12: "cap",
};

/** Subcategories drawn otherwise than their category. */
const SUBCATEGORY_KINDS: Record<number, PictureKind> = {
  603: "trousers",
  2101: "dress",
  2103: "trousers",
  2105: "trousers",
  2107: "dress",
  102: "wipes",
  104: "tube",
  105: "bag",
  701: "box",
  704: "box",
  802: "bottle",
  803: "box",
  801: "box",
  815: "jar",
  204: "cloth",
  205: "bowl",
  206: "box",
  301: "tube",
  303: "box",
  305: "bowl",
  306: "cloth",
  402: "blocks",
  403: "blocks",
  404: "car",
  405: "car",
  503: "bag",
  902: "cloth",
  903: "cloth",
  905: "blocks",
  1001: "bag",
  1002: "feedingBottle",
  1201: "sock",
  1203: "toy",
  1204: "glasses",
};

/** The drawing of a product of this category and subcategory. */
export function pictureKindOf(categoryId: number, subcategoryId: number): PictureKind {
  return SUBCATEGORY_KINDS[subcategoryId] ?? CATEGORY_KINDS[categoryId] ?? "box";
}

/** The category tile's drawing. */
export const categoryPictureKind = (categoryId: number): PictureKind => CATEGORY_KINDS[categoryId] ?? "box";

/** Each kind drawn around (0, 0) within about ±120, in the foreground colour `fg` on `bg`. */
function drawing(kind: PictureKind, fg: string, bg: string): string {
  switch (kind) {
    case "garment":
      return `<path d="M-105 -55 L-45 -100 L-22 -100 Q0 -75 22 -100 L45 -100 L105 -55 L75 -15 L55 -30 L55 110 L-55 110 L-55 -30 L-75 -15 Z" fill="${fg}"/>`;
    case "dress":
      return `<path d="M-35 -110 L-20 -110 L-10 -80 L10 -80 L20 -110 L35 -110 L45 -45 L105 110 L-105 110 L-45 -45 Z" fill="${fg}"/><rect x="-48" y="-50" width="96" height="14" rx="6" fill="${bg}" opacity=".6"/>`;
    case "trousers":
      return `<path d="M-70 -110 L70 -110 L85 110 L18 110 L0 -25 L-18 110 L-85 110 Z" fill="${fg}"/><rect x="-70" y="-110" width="140" height="18" fill="${bg}" opacity=".5"/>`;
    case "shoe":
      return `<path d="M-125 45 L-125 -25 Q-125 -45 -105 -45 L-45 -45 Q-25 -45 -15 -25 L15 5 Q60 15 100 22 Q128 28 128 55 L128 65 L-125 65 Z" fill="${fg}"/><rect x="-130" y="62" width="262" height="20" rx="9" fill="${fg}" opacity=".65"/><path d="M-10 -12 L20 -20 M5 0 L35 -8" stroke="${bg}" stroke-width="7" stroke-linecap="round"/>`;
    case "diaper":
      return `<path d="M-115 -70 L115 -70 L95 -5 Q45 20 32 85 L-32 85 Q-45 20 -95 -5 Z" fill="${fg}"/><rect x="-120" y="-78" width="40" height="30" rx="8" fill="${fg}" opacity=".6"/><rect x="80" y="-78" width="40" height="30" rx="8" fill="${fg}" opacity=".6"/>`;
    case "wipes":
      return `<rect x="-115" y="-70" width="230" height="140" rx="30" fill="${fg}"/><ellipse cx="0" cy="-20" rx="55" ry="22" fill="${bg}" opacity=".85"/>`;
    case "bottle":
      return `<rect x="-58" y="-45" width="116" height="160" rx="24" fill="${fg}"/><rect x="-22" y="-80" width="44" height="38" fill="${fg}" opacity=".8"/><path d="M-22 -95 L40 -95 L40 -82 L-22 -82 Z" fill="${fg}" opacity=".9"/><rect x="-40" y="10" width="80" height="55" rx="8" fill="${bg}" opacity=".6"/>`;
    case "tube":
      return `<path d="M-60 -110 L60 -110 L45 70 L-45 70 Z" fill="${fg}"/><rect x="-28" y="70" width="56" height="40" rx="6" fill="${fg}" opacity=".7"/><rect x="-40" y="-60" width="80" height="50" rx="6" fill="${bg}" opacity=".55"/>`;
    case "feedingBottle":
      return `<rect x="-50" y="-35" width="100" height="150" rx="28" fill="${fg}"/><rect x="-58" y="-60" width="116" height="28" rx="8" fill="${fg}" opacity=".8"/><path d="M-25 -60 Q-25 -115 0 -118 Q25 -115 25 -60 Z" fill="${fg}" opacity=".6"/><path d="M-30 0 L-10 0 M-30 30 L-10 30 M-30 60 L-10 60" stroke="${bg}" stroke-width="6"/>`;
    case "bowl":
      return `<path d="M-120 -15 L120 -15 Q110 95 0 95 Q-110 95 -120 -15 Z" fill="${fg}"/><ellipse cx="0" cy="-15" rx="120" ry="18" fill="${fg}" opacity=".7"/>`;
    case "jar":
      return `<rect x="-70" y="-65" width="140" height="175" rx="22" fill="${fg}"/><rect x="-78" y="-100" width="156" height="40" rx="10" fill="${fg}" opacity=".75"/><rect x="-50" y="-10" width="100" height="70" rx="8" fill="${bg}" opacity=".6"/>`;
    case "box":
      return `<rect x="-80" y="-110" width="160" height="220" rx="10" fill="${fg}"/><rect x="-80" y="-30" width="160" height="60" fill="${bg}" opacity=".55"/>`;
    case "toy":
      return `<circle cx="-52" cy="-92" r="26" fill="${fg}"/><circle cx="52" cy="-92" r="26" fill="${fg}"/><circle cx="0" cy="-45" r="62" fill="${fg}"/><ellipse cx="0" cy="75" rx="72" ry="58" fill="${fg}" opacity=".85"/><circle cx="-22" cy="-55" r="8" fill="${bg}"/><circle cx="22" cy="-55" r="8" fill="${bg}"/><ellipse cx="0" cy="-25" rx="18" ry="12" fill="${bg}" opacity=".7"/>`;
    case "blocks":
      return `<rect x="-110" y="10" width="100" height="100" rx="10" fill="${fg}"/><rect x="10" y="10" width="100" height="100" rx="10" fill="${fg}" opacity=".75"/><rect x="-50" y="-95" width="100" height="100" rx="10" fill="${fg}" opacity=".9"/>`;
    case "car":
      return `<path d="M-125 40 L-125 0 L-70 -10 L-35 -60 L50 -60 L85 -10 L125 0 L125 40 Z" fill="${fg}"/><circle cx="-70" cy="45" r="30" fill="${fg}" opacity=".7"/><circle cx="70" cy="45" r="30" fill="${fg}" opacity=".7"/><path d="M-25 -48 L40 -48 L65 -12 L-45 -12 Z" fill="${bg}" opacity=".6"/>`;
    case "stroller":
      return `<path d="M-90 -10 A90 90 0 0 1 0 -100 L0 -10 Z" fill="${fg}" opacity=".8"/><rect x="-95" y="-10" width="170" height="60" rx="20" fill="${fg}"/><path d="M75 -10 L115 -90" stroke="${fg}" stroke-width="12" stroke-linecap="round"/><circle cx="-60" cy="85" r="26" fill="${fg}" opacity=".7"/><circle cx="50" cy="85" r="26" fill="${fg}" opacity=".7"/>`;
    case "crib":
      return `<rect x="-125" y="-70" width="250" height="14" rx="6" fill="${fg}"/><rect x="-125" y="60" width="250" height="14" rx="6" fill="${fg}"/><path d="M-95 -60 L-95 62 M-55 -60 L-55 62 M-15 -60 L-15 62 M25 -60 L25 62 M65 -60 L65 62 M105 -60 L105 62" stroke="${fg}" stroke-width="12"/><rect x="-130" y="-100" width="20" height="210" rx="8" fill="${fg}"/><rect x="110" y="-100" width="20" height="210" rx="8" fill="${fg}"/>`;
    case "cloth":
      return `<rect x="-110" y="20" width="220" height="70" rx="16" fill="${fg}"/><rect x="-100" y="-45" width="200" height="70" rx="16" fill="${fg}" opacity=".8"/><rect x="-90" y="-110" width="180" height="70" rx="16" fill="${fg}" opacity=".65"/>`;
    case "bag":
      return `<path d="M-50 -40 Q-50 -110 0 -110 Q50 -110 50 -40" fill="none" stroke="${fg}" stroke-width="16"/><rect x="-100" y="-45" width="200" height="155" rx="22" fill="${fg}"/><rect x="-60" y="0" width="120" height="50" rx="10" fill="${bg}" opacity=".55"/>`;
    case "book":
      return `<rect x="-85" y="-110" width="170" height="220" rx="8" fill="${fg}"/><rect x="-85" y="-110" width="24" height="220" fill="${fg}" opacity=".6"/><rect x="-40" y="-70" width="100" height="40" rx="6" fill="${bg}" opacity=".6"/>`;
    case "health":
      return `<circle r="110" fill="${fg}" opacity=".35"/><path d="M-28 -90 L28 -90 L28 -28 L90 -28 L90 28 L28 28 L28 90 L-28 90 L-28 28 L-90 28 L-90 -28 L-28 -28 Z" fill="${fg}"/>`;
    case "sock":
      return `<path d="M-40 -115 L40 -115 L40 30 L95 60 Q120 80 100 105 Q85 120 55 110 L-30 70 Q-45 60 -40 40 Z" fill="${fg}"/><rect x="-40" y="-115" width="80" height="28" fill="${bg}" opacity=".5"/>`;
    case "cap":
      return `<path d="M-95 30 A95 95 0 0 1 95 30 Z" fill="${fg}"/><path d="M40 22 L140 22 Q140 50 100 50 L40 50 Z" fill="${fg}" opacity=".75"/><circle cx="0" cy="-68" r="12" fill="${fg}"/>`;
    case "glasses":
      return `<circle cx="-60" cy="0" r="48" fill="${fg}"/><circle cx="60" cy="0" r="48" fill="${fg}"/><path d="M-14 -6 Q0 -20 14 -6" stroke="${fg}" stroke-width="10" fill="none"/><path d="M-108 -10 L-130 -40 M108 -10 L130 -40" stroke="${fg}" stroke-width="10" stroke-linecap="round"/>`;
  }
}

/** Eight views of one thing: turned a little, mirrored, nearer or farther. */
const VIEW_TRANSFORMS = [
  "",
  " rotate(-10)",
  " scale(-1 1)",
  " rotate(8) scale(.9)",
  " scale(1.08)",
  " scale(-1 1) rotate(-6)",
  " rotate(12) scale(.85)",
  " scale(.95)",
] as const;

/** A soft product shot: a tinted backdrop, the product's kind drawn as the view sees it, and the view's label. */
export function productSvg(productId: number, view: View, kind: PictureKind): string {
  const [bg, fg] = palette(productId);
  const index = VIEWS.indexOf(view);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" data-kind="${kind}"><rect width="400" height="400" fill="${bg}"/><g transform="translate(200 180)${VIEW_TRANSFORMS[index] ?? ""}" opacity="${0.8 + (index % 3) * 0.07}">${drawing(kind, fg, bg)}</g><text x="200" y="350" text-anchor="middle" font-family="Arial, sans-serif" font-size="18" fill="${fg}">view ${view.toUpperCase()}</text></svg>`;
}

export function bannerSvg(id: number): string {
  const [bg, fg] = palette(id * 3 + 1);
  const [bg2, fg2] = palette(id * 3 + 2);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 360" width="1200" height="360"><defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="${bg}"/><stop offset="1" stop-color="${bg2}"/></linearGradient></defs><rect width="1200" height="360" fill="url(#g)"/><circle cx="980" cy="180" r="150" fill="${fg}" opacity=".35"/><circle cx="1090" cy="80" r="70" fill="${fg2}" opacity=".4"/><circle cx="860" cy="300" r="50" fill="${fg2}" opacity=".3"/></svg>`;
}

/** A category tile: the category's kind of product beside soft circles. */
export function categorySvg(id: number): string {
  const [bg, fg] = palette(id);
  const kind = categoryPictureKind(id);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 200" width="300" height="200" data-kind="${kind}"><rect width="300" height="200" fill="${bg}"/><circle cx="230" cy="60" r="70" fill="${fg}" opacity=".35"/><circle cx="70" cy="170" r="55" fill="${fg}" opacity=".25"/><g transform="translate(150 100) scale(.62)">${drawing(kind, fg, bg)}</g></svg>`;
}
