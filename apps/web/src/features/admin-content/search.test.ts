import type { ContentFile } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import { matchesSearch } from "./ContentAdminPage";

const file = (over: Partial<ContentFile>): ContentFile => ({
  id: 1,
  kind: "lookbook",
  title: "Winter 2026 Lookbook",
  description: "Jackets, sweaters and thermals for 0-12 years.",
  path: "demo/lookbooks/winter-2026.pdf",
  contentType: "application/pdf",
  sizeBytes: 0,
  region: null,
  language: null,
  updatedAt: "2026-11-01T05:00:00.000Z",
  ...over,
});

describe("the content desk's search", () => {
  it("finds a file by every word of its title, description, kind, region or language", () => {
    expect(matchesSearch(file({}), "winter lookbook")).toBe(true);
    expect(matchesSearch(file({}), "  SWEATERS ")).toBe(true);
    expect(matchesSearch(file({}), "")).toBe(true);
    expect(
      matchesSearch(file({ kind: "storeMusic", title: "Morning", language: "Tamil" }), "store music tamil"),
    ).toBe(true);
    expect(matchesSearch(file({ kind: "escalation", title: "Matrix", region: "south" }), "south")).toBe(true);
    expect(matchesSearch(file({}), "winter festive")).toBe(false);
  });
});
