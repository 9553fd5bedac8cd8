import type { AccountType, Warehouse } from "@portal/domain";

/**
 * Stockists (ids 100 and above) beside the spec's static warehouses. 104 is mapped to no user at
 * all, so a product stocked only there must never be shown to anyone.
 */
export const STOCKIST_WAREHOUSES: readonly Warehouse[] = [
  {
    id: 101,
    name: "Shree Baby Distributors",
    address: "Plot 17, Wardhaman Nagar, Central Avenue Road",
    city: "Nagpur",
    state: "Maharashtra",
    pincode: "440008",
    zone: "West",
    gstNo: "27AAKFS4821M1ZQ",
  },
  {
    id: 102,
    name: "Deccan Kids Wholesale",
    address: "6-3-1090, Raj Bhavan Road, Somajiguda",
    city: "Hyderabad",
    state: "Telangana",
    pincode: "500082",
    zone: "South",
    gstNo: "36AAJFD7314K1Z9",
  },
  {
    id: 103,
    name: "Sabarmati Baby Mart Traders",
    address: "Shed 12, GIDC Estate, Naroda",
    city: "Ahmedabad",
    state: "Gujarat",
    pincode: "382330",
    zone: "West",
    gstNo: "24AAGFS2290B1ZK",
  },
  {
    id: 104,
    name: "Malabar Kids Agencies (unmapped)",
    address: "XL/2210, Market Road, Ernakulam",
    city: "Kochi",
    state: "Kerala",
    pincode: "682011",
    zone: "South",
    gstNo: "32AAMFM6107Q1ZW",
  },
];

/** The stockist that no user is mapped to. */
export const UNMAPPED_WAREHOUSE_ID = 104;

export interface DemoFranchise {
  concept: string;
  name: string;
  createdAt: Date;
}

export interface DemoUser {
  email: string;
  /** One line for the start-up banner and the README. */
  description: string;
  role: "user" | "admin";
  accountType: AccountType;
  firstname: string;
  lastname: string;
  storeName: string;
  phone: string;
  state: string;
  /** The partner's GSTIN (state code matching its billing state, valid check character); null for staff. */
  gstin: string | null;
  pincode: string;
  shippingAddress1: string;
  shippingAddress2: string;
  shippingCity: string;
  flags: {
    offer: boolean;
    canViewStorePerformance: boolean;
    canOrder: boolean;
    canCartUpload: boolean;
    isFranchisee: boolean;
    enableLedger: boolean;
    hasFoodLicense: boolean;
    enableARS: boolean;
  };
  franchise: DemoFranchise | null;
  /** Warehouse ids the user may order from; "all" means every warehouse but the unmapped stockist. */
  warehouses: readonly number[] | "all";
  createdAt: Date;
}

const ALL_FLAGS = {
  offer: true,
  canViewStorePerformance: true,
  canOrder: true,
  canCartUpload: true,
  isFranchisee: true,
  enableLedger: true,
  hasFoodLicense: true,
  enableARS: true,
} as const;

const NO_FLAGS = {
  offer: false,
  canViewStorePerformance: false,
  canOrder: false,
  canCartUpload: false,
  isFranchisee: false,
  enableLedger: false,
  hasFoodLicense: false,
  enableARS: false,
} as const;

