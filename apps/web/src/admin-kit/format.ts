import { formatDate, formatDateTime, formatRupees, indiaDay } from "@portal/domain";

/** A decimal string from the API as rupees, exactly (display only; never summed here). */
export const money = (amount: string) => formatRupees(amount);
export const dateTime = (iso: string | null) => (iso ? formatDateTime(iso) : "–");
export const day = (iso: string | null) => (iso ? formatDate(iso) : "–");
export const today = () => indiaDay(new Date());
