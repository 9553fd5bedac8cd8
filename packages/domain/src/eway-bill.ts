/**
 * E-way bills (GST rule 138): a consignment of goods worth more than the limit (₹50,000 unless staff
 * set another in Admin Settings) moves only with an e-way bill from NIC's e-way bill system. Here:
 * the approximate road distance between two pincodes (a table of sorting-district centroids kept
 * in the repository), the validity the distance gives, the number's shape and the request's types
 * (EWB-01, NIC's "generate e-way bill" API v1.03).
 */
import { gstinCheckCharacter } from "./gstin";

/** E-way bills began for inter-state movement on 2018-04-01: loads shipped before need none. */
export const EWAYBILL_START_DAY = "2018-04-01";
/** The consignment value above which a load needs an e-way bill, in paise (₹50,000), until staff set another. */
export const DEFAULT_EWAYBILL_LIMIT_PAISE = 5_000_000;
/** The largest limit staff may set, in paise (₹10,00,000). */
export const MAX_EWAYBILL_LIMIT_PAISE = 100_000_000;
/** Road distance = great-circle distance × this factor (roads wind). */
export const ROAD_FACTOR = 1.2;
/** NIC refuses a distance above 4,000 km. */
export const MAX_EWAYBILL_DISTANCE_KM = 4000;
/** Two pincodes of one sorting district are taken as this far apart. */
export const SAME_DISTRICT_KM = 10;
/** One day of validity per this many kilometres (or part of it), for ordinary cargo. */
export const KM_PER_VALIDITY_DAY = 200;

/**
 * A document number as NIC's e-way bill system takes it (at most 16 letters, digits, "/" and "-"):
 * a tax invoice's number as it is (16 characters by design); a proforma invoice's (PI/ and the order
 * id, 20 characters) without its dashes and the order id's "PO": PI/PO-260615-100001T → PI/260615100001T.
 */
export function ewayBillDocNo(number: string): string {
  if (/^[A-Za-z0-9/-]{1,16}$/.test(number)) return number;
  return number
    .replace(/[^A-Za-z0-9/]/g, "")
    .replace(/^PI\/PO/, "PI/")
    .slice(0, 16);
}

/** An e-way bill number: 12 digits. */
export const EWAYBILL_NUMBER = /^\d{12}$/;

/**
 * Latitude and longitude of the centroid of each sorting district (the first three digits of a
 * pincode): every pincode of the demo world and the major districts. Approximate (two decimals).
 */
