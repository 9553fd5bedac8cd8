/**
 * The demo world's brands. Names are invented. Ids are stable; 621, 376 and 1003216 are the
 * spec's private labels. `supply` decides the stock types of a brand's products and, for
 * drop-ship and credit-vendor brands, the pincodes they deliver to (`regions`).
 */

/** How a brand's goods reach the stores. */
export type Supply = "owned" | "creditWarehouse" | "dropShip" | "justInTime" | "creditVendor";

/** Delivery regions of drop-ship and credit-vendor brands; each stands for a set of pincodes. */
export type Region =
  | "pune"
  | "mumbai"
  | "nagpur"
  | "delhi"
  | "bengaluru"
  | "chennai"
  | "hyderabad"
  | "ahmedabad"
  | "kolkata";

export interface BrandDef {
  id: number;
  name: string;
  tagline: string;
  supply: Supply;
  /** Category ids the brand makes products for. */
  categories: readonly number[];
  /** Relative share of its categories' products. */
  weight: number;
  isPrivateLabel?: boolean;
  /** Only for dropShip and creditVendor brands. */
  regions?: readonly Region[];
}

export const REGION_PINCODES: Record<Region, readonly string[]> = {
  pune: ["411001", "411004", "411007", "411014", "411027", "411038", "411045", "411057"],
  mumbai: ["400001", "400050", "400053", "400064", "400076", "400101", "400601"],
  nagpur: ["440001", "440010", "440022"],
  delhi: ["110001", "110017", "110024", "110034", "110085", "122002", "201301"],
  bengaluru: ["560001", "560034", "560038", "560066", "560076", "560102"],
  chennai: ["600001", "600017", "600028", "600040", "600096"],
  hyderabad: ["500001", "500032", "500034", "500081"],
  ahmedabad: ["380001", "380009", "380015", "380054"],
  kolkata: ["700001", "700019", "700091"],
};

const APPAREL = [6, 21];
const ALL_NON_FOOD = [6, 21, 22, 1, 2, 3, 4, 5, 9, 10, 11, 12];

