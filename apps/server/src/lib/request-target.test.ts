import { describe, expect, it } from "vitest";
import { looksLikeApiPath, originForm } from "./request-target";

describe("originForm", () => {
  it("keeps an origin-form target as it is", () => {
    expect(originForm("/api/menu?x=1")).toBe("/api/menu?x=1");
    expect(originForm("//api/menu")).toBe("//api/menu");
  });
  it("drops the scheme and authority of an absolute-form target, in any case, with any host", () => {
    expect(originForm("http://127.0.0.1:3000/api/admin/dashboard")).toBe("/api/admin/dashboard");
    expect(originForm("HTTP://x/api/admin/dashboard?from=1")).toBe("/api/admin/dashboard?from=1");
    expect(originForm("https://127.0.0.1.:3000/api/menu")).toBe("/api/menu");
    expect(originForm("http://user@host")).toBe("/");
    expect(originForm("http://host?a=1")).toBe("/?a=1");
  });
  it("leaves other schemes and asterisk-form alone (the router finds no route for them)", () => {
    expect(originForm("ftp://x/api/menu")).toBe("ftp://x/api/menu");
    expect(originForm("*")).toBe("*");
  });
});

describe("looksLikeApiPath", () => {
  it("knows the API in every spelling", () => {
    for (const path of [
      "/api/admin/dashboard",
      "//api/admin/dashboard",
      "/API/admin/dashboard",
      "/api/../api/admin/dashboard",
      "/x/../api/menu",
      "/api%2Fadmin%2Fdashboard",
      "/%61pi/menu",
      "/api./menu",
      "/api",
      "\\api\\menu",
    ])
      expect(looksLikeApiPath(path), path).toBe(true);
  });
  it("leaves the web app's own paths to it", () => {
    for (const path of ["/", "/account/orders", "/apis", "/catalogue/api-toys", "/%E0%A4"])
      expect(looksLikeApiPath(path), path).toBe(false);
  });
});
