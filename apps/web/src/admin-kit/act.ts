import { errorMessage } from "../lib/api";
import { notify } from "../lib/notify";

/** Runs a staff action and says what it changed (or why not); resolves to the result or null. */
export async function act<T>(action: Promise<T>, changed: (result: T) => string): Promise<T | null> {
  try {
    const result = await action;
    notify.success(changed(result), "Done");
    return result;
  } catch (error) {
    notify.error(errorMessage(error), "Not done");
    return null;
  }
}
