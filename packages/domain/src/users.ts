import { FOOD_SUBCATEGORY_IDS } from "./constants";

export const ACCOUNT_TYPES = ["franchise", "stockist", "kiosk", "admin"] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** The flags of the spec's `me` that decide what a user may see and do. */
export interface UserFlags {
  role: string;
  isFranchisee: boolean;
  enableLedger: boolean;
  hasFoodLicense: boolean;
  enableARS: boolean;
  canViewStorePerformance: boolean;
  canOrder: boolean;
  canCartUpload: boolean;
  offer: boolean;
  accountType: AccountType;
}

export const isAdmin = (user: Pick<UserFlags, "role">) => user.role === "admin";
export const isKioskStore = (user: { accountType: string }) => user.accountType === "kiosk";

/** Category names of the two food categories, the only ones a food-licence user sees in the menu. */
export const FOOD_CATEGORY_NAMES = [
  "Baby Food & Infant Formula",
  "Kids Food & Nutritional Supplements",
] as const;

export const isFoodSubcategory = (subcategoryId: number) =>
  (FOOD_SUBCATEGORY_IDS as readonly number[]).includes(subcategoryId);

/** The food-licence rule: food subcategories 79 and 815 are shown only to a user with the licence. */
export const foodLicenceAllows = (viewer: { hasFoodLicense: boolean }, subcategoryId: number) =>
  viewer.hasFoodLicense || !isFoodSubcategory(subcategoryId);

/**
 * Password rule for sign-up, change and reset: 8 to 64 characters with at least one letter and one digit.
 * Returns the reason it fails, or null when it passes.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;

export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH)
    return `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`;
  if (password.length > PASSWORD_MAX_LENGTH)
    return `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`;
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password))
    return "Password must contain at least one letter and one number";
  return null;
}

/**
 * COCO franchisees created in this window print an alternate company's GST number, name and CIN on invoices.
 * Between 2018-03-09 14:55:08 and 2018-04-01 (both in IST).
 */
export const ALTERNATE_COMPANY_WINDOW = {
  from: new Date("2018-03-09T14:55:08+05:30"),
  to: new Date("2018-04-01T00:00:00+05:30"),
} as const;
