import { Select, Switch } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { DateField } from "../components/DateFields";
import { partnerChoices } from "./query";
import { ALL } from "./useListParams";

/** A status filter; "all" shows every status. */
export function StatusFilter({
  statuses,
  value,
  onChange,
  label = "Status",
}: {
  label?: string;
  statuses: readonly string[];
  value: string;
  onChange: (value: string | null) => void;
}) {
  return (
    <Select
      label={label}
      size="xs"
      w={170}
      data={[{ value: ALL, label: "All" }, ...statuses.map((s) => ({ value: s, label: s }))]}
      value={value || ALL}
      onChange={(v) => onChange(v === ALL ? null : v)}
      allowDeselect={false}
      comboboxProps={{ zIndex: 300 }}
    />
  );
}

/** A partner filter fed by the partner list (searchable). */
export function PartnerFilter({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string | null) => void;
}) {
  const partners = useQuery(partnerChoices());
  const data = (partners.data?.rows ?? []).map((p) => ({
    value: String(p.id),
    label: `${p.storeName ?? `${p.firstname} ${p.lastname}`} (${p.email})`,
  }));
  return (
    <Select
      label="Partner"
      size="xs"
      w={230}
      placeholder="All partners"
      searchable
      clearable
      data={data}
      value={value || null}
      onChange={onChange}
      comboboxProps={{ zIndex: 300 }}
    />
  );
}

export function DayFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string | null) => void;
}) {
  return (
    <DateField
      label={label}
      size="xs"
      w={150}
      future
      value={value}
      onChange={(day) => onChange(day || null)}
    />
  );
}

/** The status and partner filters most queues share, bound to the list's address. */
export function StatusPartnerFilters({
  statuses,
  list,
}: {
  statuses: readonly string[];
  list: {
    filters: { status: string; userId: string };
    setFilter: (key: "status" | "userId", v: string | null) => void;
  };
}) {
  return (
    <>
      <StatusFilter
        statuses={statuses}
        value={list.filters.status}
        onChange={(v) => list.setFilter("status", v)}
      />
      <PartnerFilter value={list.filters.userId} onChange={(v) => list.setFilter("userId", v)} />
    </>
  );
}

/** Only the rows the dashboard counts as waiting (its tile links here with `waiting=true`). */
export function WaitingSwitch({
  label,
  list,
}: {
  label: string;
  list: { filters: { waiting: string }; setFilter: (key: "waiting", v: string | null) => void };
}) {
  return (
    <Switch
      label={label}
      size="xs"
      mb={6}
      checked={list.filters.waiting === "true"}
      onChange={(e) => list.setFilter("waiting", e.currentTarget.checked ? "true" : null)}
      data-testid="filter-waiting"
    />
  );
}
