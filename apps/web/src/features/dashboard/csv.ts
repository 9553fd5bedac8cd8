import { saveBlob } from "../../lib/download";

/**
 * A table as a CSV download, made in the browser from the answer already shown (papaparse: quoting,
 * and a BOM so spreadsheets read ₹ and names right); papaparse loads on the first download.
 */
export async function downloadCsv(
  name: string,
  header: readonly string[],
  rows: readonly (string | number)[][],
) {
  const { default: Papa } = await import("papaparse");
  const text = `\uFEFF${Papa.unparse({ fields: [...header], data: rows.map((r) => [...r]) })}`;
  saveBlob(new Blob([text], { type: "text/csv;charset=utf-8" }), name);
}