export const BRANDS: readonly BrandDef[] = [
  // Private labels.
  {
    id: 621,
    name: "Babyhug",
    tagline: "Everything a baby needs, made with a hug",
    supply: "owned",
    categories: ALL_NON_FOOD,
    weight: 9,
    isPrivateLabel: true,
  },
  {
    id: 376,
    name: "Babyoye",
    tagline: "Smart basics for babies on the go",
    supply: "owned",
    categories: [6, 21, 22, 5, 9, 1],
    weight: 5,
    isPrivateLabel: true,
  },
  {
    id: 1003216,
    name: "Kookie Kids",
    tagline: "Fun, colourful fashion and play for little ones",
    supply: "owned",
    categories: [6, 21, 22, 4, 10, 12],
    weight: 6,
    isPrivateLabel: true,
  },
  // Apparel.
  {
    id: 104,
    name: "Pine Kids",
    tagline: "Everyday cotton for active kids",
    supply: "owned",
    categories: [...APPAREL, 22],
    weight: 5,
  },
  {
    id: 117,
    name: "Tiny Threads",
    tagline: "Soft cottons, gentle on skin",
    supply: "owned",
    categories: APPAREL,
    weight: 4,
  },
  {
    id: 132,
    name: "Little Lark",
    tagline: "Playful prints for happy days",
    supply: "creditWarehouse",
    categories: APPAREL,
    weight: 3,
  },
  {
    id: 145,
    name: "Sprout & Stitch",
    tagline: "Organic clothing that grows with them",
    supply: "owned",
    categories: APPAREL,
    weight: 3,
  },
  {
    id: 158,
    name: "Cotton Cubs",
    tagline: "Comfort first, every day",
    supply: "owned",
    categories: [...APPAREL, 1, 9],
    weight: 3,
  },
  {
    id: 163,
    name: "Peppermint Pals",
    tagline: "Fresh styles for school and play",
    supply: "justInTime",
    categories: APPAREL,
    weight: 2,
  },
  {
    id: 176,
    name: "Rainbow Rascals",
    tagline: "Colour for every little personality",
    supply: "creditWarehouse",
    categories: APPAREL,
    weight: 2,
  },
  {
    id: 189,
    name: "Hopscotch Lane",
    tagline: "Boutique fashion, direct from the designers",
    supply: "dropShip",
    categories: [...APPAREL, 12],
    weight: 2,
    regions: ["pune", "mumbai", "delhi", "bengaluru", "hyderabad", "chennai"],
  },
  {
    id: 192,
    name: "Bloom Buds",
    tagline: "Pretty dresses for little princesses",
    supply: "owned",
    categories: [21, 12],
    weight: 3,
  },
  {
    id: 205,
    name: "Junior Jetset",
    tagline: "Smart looks for young gentlemen",
    supply: "owned",
    categories: [6, 12],
    weight: 3,
  },
  {
    id: 218,
    name: "Snuggle Nest",
    tagline: "Sleepwear and infant wear for sweet dreams",
    supply: "owned",
    categories: [...APPAREL, 9],
    weight: 2,
  },
  {
    id: 224,
    name: "Festive Tots",
    tagline: "Ethnic wear for every celebration",
    supply: "creditVendor",
    categories: APPAREL,
    weight: 2,
    regions: ["pune", "mumbai", "nagpur", "ahmedabad", "delhi"],
  },
  // Footwear.
  {
    id: 231,
    name: "Cute Walk",
    tagline: "First steps to big adventures",
    supply: "owned",
    categories: [22],
    weight: 5,
  },
  {
    id: 247,
    name: "Tippy Toes",
    tagline: "Soft soles for tiny feet",
    supply: "owned",
    categories: [22],
    weight: 3,
  },
  {
    id: 253,
    name: "Puddle Jumpers",
    tagline: "Splash-proof shoes and sandals",
    supply: "creditVendor",
    categories: [22],
    weight: 2,
    regions: ["pune", "mumbai", "bengaluru", "chennai", "hyderabad", "kolkata"],
  },
  {
    id: 268,
    name: "Little Strides",
    tagline: "Supportive shoes for growing feet",
    supply: "justInTime",
    categories: [22],
    weight: 2,
  },
  {
    id: 274,
    name: "Bounce Kicks",
    tagline: "Light-up sneakers kids love",
    supply: "dropShip",
    categories: [22],
    weight: 2,
    regions: ["pune", "mumbai", "nagpur", "ahmedabad"],
  },
  // Diapering.
  {
    id: 301,
    name: "DryNest",
    tagline: "Up to 12 hours of dryness",
    supply: "owned",
    categories: [1],
    weight: 4,
  },
  {
    id: 316,
    name: "Snugglers",
    tagline: "Soft on skin, tough on leaks",
    supply: "creditWarehouse",
    categories: [1, 3],
    weight: 3,
  },
  {
    id: 322,
    name: "Comfy Bottoms",
    tagline: "Rash-free comfort all day",
    supply: "owned",
    categories: [1],
    weight: 2,
  },
  {
    id: 339,
    name: "EcoBub",
    tagline: "Reusable cloth diapering made easy",
    supply: "creditVendor",
    categories: [1, 2],
    weight: 2,
    regions: ["pune", "mumbai", "bengaluru", "delhi"],
  },
  // Feeding.
  {
    id: 342,
    name: "Mee Mee",
    tagline: "Caring for mother and baby",
    supply: "owned",
    categories: [2, 3, 5, 11],
    weight: 4,
  },
  {
    id: 358,
    name: "Sippy Cove",
    tagline: "Spill-proof feeding for every stage",
    supply: "owned",
    categories: [2, 10],
    weight: 3,
  },
  {
    id: 363,
    name: "LatchLove",
    tagline: "Breastfeeding support from people who care",
    supply: "dropShip",
    categories: [2],
    weight: 2,
    regions: [
      "pune",
      "mumbai",
      "bengaluru",
      "delhi",
      "chennai",
      "hyderabad",
      "kolkata",
      "ahmedabad",
      "nagpur",
    ],
  },
  {
    id: 381,
    name: "Happy Tummy",
    tagline: "Feeding time, happy time",
    supply: "creditWarehouse",
    categories: [2],
    weight: 2,
  },
  // Bath and skin care.
  {
    id: 394,
    name: "Gentle Petal",
    tagline: "Mild care for delicate skin",
    supply: "owned",
    categories: [3, 1],
    weight: 4,
  },
  {
    id: 407,
    name: "Aqua Bubs",
    tagline: "Bath time is fun time",
    supply: "owned",
    categories: [3],
    weight: 3,
  },
  {
    id: 412,
    name: "Haldi Naturals",
    tagline: "Ayurvedic baby care from grandma's recipes",
    supply: "creditVendor",
    categories: [3],
    weight: 2,
    regions: ["pune", "mumbai", "delhi", "chennai", "bengaluru"],
  },
  {
    id: 428,
    name: "Lil' Lotus",
    tagline: "Plant-powered baby care",
    supply: "justInTime",
    categories: [3],
    weight: 2,
  },
  // Food.
  {
    id: 435,
    name: "NutriNest",
    tagline: "Nutrition for every milestone",
    supply: "owned",
    categories: [7, 8],
    weight: 5,
  },
  {
    id: 449,
    name: "Little Harvest",
    tagline: "Wholesome grains for little tummies",
    supply: "creditWarehouse",
    categories: [7, 8],
    weight: 3,
  },
  {
    id: 456,
    name: "Growbright",
    tagline: "Health drinks for growing minds",
    supply: "owned",
    categories: [8],
    weight: 3,
  },
  {
    id: 463,
    name: "Tiny Bites",
    tagline: "Snacks made for small hands",
    supply: "justInTime",
    categories: [7, 8],
    weight: 2,
  },
  {
    id: 471,
    name: "Organic Sprouts",
    tagline: "Certified organic baby food",
    supply: "creditVendor",
    categories: [7, 8],
    weight: 2,
    regions: ["pune", "mumbai", "delhi", "bengaluru", "hyderabad"],
  },
  {
    id: 486,
    name: "Poshan Plus",
    tagline: "Traditional nutrition, modern science",
    supply: "owned",
    categories: [7, 8],
    weight: 2,
  },
  // Toys.
  {
    id: 502,
    name: "FunCraft",
    tagline: "Toys that spark imagination",
    supply: "owned",
    categories: [4],
    weight: 4,
  },
  {
    id: 515,
    name: "Blocks & Beyond",
    tagline: "Build, break, build again",
    supply: "owned",
    categories: [4],
    weight: 3,
  },
  {
    id: 527,
    name: "Zoomies",
    tagline: "Ride-ons and RC toys that go fast",
    supply: "dropShip",
    categories: [4, 5],
    weight: 3,
    regions: ["pune", "mumbai", "delhi", "bengaluru", "hyderabad", "chennai", "kolkata"],
  },
  {
    id: 533,
    name: "Giggles Toyworks",
    tagline: "Giggles guaranteed",
    supply: "creditWarehouse",
    categories: [4],
    weight: 3,
  },
  {
    id: 548,
    name: "Puzzle Patch",
    tagline: "Puzzles and games for family time",
    supply: "justInTime",
    categories: [4, 10],
    weight: 2,
  },
  {
    id: 554,
    name: "Dolly Dreams",
    tagline: "Dolls and pretend play",
    supply: "owned",
    categories: [4],
    weight: 2,
  },
  {
    id: 569,
    name: "Smart Sprouts",
    tagline: "Learning toys designed by educators",
    supply: "creditVendor",
    categories: [4, 10],
    weight: 2,
    // South India only: the one brand that does not deliver to Pune (411001).
    regions: ["bengaluru", "chennai", "hyderabad"],
  },
  {
    id: 575,
    name: "Mini Marvels",
    tagline: "Big fun in small packages",
    supply: "owned",
    categories: [4, 6, 21],
    weight: 2,
  },
  // Gear.
  {
    id: 582,
    name: "Cruise Cub",
    tagline: "Strollers built for Indian roads",
    supply: "dropShip",
    categories: [5],
    weight: 3,
    regions: ["pune", "mumbai", "delhi", "bengaluru", "chennai", "hyderabad", "kolkata", "ahmedabad"],
  },
  {
    id: 596,
    name: "SafeSeat",
    tagline: "Crash-tested car seats",
    supply: "creditVendor",
    categories: [5],
    weight: 2,
    regions: ["pune", "mumbai", "delhi", "ahmedabad"],
  },
  {
    id: 603,
    name: "Roll & Rest",
    tagline: "Walkers, rockers and high chairs",
    supply: "justInTime",
    categories: [5, 9],
    weight: 2,
  },
  {
    id: 617,
    name: "Carry Kangaroo",
    tagline: "Keep baby close",
    supply: "owned",
    categories: [5],
    weight: 2,
  },
  {
    id: 634,
    name: "Tot Town",
    tagline: "Gear and play for busy families",
    supply: "dropShip",
    categories: [4, 5, 9],
    weight: 2,
    regions: ["pune", "mumbai", "bengaluru", "chennai"],
  },
  // Nursery.
  {
    id: 648,
    name: "Dream Cradle",
    tagline: "Cots and cradles for sound sleep",
    supply: "dropShip",
    categories: [9],
    weight: 2,
    regions: ["pune", "mumbai", "delhi", "hyderabad"],
  },
  {
    id: 655,
    name: "Woodnest",
    tagline: "Solid wood furniture for kids",
    supply: "creditVendor",
    categories: [9],
    weight: 2,
    regions: ["pune", "bengaluru", "hyderabad", "chennai"],
  },
  {
    id: 661,
    name: "Cozy Corner",
    tagline: "Bedding and blankets with love",
    supply: "owned",
    categories: [9],
    weight: 3,
  },
  {
    id: 679,
    name: "Hushabye",
    tagline: "Swaddles and sleep sacks",
    supply: "creditWarehouse",
    categories: [9, 1],
    weight: 2,
  },
  // School.
  {
    id: 683,
    name: "Inkwell Kids",
    tagline: "Stationery that makes learning fun",
    supply: "owned",
    categories: [10],
    weight: 3,
  },
  {
    id: 697,
    name: "Doodle Desk",
    tagline: "Art supplies for young artists",
    supply: "owned",
    categories: [10],
    weight: 2,
  },
  {
    id: 704,
    name: "Backpack Buddy",
    tagline: "Bags and bottles for school days",
    supply: "justInTime",
    categories: [10],
    weight: 2,
  },
  {
    id: 716,
    name: "Pageturner Books",
    tagline: "Stories children remember",
    supply: "owned",
    categories: [10],
    weight: 3,
  },
  // Health and safety.
  {
    id: 729,
    name: "SafeSteps",
    tagline: "Baby-proof your home",
    supply: "owned",
    categories: [11],
    weight: 3,
  },
  {
    id: 735,
    name: "CareCub",
    tagline: "Health care for little ones",
    supply: "creditWarehouse",
    categories: [11, 2],
    weight: 2,
  },
  {
    id: 748,
    name: "Mozzi Guard",
    tagline: "Natural protection from mosquitoes",
    supply: "owned",
    categories: [11, 9],
    weight: 2,
  },
  {
    id: 752,
    name: "Sunny Days",
    tagline: "Caps, shades and summer fun",
    supply: "owned",
    categories: [12],
    weight: 2,
  },
];

/** The brand the stockist demo user blocks through a rule. */
export const STOCKIST_BLOCKED_BRAND_ID = 176;
