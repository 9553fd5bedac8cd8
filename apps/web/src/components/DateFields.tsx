import "@mantine/dates/styles.css";
import { Input, InputBase } from "@mantine/core";
import type { DatePickerInputProps, DatePickerInput as DatePickerInputType } from "@mantine/dates";
import { formatDate, indiaDay } from "@portal/domain";
import { IconCalendar } from "@tabler/icons-react";
import { type ComponentProps, lazy, Suspense } from "react";

type Picker = typeof DatePickerInputType<"default">;

/**
 * The calendar (@mantine/dates and dayjs, 12 KB compressed) is its own chunk: fetched as soon as a page
 * with a date field loads, beside the page's data, not before the page can draw (bench:web). Until it
 * is in, the field draws as it will look, label, day and all, so nothing moves when it arrives.
 */
let loaded: Picker | undefined;
// destructured at once, so the build keeps the picker and what it uses, not all of @mantine/dates
const picker = import("@mantine/dates").then(({ DatePickerInput }) => {
  loaded = DatePickerInput as Picker;
  return { default: loaded };
});
const LazyPicker = lazy(() => picker);

function PickerField(props: ComponentProps<Picker>) {
  if (loaded) {
    const Loaded = loaded;
    return <Loaded {...props} />;
  }
  const { label, description, error, required, withAsterisk, value, disabled, style, className, w } = props;
  const shown = typeof value === "string" && value ? formatDate(value) : null;
  return (
    <Suspense
      fallback={
        <InputBase
          component="button"
          type="button"
          pointer
          label={label}
          description={description}
          error={error}
          required={required}
          withAsterisk={withAsterisk}
          disabled={disabled}
          style={style}
          className={className}
          w={w}
          leftSection={<IconCalendar size={16} />}
          leftSectionPointerEvents="none"
        >
          {shown ?? <Input.Placeholder>dd-mm-yyyy</Input.Placeholder>}
        </InputBase>
      }
    >
      <LazyPicker {...props} />
    </Suspense>
  );
}

/** The spec's display format of a day (dd-MM-yyyy), in dayjs's tokens. */
export const DAY_DISPLAY_FORMAT = "DD-MM-YYYY";

/** The calendar's header buttons, named for screen readers (and for the journeys that pick a day). */
const CALENDAR_LABELS = {
  monthLevelControl: "Choose the month",
  yearLevelControl: "Choose the year",
  previousMonth: "Previous month",
  nextMonth: "Next month",
  previousYear: "Previous year",
  nextYear: "Next year",
  previousDecade: "Previous decade",
  nextDecade: "Next decade",
};

type FieldProps = Omit<DatePickerInputProps<"default">, "value" | "onChange" | "type">;

/**
 * A day picked from a calendar and shown dd-MM-yyyy; its value is the day as the server takes it
 * (yyyy-MM-dd, "" when none). `future` allows days after India's today (off by default: filters
 * never look ahead).
 */
export function DateField({
  value,
  onChange,
  future = false,
  ...props
}: FieldProps & { value: string; onChange: (day: string) => void; future?: boolean }) {
  return (
    <PickerField
      valueFormat={DAY_DISPLAY_FORMAT}
      placeholder="dd-mm-yyyy"
      clearable
      leftSection={<IconCalendar size={16} />}
      leftSectionPointerEvents="none"
      maxDate={future ? undefined : indiaDay(new Date())}
      ariaLabels={CALENDAR_LABELS}
      clearButtonProps={{ "aria-label": typeof props.label === "string" ? `Clear ${props.label}` : "Clear" }}
      {...props}
      value={value || null}
      onChange={(day) => onChange(day ?? "")}
    />
  );
}

/**
 * The from and to days of a filter (order history, loads, SRs, ledger, ARS report): two fields side
 * by side in the filter bar's grid. A to-day before the from-day is the page's rule to refuse or clear.
 */
export function DateRangeFields({
  from,
  to,
  onChange,
  fromLabel = "From date",
  toLabel = "To date",
  ...props
}: Omit<FieldProps, "label"> & {
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
  fromLabel?: string;
  toLabel?: string;
}) {
  return (
    <>
      <DateField {...props} label={fromLabel} value={from} onChange={(day) => onChange({ from: day, to })} />
      <DateField {...props} label={toLabel} value={to} onChange={(day) => onChange({ from, to: day })} />
    </>
  );
}