export const PINCODE_DISTRICTS: Readonly<Record<string, readonly [number, number]>> = {
  "110": [28.61, 77.21], // Delhi
  "121": [28.41, 77.32], // Faridabad
  "122": [28.46, 77.03], // Gurugram
  "132": [29.69, 76.99], // Karnal
  "141": [30.9, 75.86], // Ludhiana
  "143": [31.63, 74.87], // Amritsar
  "144": [31.33, 75.58], // Jalandhar
  "147": [30.34, 76.39], // Patiala
  "151": [30.21, 74.95], // Bathinda
  "160": [30.73, 76.78], // Chandigarh
  "171": [31.1, 77.17], // Shimla
  "180": [32.73, 74.86], // Jammu
  "190": [34.08, 74.8], // Srinagar
  "201": [28.67, 77.45], // Ghaziabad, Noida
  "208": [26.45, 80.33], // Kanpur
  "211": [25.44, 81.85], // Prayagraj
  "221": [25.32, 82.97], // Varanasi
  "226": [26.85, 80.95], // Lucknow
  "243": [28.37, 79.43], // Bareilly
  "248": [30.32, 78.03], // Dehradun
  "250": [28.98, 77.71], // Meerut
  "263": [29.22, 79.51], // Haldwani
  "273": [26.76, 83.37], // Gorakhpur
  "282": [27.18, 78.01], // Agra
  "302": [26.91, 75.79], // Jaipur
  "313": [24.58, 73.71], // Udaipur
  "324": [25.18, 75.83], // Kota
  "342": [26.24, 73.02], // Jodhpur
  "360": [22.3, 70.8], // Rajkot
  "380": [23.02, 72.57], // Ahmedabad
  "382": [23.22, 72.65], // Gandhinagar
  "390": [22.31, 73.18], // Vadodara
  "395": [21.17, 72.83], // Surat
  "400": [18.96, 72.82], // Mumbai
  "401": [19.3, 72.85], // Thane, Palghar
  "403": [15.49, 73.83], // Goa
  "410": [18.75, 73.4], // Lonavala, Chakan, Raigad
  "411": [18.52, 73.86], // Pune
  "412": [18.6, 74.0], // Pune district
  "413": [17.66, 75.91], // Solapur
  "416": [16.7, 74.24], // Kolhapur
  "421": [19.3, 73.06], // Bhiwandi, Kalyan
  "422": [20.0, 73.79], // Nashik
  "425": [21.0, 75.56], // Jalgaon
  "431": [19.88, 75.34], // Aurangabad
  "440": [21.15, 79.09], // Nagpur
  "444": [20.93, 77.75], // Amravati
  "452": [22.72, 75.86], // Indore
  "462": [23.26, 77.41], // Bhopal
  "474": [26.22, 78.18], // Gwalior
  "482": [23.18, 79.99], // Jabalpur
  "492": [21.25, 81.63], // Raipur
  "500": [17.39, 78.49], // Hyderabad
  "506": [17.97, 79.59], // Warangal
  "517": [13.63, 79.42], // Tirupati
  "520": [16.51, 80.65], // Vijayawada
  "530": [17.69, 83.22], // Visakhapatnam
  "560": [12.97, 77.59], // Bengaluru
  "562": [13.1, 77.75], // Bengaluru rural, Hoskote
  "570": [12.3, 76.64], // Mysuru
  "575": [12.91, 74.86], // Mangaluru
  "580": [15.36, 75.12], // Hubballi-Dharwad
  "590": [15.85, 74.5], // Belagavi
  "600": [13.08, 80.27], // Chennai
  "605": [11.94, 79.81], // Puducherry
  "620": [10.79, 78.7], // Tiruchirappalli
  "625": [9.93, 78.12], // Madurai
  "636": [11.66, 78.15], // Salem
  "641": [11.02, 76.96], // Coimbatore
  "673": [11.26, 75.78], // Kozhikode
  "682": [9.93, 76.27], // Kochi
  "695": [8.52, 76.94], // Thiruvananthapuram
  "700": [22.57, 88.36], // Kolkata
  "711": [22.59, 88.31], // Howrah
  "734": [26.73, 88.4], // Siliguri
  "737": [27.33, 88.61], // Gangtok
  "751": [20.3, 85.82], // Bhubaneswar
  "753": [20.46, 85.88], // Cuttack
  "769": [22.26, 84.85], // Rourkela
  "781": [26.14, 91.74], // Guwahati
  "793": [25.58, 91.89], // Shillong
  "795": [24.82, 93.94], // Imphal
  "799": [23.83, 91.28], // Agartala
  "800": [25.59, 85.14], // Patna
  "826": [23.8, 86.43], // Dhanbad
  "831": [22.8, 86.2], // Jamshedpur
  "834": [23.34, 85.31], // Ranchi
};

/** A postal zone's centroid (the first digit), for a district the table does not list. */
const POSTAL_ZONES: Readonly<Record<string, readonly [number, number]>> = {
  "1": [29.5, 76.5], // Delhi, Haryana, Punjab, Himachal, Jammu and Kashmir
  "2": [27.0, 80.0], // Uttar Pradesh, Uttarakhand
  "3": [24.5, 73.0], // Rajasthan, Gujarat
  "4": [20.0, 76.5], // Maharashtra, Goa, Madhya Pradesh, Chhattisgarh
  "5": [15.5, 78.5], // Telangana, Andhra Pradesh, Karnataka
  "6": [10.5, 77.5], // Tamil Nadu, Kerala
  "7": [23.5, 88.0], // West Bengal, Odisha, the North East
  "8": [24.5, 85.5], // Bihar, Jharkhand
};

/** The centroid of a pincode's sorting district (else its postal zone), or null for a pincode that is not one. */
export function pincodeCentroid(pincode: string): readonly [number, number] | null {
  if (!/^[1-8]\d{5}$/.test(pincode)) return null;
  return PINCODE_DISTRICTS[pincode.slice(0, 3)] ?? POSTAL_ZONES[pincode.charAt(0)] ?? null;
}

const EARTH_RADIUS_KM = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points (haversine), in kilometres. */
export function greatCircleKm(a: readonly [number, number], b: readonly [number, number]): number {
  const dLat = radians(b[0] - a[0]);
  const dLon = radians(b[1] - a[1]);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a[0])) * Math.cos(radians(b[0])) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(h));
}

/**
 * The approximate road distance between two pincodes: the great-circle distance between their
 * sorting districts' centroids × 1.2, rounded to the kilometre, at most 4,000 km; 10 km within one
 * district. Null when either is not a pincode.
 */
