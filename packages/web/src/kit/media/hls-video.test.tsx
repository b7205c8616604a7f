import { MantineProvider } from "@mantine/core";
import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import HlsVideo, { playsHlsNatively } from "./hls-video.tsx";

/** A stand-in for hls.js that records what the player asked of it and lets the test raise its errors. */
const fake = vi.hoisted(() => {
  const state = {
    supported: true,
    created: [] as { src?: string; media?: HTMLMediaElement; destroyed: boolean }[],
    onError: null as ((event: string, data: { fatal: boolean }) => void) | null,
  };
  class FakeHls {
    static Events = { ERROR: "hlsError" };
    static isSupported = () => state.supported;
    entry: { src?: string; media?: HTMLMediaElement; destroyed: boolean } = { destroyed: false };
    constructor() {
      state.created.push(this.entry);
    }
    on(_event: string, handler: (event: string, data: { fatal: boolean }) => void) {
      state.onError = handler;
    }
    loadSource(src: string) {
      this.entry.src = src;
    }
    attachMedia(media: HTMLMediaElement) {
      this.entry.media = media;
    }
    destroy() {
      this.entry.destroyed = true;
    }
  }
  return { state, FakeHls };
});
vi.mock("hls.js", () => ({ default: fake.FakeHls }));

const SRC = "https://cam.example/live/index.m3u8";
const show = () =>
  render(
    <MantineProvider env="test">
      <HlsVideo src={SRC} title="Cabin" errorText="cannot play" />
    </MantineProvider>,
  );

afterEach(() => {
  fake.state.created.length = 0;
  fake.state.supported = true;
  fake.state.onError = null;
  vi.restoreAllMocks();
});

describe("playsHlsNatively", () => {
  it.each([
    ["probably", true],
    ["maybe", true],
    ["", false],
  ])("canPlayType %j → %s", (answer, native) => {
    expect(playsHlsNatively(answer)).toBe(native);
  });
});

describe("HlsVideo", () => {
  it("plays through hls.js where the browser has no HLS of its own, and lets it go when closed", async () => {
    const view = show();
    const video = screen.getByTestId("camera-stream");
    await waitFor(() => expect(fake.state.created).toHaveLength(1));
    expect(fake.state.created[0]).toMatchObject({ src: SRC, media: video, destroyed: false });
    view.unmount();
    expect(fake.state.created[0]!.destroyed).toBe(true);
  });

  it("says so when the stream fails for good, not on a recoverable hiccup", async () => {
    show();
    await waitFor(() => expect(fake.state.onError).not.toBeNull());
    act(() => fake.state.onError?.("hlsError", { fatal: false }));
    expect(screen.queryByTestId("camera-stream-error")).toBeNull();
    act(() => fake.state.onError?.("hlsError", { fatal: true }));
    expect(screen.getByTestId("camera-stream-error").textContent).toBe("cannot play");
  });

  it("uses the browser's own player where it plays HLS (Safari), without hls.js", async () => {
    vi.spyOn(HTMLMediaElement.prototype, "canPlayType").mockReturnValue("maybe");
    show();
    const video = screen.getByTestId("camera-stream") as HTMLVideoElement;
    expect(video.src).toBe(SRC);
    expect(fake.state.created).toHaveLength(0);
  });

  it("says it cannot play where neither the browser nor Media Source can", async () => {
    fake.state.supported = false;
    show();
    expect(await screen.findByTestId("camera-stream-error")).toBeTruthy();
    expect(fake.state.created).toHaveLength(0);
  });
});
