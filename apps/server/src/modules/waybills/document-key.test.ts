import { describe, expect, it } from "vitest";
import { isStorageKey } from "../../lib/file-store";
import { storedDocumentKey } from "./partner";

describe("where an uploaded waybill document is kept", () => {
  it("is always a storage key (a random name never begins with a dash or an underscore) and the contract's path", () => {
    const keys = Array.from({ length: 5000 }, (_, i) => storedDocumentKey(i + 1));
    expect(keys.filter((k) => !isStorageKey(k))).toEqual([]);
    expect(keys.filter((k) => !/^waybills\/\d{1,10}\/[A-Za-z0-9_-]{1,80}\.pdf$/.test(k))).toEqual([]);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