export function pincodeDistanceKm(from: string, to: string): number | null {
  const a = pincodeCentroid(from);
  const b = pincodeCentroid(to);
  if (!a || !b) return null;
  if (from.slice(0, 3) === to.slice(0, 3)) return SAME_DISTRICT_KM;
  const km = Math.round(greatCircleKm(a, b) * ROAD_FACTOR);
  return Math.min(Math.max(km, SAME_DISTRICT_KM), MAX_EWAYBILL_DISTANCE_KM);
}

/** Days an e-way bill is valid for a distance: one per 200 km or part of it (at least one). */
export const ewayBillValidityDays = (km: number) => Math.max(1, Math.ceil(km / KM_PER_VALIDITY_DAY));

/**
 * Until when an e-way bill generated at a moment is valid: the days its distance gives, counted
 * from the day of generation in India, ending at 23:59 India time of the last day.
 */
export function ewayBillValidUntil(generatedAt: Date, km: number): Date {
  const india = new Date(generatedAt.getTime() + 330 * 60_000);
  india.setUTCDate(india.getUTCDate() + ewayBillValidityDays(km));
  return new Date(`${india.toISOString().slice(0, 10)}T23:59:00+05:30`);
}

/** Whether a consignment value (paise) needs an e-way bill under a limit (paise): above it, not at it. */
export const ewayBillNeeded = (valuePaise: bigint, limitPaise: number) => valuePaise > BigInt(limitPaise);

/** A GSTIN made whole with its check character. */
const withCheck = (first14: string) => `${first14}${gstinCheckCharacter(first14)}`;

/**
 * The transporters the loads name, with their GSTIN (the transporter id an e-way bill names). A
 * transporter not listed is named without an id.
 */
export const TRANSPORTER_GSTINS: Readonly<Record<string, string>> = {
  "blue dart": withCheck("27AAACB4521K1Z"),
  delhivery: withCheck("06AAECD7183M1Z"),
  gati: withCheck("36AAACG3360Q1Z"),
  dtdc: withCheck("29AAACD9174R1Z"),
  safexpress: withCheck("07AAECS6127L1Z"),
};
export const transporterGstin = (name: string | null) =>
  name ? (TRANSPORTER_GSTINS[name.trim().toLowerCase()] ?? null) : null;

/** One HSN line of an e-way bill: the goods of one HSN code and rate. */
export interface EwayBillItem {
  productName: string;
  productDesc: string;
  hsnCode: number;
  quantity: number;
  qtyUnit: string;
  cgstRate: number;
  sgstRate: number;
  igstRate: number;
  cessRate: number;
  cessNonadvol: number;
  taxableAmount: number;
}

/** NIC's EWB-01 "generate e-way bill" request (API v1.03), outward supply by road. */
export interface EwayBill {
  supplyType: "O";
  subSupplyType: "1";
  subSupplyDesc: string;
  docType: "INV";
  docNo: string;
  docDate: string;
  fromGstin: string;
  fromTrdName: string;
  fromAddr1: string;
  fromAddr2: string;
  fromPlace: string;
  fromPincode: number;
  actFromStateCode: number;
  fromStateCode: number;
  toGstin: string;
  toTrdName: string;
  toAddr1: string;
  toAddr2: string;
  toPlace: string;
  toPincode: number;
  actToStateCode: number;
  toStateCode: number;
  transactionType: 1;
  otherValue: number;
  totalValue: number;
  cgstValue: number;
  sgstValue: number;
  igstValue: number;
  cessValue: number;
  cessNonAdvolValue: number;
  totInvValue: number;
  transporterId: string;
  transporterName: string;
  transDocNo: string;
  transDocDate: string;
  transMode: "1";
  transDistance: string;
  vehicleNo: string;
  vehicleType: "R";
  itemList: EwayBillItem[];
}

/** An instant as NIC's e-way bill system writes it: dd/MM/yyyy hh:mm:ss AM, India time. */
export function ewayBillDateTime(at: Date): string {
  const india = new Date(at.getTime() + 330 * 60_000).toISOString();
  const hour = Number(india.slice(11, 13));
  const h12 = String(hour % 12 === 0 ? 12 : hour % 12).padStart(2, "0");
  return `${india.slice(8, 10)}/${india.slice(5, 7)}/${india.slice(0, 4)} ${h12}:${india.slice(14, 19)} ${hour < 12 ? "AM" : "PM"}`;
}

/** The instant of NIC's dd/MM/yyyy hh:mm:ss AM (India time). */
export function ewayBillInstant(value: string): Date | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):(\d{2}) (AM|PM)$/.exec(value.trim());
  if (!m) return null;
  const hour = (Number(m[4]) % 12) + (m[7] === "PM" ? 12 : 0);
  return new Date(`${m[3]}-${m[2]}-${m[1]}T${String(hour).padStart(2, "0")}:${m[5]}:${m[6]}+05:30`);
}
