import { toSearchString } from "@portal/domain";
import { describe, expect, it } from "vitest";
import { searchPath } from "./paths";

describe("search strings", () => {
  it("strips non-alphanumerics and keeps words apart", () => {
    expect(toSearchString("  Baby's   shoes!! (size 4) ")).toBe("Babys shoes size 4");
  });
  it("goes to /products/search/{query}, or nowhere when nothing is left", () => {
    expect(searchPath("diaper-pants #XL")).toBe("/products/search/diaperpants%20XL");
    expect(searchPath("%%% !!")).toBeNull();
  });
});
