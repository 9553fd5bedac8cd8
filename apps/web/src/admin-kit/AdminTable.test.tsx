// @vitest-environment happy-dom
import "../test/setup";
import { describe, expect, it } from "vitest";
import { toCsv } from "./AdminTable";

describe("Admin Console", () => {
  it("exports CSV with titles, quoting and a BOM", () => {
    const csv = toCsv(
      [{ id: 1, name: 'Kids, "Mart"', tags: ["a", "b"] }],
      [
        { accessor: "id", title: "Id" },
        { accessor: "name", title: "Name" },
        { accessor: "tags", title: "Tags" },
        { accessor: "actions", title: "", noCsv: true },
      ],
    );
    expect(csv).toBe('\uFEFFId,Name,Tags\r\n1,"Kids, ""Mart""",a b');
  });
});