export const DEMO_USERS: readonly DemoUser[] = [
  {
    email: "franchisee@demo.in",
    description:
      "Franchise store, concept BABYHUG, Pune 411001: every partner flag (ledger, food licence, ARS, store performance, offers)",
    role: "user",
    accountType: "franchise",
    firstname: "Priya",
    lastname: "Deshmukh",
    storeName: "Babyhug FC Camp Pune",
    phone: "9822014567",
    state: "Maharashtra",
    gstin: "27AKXPD4417K1ZQ",
    pincode: "411001",
    shippingAddress1: "Shop 4, Ground Floor, Sterling Centre, 16 M.G. Road",
    shippingAddress2: "Camp, near Dorabjee's",
    shippingCity: "Pune",
    flags: ALL_FLAGS,
    franchise: {
      concept: "BABYHUG",
      name: "Babyhug FC Camp Pune",
      createdAt: new Date("2017-04-01T10:30:00+05:30"),
    },
    warehouses: [2, 3, 5, 7, 101],
    createdAt: new Date("2017-04-01T11:00:00+05:30"),
  },
  {
    email: "stockist@demo.in",
    description:
      "Stockist partner, Bengaluru 560001: can order and upload carts; no franchise, food, ledger or offers; blocks one brand",
    role: "user",
    accountType: "stockist",
    firstname: "Ramesh",
    lastname: "Gowda",
    storeName: "Little Steps Kids Mart",
    phone: "9845023781",
    state: "Karnataka",
    gstin: "29AAHFL3906R1ZM",
    pincode: "560001",
    shippingAddress1: "No. 42, 1st Floor, Brigade Road",
    shippingAddress2: "Ashok Nagar",
    shippingCity: "Bengaluru",
    flags: { ...NO_FLAGS, canOrder: true, canCartUpload: true },
    franchise: null,
    warehouses: [2, 7, 102],
    createdAt: new Date("2020-02-03T09:15:00+05:30"),
  },
  {
    email: "kiosk@demo.in",
    description: "Kiosk store, Chennai, Tamil Nadu: takes walk-in customer orders",
    role: "user",
    accountType: "kiosk",
    firstname: "Lakshmi",
    lastname: "Narayanan",
    storeName: "Babyhug Kiosk Phoenix Marketcity Chennai",
    phone: "9884061295",
    state: "Tamil Nadu",
    gstin: "33ALNPN5520C1ZE",
    pincode: "600042",
    shippingAddress1: "Kiosk K-12, Phoenix Marketcity, 142 Velachery Main Road",
    shippingAddress2: "Velachery",
    shippingCity: "Chennai",
    flags: { ...NO_FLAGS, canOrder: true },
    franchise: {
      concept: "KIOSK",
      name: "Babyhug Kiosk Chennai",
      createdAt: new Date("2021-09-01T10:00:00+05:30"),
    },
    warehouses: [2, 7],
    createdAt: new Date("2021-09-01T10:30:00+05:30"),
  },
  {
    email: "coco@demo.in",
    description:
      "Company-owned store, concept COCO, Mumbai 400001, franchise created 2018-03-20: ledger on both accounts (its orders on account 2, head-office notes on account 1)",
    role: "user",
    accountType: "franchise",
    firstname: "Anil",
    lastname: "Mehta",
    storeName: "Babyhug COCO Fort Mumbai",
    phone: "9820037452",
    state: "Maharashtra",
    gstin: "27AAICB8812E1ZP",
    pincode: "400001",
    shippingAddress1: "Ground Floor, Kothari House, Perin Nariman Street",
    shippingAddress2: "Fort",
    shippingCity: "Mumbai",
    // The ledger flag is on: the store sees both its accounts and its DN120 and DN180 ageing notes.
    flags: { ...NO_FLAGS, isFranchisee: true, canOrder: true, enableLedger: true },
    franchise: {
      concept: "COCO",
      name: "Babyhug COCO Fort Mumbai",
      createdAt: new Date("2018-03-20T00:00:00+05:30"),
    },
    warehouses: [2, 5],
    createdAt: new Date("2018-03-20T12:00:00+05:30"),
  },
  {
    email: "admin@demo.in",
    description:
      "Administrator: role admin, every flag, mapped to every warehouse (except the unmapped stockist 104)",
    role: "admin",
    accountType: "admin",
    firstname: "Asha",
    lastname: "Iyer",
    storeName: "Head Office",
    phone: "9833045120",
    state: "Maharashtra",
    gstin: null,
    pincode: "400013",
    shippingAddress1: "Tower B, 12th Floor, Peninsula Business Park, Ganpatrao Kadam Marg",
    shippingAddress2: "Lower Parel",
    shippingCity: "Mumbai",
    flags: ALL_FLAGS,
    franchise: null,
    warehouses: "all",
    createdAt: new Date("2017-04-01T09:00:00+05:30"),
  },
];

export interface BannerDef {
  title: string;
  subtitle: string;
  link: string;
}

