import { describe, expect, it } from "vitest";
import { createSseParser } from "./events-parse";

describe("createSseParser", () => {
  it("reads frames split anywhere across chunks, with retry, id, event, joined data and comments", () => {
    const parse = createSseParser();
    expect(parse("retry: 2000\nid: ab12.0\nevent: re")).toEqual([]);
    expect(
      parse(
        'ady\ndata: {"watching":2}\n\n: heartbeat\n\nid: ab12.1\nevent: stock\ndata: a\r\ndata: b\r\n\r\n',
      ),
    ).toEqual([
      { retry: 2000, id: "ab12.0", event: "ready", data: '{"watching":2}' },
      { comment: "heartbeat" },
      { id: "ab12.1", event: "stock", data: "a\nb" },
    ]);
  });
  it("ignores a retry that is not a number and keeps an unfinished frame for later", () => {
    const parse = createSseParser();
    expect(parse("retry: soon\ndata: x\n\ndata: y")).toEqual([{ data: "x" }]);
    expect(parse("\n\n")).toEqual([{ data: "y" }]);
  });
});
