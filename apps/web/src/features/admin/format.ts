import dayjs from "dayjs";

const RUPEES = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" });

/** A decimal string from the API as rupees (display only; never summed here). */
export const money = (amount: string) => RUPEES.format(Number(amount));
export const dateTime = (iso: string | null) => (iso ? dayjs(iso).format("DD MMM YYYY, HH:mm") : "–");
export const day = (iso: string | null) => (iso ? dayjs(iso).format("DD MMM YYYY") : "–");
export const today = () => dayjs().format("YYYY-MM-DD");
