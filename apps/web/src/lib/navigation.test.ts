// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { internalPath, loginPathFor, safeRef } from "./navigation";

describe("safeRef", () => {
  it.each([
    ["/account/orderHistory?status=Shipped", "/account/orderHistory?status=Shipped"],
    ["/products/search/baby%20shoes", "/products/search/baby%20shoes"],
    ["/resetPassword/abcdefghijkl", "/resetPassword/abcdefghijkl"],
  ])("keeps the same-origin path %s", (ref, expected) => {
    expect(safeRef(ref)).toBe(expected);
  });

  it.each([
    [null],
    [""],
    ["https://evil.example/home"],
    ["//evil.example/home"],
    ["/\\evil.example"],
    ["javascript:alert(1)"],
    ["home"],
    ["/login?ref=/home"],
    ["/signup"],
    ["/..//login"],
  ])("sends %s home", (ref) => {
    expect(safeRef(ref)).toBe("/home");
  });

  it.each([
    ["/..//evil.example", "/evil.example"],
    ["/.//evil.example/x", "/evil.example/x"],
    ["/a/..//b", "/b"],
    ["/home//orders", "/home/orders"],
  ])("normalises %s to the same-origin path %s", (ref, expected) => {
    expect(safeRef(ref)).toBe(expected);
    expect(safeRef(ref).startsWith("//")).toBe(false);
  });
});

describe("loginPathFor", () => {
  it("keeps the requested address as ref", () => {
    expect(loginPathFor("/account/ledger?year=2024")).toBe("/login?ref=%2Faccount%2Fledger%3Fyear%3D2024");
    expect(loginPathFor("/home")).toBe("/login?ref=%2Fhome");
  });
  it("does not point back at a session screen", () => {
    expect(loginPathFor("/login?ref=%2Fhome")).toBe("/login");
  });
});

describe("internalPath", () => {
  it("accepts app paths and refuses other sites", () => {
    expect(internalPath("/account/orderHistory")).toBe("/account/orderHistory");
    expect(internalPath("https://elsewhere.example/x")).toBeNull();
    expect(internalPath(null)).toBeNull();
  });
});
