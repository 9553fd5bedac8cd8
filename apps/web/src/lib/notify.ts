import { notifications } from "@mantine/notifications";

type Kind = "success" | "error" | "info" | "warning";

const COLOR: Record<Kind, string> = { success: "teal", error: "red", info: "brand", warning: "yellow" };
const AUTO_CLOSE: Record<Kind, number> = { success: 4000, error: 8000, info: 5000, warning: 10_000 };

function show(kind: Kind, message: string, title?: string) {
  return notifications.show({
    color: COLOR[kind],
    title,
    message,
    autoClose: AUTO_CLOSE[kind],
    "data-testid": `notice-${kind}`,
    closeButtonProps: { "aria-label": "Dismiss notice" },
  });
}

/** Short notices in the corner: one colour per kind, and a test id (notice-<kind>) e2e can wait for. */
export const notify = {
  success: (message: string, title?: string) => show("success", message, title),
  error: (message: string, title?: string) => show("error", message, title),
  info: (message: string, title?: string) => show("info", message, title),
  warning: (message: string, title?: string) => show("warning", message, title),
  /** Takes every notice away (a flow that ended leaves none of its notices behind). */
  clear: () => notifications.clean(),
};
