import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../api/client.ts";
import { uiStore, useUiState } from "./ui-store.ts";

const error = new ApiError(500, "boom", "/fr/v1/x", "boom");

afterEach(() => {
  uiStore.closeRestriction();
  uiStore.closeApiError();
});

describe("uiStore", () => {
  it("opens and closes each overlay without touching the other", () => {
    uiStore.openRestriction("timerange");
    uiStore.openApiError(error);
    expect(uiStore.get()).toEqual({ restriction: "timerange", apiError: error, companyBlocked: false });
    uiStore.closeRestriction();
    expect(uiStore.get()).toEqual({ restriction: null, apiError: error, companyBlocked: false });
    uiStore.closeApiError();
    expect(uiStore.get()).toEqual({ restriction: null, apiError: null, companyBlocked: false });
  });

  it("keeps a blocked company apart from the restriction modal until the user signs out", () => {
    uiStore.openRestriction("blocked");
    expect(uiStore.get()).toMatchObject({ restriction: null, companyBlocked: true });
    uiStore.clearCompanyBlocked();
    expect(uiStore.get().companyBlocked).toBe(false);
  });

  it("gives a new state object on each change, so useSyncExternalStore sees it", () => {
    const before = uiStore.get();
    uiStore.openRestriction("fromip");
    expect(uiStore.get()).not.toBe(before);
  });

  it("notifies subscribers until they unsubscribe", () => {
    const listener = vi.fn();
    const unsubscribe = uiStore.subscribe(listener);
    uiStore.openRestriction("fromip");
    uiStore.closeRestriction();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    uiStore.openApiError(error);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("re-renders components through useUiState when code outside React opens an overlay", () => {
    const { result } = renderHook(() => useUiState());
    expect(result.current.restriction).toBeNull();
    act(() => uiStore.openRestriction("timerange"));
    expect(result.current.restriction).toBe("timerange");
    act(() => uiStore.openApiError(error));
    expect(result.current.apiError).toBe(error);
  });
});
