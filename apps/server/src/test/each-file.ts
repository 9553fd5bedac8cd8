/**
 * Set up before each server test file. Files share a process one after another (the server project
 * runs without isolation), so what a file changes of the process is undone when it ends, even when a
 * test failed before its own clean-up: the clock, stubbed environment variables and globals.
 */
import { afterAll, vi } from "vitest";

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});
