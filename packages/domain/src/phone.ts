/**
 * An Indian mobile number as partners, kiosk customers and sign-ups type it: 10 digits, the first
 * 6 to 9. The one pattern every form and request body checks.
 */
export const INDIAN_MOBILE = /^[6-9]\d{9}$/;

/** Whether a value (already trimmed) is a 10-digit Indian mobile number. */
export const isIndianMobile = (value: string): boolean => INDIAN_MOBILE.test(value);

/** The refusal of a field that is not an Indian mobile number: "phone must be a 10-digit Indian mobile number". */
export const indianMobileMessage = (field: string): string =>
  `${field} must be a 10-digit Indian mobile number`;
