import { sameGstState } from "./gst";

/** States and union territories of India (the spec counts 37 entries), for address forms and GST. */
export const INDIAN_STATES = [
  "Andaman and Nicobar Islands",
  "Andhra Pradesh",
  "Arunachal Pradesh",
  "Assam",
  "Bihar",
  "Chandigarh",
  "Chhattisgarh",
  "Dadra and Nagar Haveli",
  "Daman and Diu",
  "Delhi",
  "Goa",
  "Gujarat",
  "Haryana",
  "Himachal Pradesh",
  "Jammu and Kashmir",
  "Jharkhand",
  "Karnataka",
  "Kerala",
  "Ladakh",
  "Lakshadweep",
  "Madhya Pradesh",
  "Maharashtra",
  "Manipur",
  "Meghalaya",
  "Mizoram",
  "Nagaland",
  "Odisha",
  "Puducherry",
  "Punjab",
  "Rajasthan",
  "Sikkim",
  "Tamil Nadu",
  "Telangana",
  "Tripura",
  "Uttar Pradesh",
  "Uttarakhand",
  "West Bengal",
] as const;

/** A state name reduced to its letters in lower case, so that "Tamil Nadu" and "tamilnadu" compare equal. */
export const stateKey = (state: string): string => state.toLowerCase().replace(/[^a-z]/g, "");

/** Whether two state names name the same state: the tax engine's rule (same GST state code). */
export const sameState = (a: string, b: string): boolean => sameGstState(a, b);

const STATE_BY_KEY = new Map<string, string>(INDIAN_STATES.map((s) => [stateKey(s), s]));

/** The state's name as the list spells it, or null when it is not a state of India. */
export const canonicalState = (state: string): string | null => STATE_BY_KEY.get(stateKey(state)) ?? null;
