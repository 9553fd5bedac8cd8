/** One server-sent event; `comment` for a comment line (the server's heartbeats). */
export interface SseFrame {
  id?: string;
  event?: string;
  data?: string;
  retry?: number;
  comment?: string;
}

/**
 * Reads server-sent events out of text as it arrives (the format of the HTML standard: fields up to
 * a blank line; `data` lines joined; CR LF and CR read as LF). Feed it chunks; it returns the whole
 * frames read so far and keeps the unfinished rest.
 */
export function createSseParser() {
  let buffer = "";
  return (chunk: string): SseFrame[] => {
    buffer += chunk.replace(/\r\n?/g, "\n");
    const frames: SseFrame[] = [];
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf("\n\n");
      const frame: SseFrame = {};
      for (const line of block.split("\n")) {
        if (line.startsWith(":")) {
          frame.comment = line.slice(1).trim();
          continue;
        }
        const at = line.indexOf(":");
        const field = at < 0 ? line : line.slice(0, at);
        const value = at < 0 ? "" : line.slice(at + 1).replace(/^ /, "");
        if (field === "id" && !value.includes("\u0000")) frame.id = value;
        else if (field === "event") frame.event = value;
        else if (field === "data") frame.data = frame.data === undefined ? value : `${frame.data}\n${value}`;
        else if (field === "retry" && /^\d+$/.test(value)) frame.retry = Number(value);
      }
      frames.push(frame);
    }
    return frames;
  };
}
