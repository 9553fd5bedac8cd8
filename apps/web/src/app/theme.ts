import { type CSSVariablesResolver, createTheme, type MantineColorsTuple, Pagination } from "@mantine/core";

/** A calm teal: friendly for a baby and kids retailer, serious enough for a trade portal. */
const brand: MantineColorsTuple = [
  "#e3f8f8",
  "#d1eeef",
  "#a5dbdd",
  "#76c8cb",
  "#50b7bb",
  "#37adb1",
  "#26a7ac",
  "#129297",
  "#0b7f83",
  "#006e72",
];

/** A warm accent for highlights (counts, offers). */
const coral: MantineColorsTuple = [
  "#fff0e9",
  "#ffdfd3",
  "#fbbea5",
  "#f79a74",
  "#f47b4a",
  "#f2682f",
  "#f25e21",
  "#d84d14",
  "#c1430f",
  "#a93607",
];

/** What each of a pager's arrows does, said to a screen reader. */
export const PAGINATION_CONTROL_LABEL = {
  first: "First page",
  previous: "Previous page",
  next: "Next page",
  last: "Last page",
} as const;

export const theme = createTheme({
  primaryColor: "brand",
  // shade 8 keeps white text on filled buttons above 4.5:1 contrast
  primaryShade: { light: 8, dark: 6 },
  colors: { brand, coral },
  defaultRadius: "md",
  cursorType: "pointer",
  fontFamily:
    "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  headings: {
    fontFamily:
      "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
    fontWeight: "700",
  },
  shadows: {
    xs: "0 1px 2px rgba(16, 42, 67, 0.06)",
    sm: "0 1px 3px rgba(16, 42, 67, 0.08), 0 1px 2px rgba(16, 42, 67, 0.04)",
    md: "0 4px 12px rgba(16, 42, 67, 0.08), 0 2px 4px rgba(16, 42, 67, 0.04)",
    lg: "0 12px 32px rgba(16, 42, 67, 0.12), 0 4px 8px rgba(16, 42, 67, 0.05)",
  },
  components: {
    Button: { defaultProps: { radius: "md" } },
    TextInput: { defaultProps: { radius: "md" } },
    PasswordInput: { defaultProps: { radius: "md" } },
    Select: { defaultProps: { radius: "md" } },
    // a closed dropdown (Select, MultiSelect, Autocomplete) is not kept in the page: kept, each one
    // placed itself on mount (Floating UI reading the page's computed style: 150 ms on the order
    // history's first render on a phone, bench:web-profile), for a list nobody has opened yet
    Combobox: { defaultProps: { keepMounted: false } },
    Paper: { defaultProps: { radius: "lg" } },
    Card: { defaultProps: { radius: "lg" } },
    Menu: { defaultProps: { radius: "md", shadow: "lg" } },
    Popover: { defaultProps: { radius: "md", shadow: "lg" } },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 300 } },
    // every dialog's close button says what it does (screen readers announced a bare "button")
    // and a dialog's header is not a second banner landmark
    Modal: {
      defaultProps: {
        closeButtonProps: { "aria-label": "Close" },
        attributes: { header: { role: "presentation" } },
        // the page keeps its scrollbar's gutter (global.css): hiding the bar would shift it sideways
        removeScrollProps: { removeScrollBar: false },
      },
    },
    // the arrows and every page number are icon-only or bare-number buttons: each gets a name (axe's
    // "button-name", critical: order and load history's pagers were "button" to a screen reader)
    // a pager is a navigation landmark named "Pages" (a page's own name, `aria-label`, wins)
    Pagination: Pagination.extend({
      defaultProps: {
        role: "navigation",
        "aria-label": "Pages",
        getControlProps: (control) => ({ "aria-label": PAGINATION_CONTROL_LABEL[control] }),
        getItemProps: (page) => ({ "aria-label": `Page ${page}` }),
      },
    }),
    Drawer: {
      defaultProps: {
        closeButtonProps: { "aria-label": "Close" },
        removeScrollProps: { removeScrollBar: false },
      },
    },
  },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // secondary text darker than Mantine's #868e96, which fails 4.5:1 contrast on white and on the body
  light: {
    "--mantine-color-body": "#f5f7fa",
    "--mantine-color-dimmed": "#5c636a",
    "--mantine-color-anchor": "#006e72",
    // small warning and error text on white: Mantine's orange 9 (#d9480f, 4.3:1) and red 8 (#e03131,
    // 4.5:1 at best) fall short of 4.5:1, so these two shades are darker
    "--mantine-color-orange-9": "#b34100",
    "--mantine-color-red-8": "#c92a2a",
    // an empty field's placeholder ("dd-mm-yyyy", "Search…"): Mantine's gray 5 (#adb5bd) is 2.07:1 on
    // white; this gray is 5.6:1 on white and 5.1:1 on a disabled field's gray
    "--mantine-color-placeholder": "#62686f",
    // text on light (tinted) buttons and badges: shade 9, at least 4.5:1 on the tint
    "--mantine-color-brand-light-color": "var(--mantine-color-brand-9)",
    "--mantine-color-coral-light-color": "var(--mantine-color-coral-9)",
    "--mantine-color-orange-light-color": "var(--mantine-color-orange-9)",
    // yellow's shade 9 (#e67700) is 2.8:1 on its tint (an order assist notice's title): a dark amber, 7:1
    "--mantine-color-yellow-light-color": "#7a4a00",
    "--mantine-color-teal-light-color": "#066649",
    // red 9 (#c92a2a) on its tint over the body's gray was 4.4:1 (the desk's Cancel order): 5.9:1
    "--mantine-color-red-light-color": "#a51d1d",
    "--mantine-color-green-light-color": "#1f6b2a",
    // blue, gray, grape, cyan, indigo and violet light badges and buttons: Mantine's shade 6 on its tint
    // is 3 to 3.5:1; these darker texts hold 4.5:1 or more on their tints
    "--mantine-color-blue-light-color": "#1c4f8c",
    "--mantine-color-gray-light-color": "#495057",
    "--mantine-color-grape-light-color": "#862e9c",
    "--mantine-color-cyan-light-color": "#0b6173",
    "--mantine-color-indigo-light-color": "#364fc7",
    "--mantine-color-violet-light-color": "#5f3dc4",
    "--mantine-color-pink-light-color": "#a61e4d",
    "--mantine-color-lime-light-color": "#4a6b0c",
  },
  dark: {},
});
