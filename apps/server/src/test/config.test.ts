import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";

describe("configuration from the environment", () => {
  it("reads the live-stock stream limit per user as a whole number, or leaves the module's default", () => {
    expect(loadConfig({ EVENTS_STREAMS_PER_USER: "1000" }).eventStreamsPerUser).toBe(1000);
    expect(loadConfig({}).eventStreamsPerUser).toBeUndefined();
  });

  it("stops start-up on a limit that is not a positive whole number, naming the setting", () => {
    expect(() => loadConfig({ EVENTS_STREAMS_PER_USER: "many" })).toThrow(/EVENTS_STREAMS_PER_USER/);
    expect(() => loadConfig({ EVENTS_STREAMS_PER_USER: "0" })).toThrow(/EVENTS_STREAMS_PER_USER/);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: "1.5" })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
  });
});
