import { type RequestOptions, requestFile } from "./api";

/** Hands a file to the browser as a download under `name`. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // the browser may still be reading the blob just after the click
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads a file the API answers (with the signed-in token, unlike a plain link) under the name
 * the server gives it, or `fallbackName`; resolves to the name used.
 */
export async function downloadFile(
  path: string,
  options: Omit<RequestOptions, "schema">,
  fallbackName: string,
): Promise<string> {
  const { blob, filename } = await requestFile(path, options);
  const name = filename ?? fallbackName;
  saveBlob(blob, name);
  return name;
}
