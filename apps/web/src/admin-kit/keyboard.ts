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
