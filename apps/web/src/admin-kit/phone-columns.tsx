import { useMediaQuery } from "@mantine/hooks";
import type { AdminColumn } from "./AdminTable";

/** Below Mantine's `sm` breakpoint (576 px): a phone. */
export const PHONE_QUERY = "(max-width: 575px)";

/**
 * The screen's width read in the first render (not in an effect after it): a phone's table is drawn
 * with its one column at once, not with the desk's columns first and then again.
 */
export const SYNC = { getInitialValueInEffect: false } as const;

/** Whether the screen is a phone's (for pages that must call it before an early return). */
export const usePhone = () => useMediaQuery(PHONE_QUERY, undefined, SYNC);

/**
 * An admin table on a phone: one column, `stacked`, shows a row as a small card (the other columns
 * would scroll sideways; it wraps when given `noWrap: false`); the other columns are hidden but stay in the CSV export.
 */
export function phoneColumns<T>(
  phone: boolean | undefined,
  columns: AdminColumn<T>[],
  stacked: AdminColumn<T>,
): AdminColumn<T>[] {
  if (!phone) return columns;
  return [{ ...stacked, noCsv: true } as AdminColumn<T>, ...columns.map((c) => ({ ...c, hidden: true }))];
}

/** `phoneColumns` on the current screen. */
export function usePhoneColumns<T>(columns: AdminColumn<T>[], stacked: AdminColumn<T>): AdminColumn<T>[] {
  return phoneColumns(usePhone(), columns, stacked);
}
