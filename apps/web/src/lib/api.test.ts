// @vitest-environment happy-dom
import { Me } from "@portal/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi } from "../test/render";
import { ApiError, request, setUnauthorizedHandler } from "./api";
import { tokenStore } from "./token";

describe("api client", () => {
  const onUnauthorized = vi.fn();
  beforeEach(() => {
    tokenStore.set("token-1");
    setUnauthorizedHandler(onUnauthorized);
  });
  afterEach(() => {
    tokenStore.clear();
    onUnauthorized.mockReset();
    vi.useRealTimers();
  });

  it("sends the bearer token and returns the parsed answer", async () => {
    const calls = fakeApi(() => ({
      status: 200,
      body: [{ id: 1, title: "t", message: "m", target: "/home", createdAt: "2026-01-01T00:00:00Z" }],
    }));
    const data = await request("/api/notifications", { query: { a: 1, b: undefined } });
    expect(calls[0]).toEqual({ method: "GET", path: "/api/notifications?a=1", auth: "Bearer token-1" });
    expect(data).toHaveLength(1);
  });

  it("throws the server's message with its status", async () => {
    fakeApi(() => ({ status: 400, body: { message: "Your Current password is Invalid. Please retry." } }));
    const error = await request("/api/users/1/password", { method: "PUT", body: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: "Your Current password is Invalid. Please retry." });
    expect(tokenStore.get()).toBe("token-1");
  });

  it("ends the session on a 401 from an authenticated call", async () => {
    fakeApi(() => ({ status: 401, body: { message: "Your session has expired." } }));
    await expect(request("/api/users/me", { schema: Me })).rejects.toMatchObject({ status: 401 });
    expect(tokenStore.get()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it("leaves the session alone on a 401 from a call made without the token", async () => {
    const calls = fakeApi(() => ({ status: 401, body: { message: "link expired" } }));
    await expect(request("/api/forgotpassword/checkToken/abc", { auth: false })).rejects.toMatchObject({
      status: 401,
      message: "link expired",
    });
    expect(calls[0]?.auth).toBeNull();
    expect(tokenStore.get()).toBe("token-1");
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("gives up after the 300000 ms request timeout", async () => {
    vi.useFakeTimers();
    globalThis.fetch = ((_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
      })) as typeof fetch;
    const pending = request("/api/banner").catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(299_999);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ status: 408 });
  });

  it("rejects an answer that breaks the contract", async () => {
    fakeApi(() => ({ status: 200, body: { id: "not a user" } }));
    vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(request("/api/users/me", { schema: Me })).rejects.toBeInstanceOf(ApiError);
  });
});
