/**
 * A GSTIN (GST identification number): 15 characters, the state's two-digit GST code, the holder's
 * PAN (5 letters, 4 digits, 1 letter), the entity number, "Z" by default, and a check character
 * computed by GSTN's checksum (base 36, factors 1 and 2 alternating).
 */
import { gstStateCode } from "./gst";
import { partnerDeskMessages as msg } from "./messages";

const GSTIN_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const GSTIN_SHAPE = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z][A-Z0-9][0-9A-Z]$/;

/** GSTN's check character for the first 14 characters of a GSTIN. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARS.indexOf(first14.charAt(i)) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS.charAt((36 - (sum % 36)) % 36);
}

/**
 * Why a GSTIN is not valid (for the partner's state when given), or null when it is. Case and
 * surrounding spaces are ignored (the number is compared in capitals).
 */
export function gstinProblem(gstin: string, state?: string | null): string | null {
  const value = gstin.trim().toUpperCase();
  if (value.length !== 15) return msg.gstinLength;
  if (!GSTIN_SHAPE.test(value)) return msg.gstinShape;
  const code = value.slice(0, 2);
  if (gstStateCode(code) === null) return msg.gstinUnknownState;
  if (state) {
    const stateCode = gstStateCode(state);
    if (stateCode !== null && stateCode !== code) return msg.gstinStateMismatch(code, state);
  }
  if (gstinCheckCharacter(value.slice(0, 14)) !== value.charAt(14)) return msg.gstinChecksum;
  return null;
}
