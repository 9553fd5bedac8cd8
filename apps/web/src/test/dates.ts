import { fireEvent, screen } from "@testing-library/react";

/** A day (yyyy-MM-dd) as the portal shows it: dd-MM-yyyy. */
export const shownDay = (day: string) => day.split("-").reverse().join("-");

const click = async (name: string) => fireEvent.click(await screen.findByRole("button", { name }));

/**
 * Picks a day (yyyy-MM-dd) in a date field's calendar (`DateField`) as a user does: up to the
 * decade (moving back or on to the day's decade), then the year, the month and the day.
 */
export async function pickDay(label: string, day: string) {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  // the calendar's (dayjs's) English month names: "Sep", "September"
  const first = new Date(Date.UTC(year, month - 1, 1));
  const name = (style: "short" | "long") => first.toLocaleString("en-US", { month: style, timeZone: "UTC" });
  fireEvent.click(screen.getByLabelText(label));
  await click("Choose the month");
  await click("Choose the year");
  const decade =
    (await screen.findByRole("button", { name: "Previous decade" })).parentElement?.textContent ?? "";
  const shownFrom = Number(decade.match(/\d{4}/)?.[0] ?? year);
  for (let d = shownFrom; d > year; d -= 10) await click("Previous decade");
  for (let d = shownFrom + 9; d < year; d += 10) await click("Next decade");
  await click(String(year));
  await click(name("short"));
  await click(`${date} ${name("long")} ${year}`);
}

/** Empties a date field with its clear button. */
export async function clearDay(label: string) {
  await click(`Clear ${label}`);
}
