import { useEffect, useRef } from "react";

/** Whether a key press belongs to what the user is typing (a field, a list box, editable text). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  if (tag === "INPUT") {
    const type = (target as HTMLInputElement).type;
    return !["checkbox", "radio", "button", "submit", "reset"].includes(type);
  }
  return target.getAttribute("role") === "combobox" || target.getAttribute("role") === "textbox";
}

/** A dialog asks something: the page's shortcuts wait until it is closed. */
const dialogOpen = () => document.querySelector('[role="dialog"], [aria-modal="true"]') !== null;

/**
 * A one-key shortcut of the admin page (no Ctrl, Alt or Meta): ignored while the user types in a
 * field or a dialog is open, and once another handler has taken the key.
 */
export function usePageShortcut(
  key: string | undefined,
  run: (event: KeyboardEvent) => void,
  enabled = true,
) {
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => {
    if (!key || !enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey) return;
      if (event.key.toLowerCase() !== key.toLowerCase()) return;
      if (isTyping(event.target) || dialogOpen()) return;
      event.preventDefault();
      latest.current(event);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [key, enabled]);
}

/**
 * Where the keyboard was when a dialog opened: the element, and the admin table row it sits in
 * (its table's test id and the row's record id), to come back to once the dialog closes.
 */
export interface FocusOrigin {
  element: HTMLElement | null;
  table?: string;
  recordId?: string;
}

/**
 * A menu item closes with its menu, so the way back from what it opened is the menu's button
 * (Mantine names the dropdown after its target).
 */
function menuButtonOf(element: HTMLElement): HTMLElement {
  const menu = element.closest<HTMLElement>('[role="menu"]');
  const targetId = menu?.getAttribute("aria-labelledby");
  return (targetId && document.getElementById(targetId)) || element;
}

/** The focused element now, as the place to return to (read before a dialog takes the focus). */
export function focusOrigin(): FocusOrigin {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return { element: null };
  const element = menuButtonOf(active);
  const row = element.closest<HTMLElement>("tr[data-record-id]");
  return {
    element,
    table: row?.closest("[data-admin-table]")?.getAttribute("data-testid") ?? undefined,
    recordId: row?.dataset.recordId,
  };
}

/**
 * Puts the focus back where a dialog was opened from, unless something else has taken it: the
 * element itself, or, when it is gone or cannot take the focus (its row re-rendered after the
 * step), the admin table row of the same record.
 */
export function returnFocus({ element, table, recordId }: FocusOrigin) {
  const active = document.activeElement;
  if (active && active !== document.body) return;
  if (element?.isConnected) {
    element.focus();
    if (document.activeElement === element) return;
  }
  if (recordId === undefined) return;
  const rows = document.querySelectorAll<HTMLElement>("[data-admin-table] tr[data-record-id]");
  const row = [...rows].find(
    (r) =>
      r.dataset.recordId === recordId &&
      (table === undefined || r.closest("[data-admin-table]")?.getAttribute("data-testid") === table),
  );
  row?.focus();
}