/** Home carousel. Images are generated by the server at /api/images/banners/{id}.svg. */
export const BANNERS: readonly BannerDef[] = [
  {
    title: "Festive Collection is here",
    subtitle: "Ethnic wear for boys and girls, ready for the season",
    link: "/products/listing?categories=21&subcategories=2104",
  },
  {
    title: "Boys Clothing: new arrivals",
    subtitle: "T-shirts, shirts and sets in fresh prints",
    link: "/products/listing?categories=6",
  },
  {
    title: "Step into comfort",
    subtitle: "Footwear for first steps to school days",
    link: "/products/listing?categories=22",
  },
  {
    title: "Diapering essentials",
    subtitle: "Stock up on best-selling diapers and wipes",
    link: "/products/listing?categories=1",
  },
  {
    title: "Toys that teach",
    subtitle: "Learning and educational toys for every age",
    link: "/products/listing?categories=4&subcategories=407",
  },
];

export interface NotificationDef {
  title: string;
  message: string;
  target: string;
  /** Hours before the world's base date. */
  hoursAgo: number;
}

/** Notifications by demo user email. Order and load numbers are illustrative. */
export const NOTIFICATIONS: Readonly<Record<string, readonly NotificationDef[]>> = {
  "franchisee@demo.in": [
    {
      title: "Order shipped",
      message: "Your order PO-2610-004512T has been shipped from the Pune warehouse.",
      target: "/account/orderHistory",
      hoursAgo: 5,
    },
    {
      title: "Load dispatched",
      message: "Load LD-88231 with 14 cartons is on its way to Babyhug FC Camp Pune.",
      target: "/account/loadHistory",
      hoursAgo: 20,
    },
    {
      title: "Ledger updated",
      message: "Payment of ₹1,25,000.00 received by NEFT has been credited to your ledger.",
      target: "/account/ledger",
      hoursAgo: 46,
    },
    {
      title: "New in Boys Clothing",
      message: "The winter collection has arrived. Order early for the season.",
      target: "/products/listing?categories=6",
      hoursAgo: 70,
    },
    {
      title: "Password reminder",
      message: "For your security, change your password every 90 days.",
      target: "/settings",
      hoursAgo: 160,
    },
  ],
  "stockist@demo.in": [
    {
      title: "Order confirmed",
      message: "Your order PO-2610-004588N has been confirmed by the Bangalore warehouse.",
      target: "/account/orderHistory",
      hoursAgo: 8,
    },
    {
      title: "Load delivered",
      message: "Load LD-88190 has been delivered to Little Steps Kids Mart.",
      target: "/account/loadHistory",
      hoursAgo: 52,
    },
    {
      title: "New footwear range",
      message: "Light-up sneakers and school shoes are now available to order.",
      target: "/products/listing?categories=22",
      hoursAgo: 96,
    },
  ],
  "kiosk@demo.in": [
    {
      title: "Kiosk order pending",
      message: "A walk-in customer order is waiting for your confirmation.",
      target: "/account/kioskConfirmation",
      hoursAgo: 3,
    },
    {
      title: "Order shipped",
      message: "Your order PO-2610-004601K has been shipped.",
      target: "/account/orderHistory",
      hoursAgo: 30,
    },
    {
      title: "Store music updated",
      message: "New Tamil store music and AV commercials are available.",
      target: "/account/tvc",
      hoursAgo: 120,
    },
  ],
  "coco@demo.in": [
    {
      title: "Order delivered",
      message: "Your order PO-2610-004477T has been delivered to Babyhug COCO Fort Mumbai.",
      target: "/account/orderHistory",
      hoursAgo: 12,
    },
    {
      title: "Load in transit",
      message: "Load LD-88244 has left the Mumbai warehouse.",
      target: "/account/loadHistory",
      hoursAgo: 28,
    },
    {
      title: "Policy update",
      message: "The sales return policy has been updated. Please read the new terms.",
      target: "/account/policies",
      hoursAgo: 75,
    },
    {
      title: "Girls Clothing restocked",
      message: "Best-selling frocks and dresses are back in stock.",
      target: "/products/listing?categories=21",
      hoursAgo: 140,
    },
  ],
  "admin@demo.in": [
    {
      title: "POS release notes",
      message: "POS version 4.12 is out. See what changed.",
      target: "/account/releasenotes",
      hoursAgo: 10,
    },
    {
      title: "Catalogue refreshed",
      message: "The demo catalogue has been loaded.",
      target: "/products/listing?categories=6",
      hoursAgo: 1,
    },
  ],
};
