import { Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";

/** Pure: whether the browser plays HLS by itself (Safari, iOS), from its `canPlayType` answer. */
export function playsHlsNatively(canPlayTypeAnswer: string): boolean {
  return canPlayTypeAnswer === "probably" || canPlayTypeAnswer === "maybe";
}

const HLS_MIME = "application/vnd.apple.mpegurl";

/**
 * A live HLS stream in a muted, autoplaying video element. hls.js is imported only when the browser cannot
 * play HLS itself, so Safari never downloads it and no other screen carries it (callers load this file
 * lazily too). `errorText` is shown when the stream cannot be played.
 */
export default function HlsVideo({
  src,
  title,
  errorText,
}: {
  src: string;
  title: string;
  errorText: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    setFailed(false);
    let stopped = false;
    let destroy: (() => void) | null = null;
    const fail = () => {
      if (!stopped) setFailed(true);
    };
    // The browser's own player wins where there is one: it is tuned for its platform (and iOS has no MSE).
    if (playsHlsNatively(video.canPlayType(HLS_MIME))) video.src = src;
    else
      void (async () => {
        const { default: Hls } = await import("hls.js");
        if (stopped) return;
        if (!Hls.isSupported()) return fail();
        // Live: start near the live edge and never buffer far behind it.
        const hls = new Hls({ lowLatencyMode: true, liveMaxLatencyDurationCount: 10 });
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) fail();
        });
        hls.loadSource(src);
        hls.attachMedia(video);
        destroy = () => hls.destroy();
      })().catch(fail);
    return () => {
      stopped = true;
      destroy?.();
      // Without a source and a reload the element would keep fetching the live stream after it is gone.
      video.removeAttribute("src");
      video.load();
    };
  }, [src]);

  return (
    <>
      <video
        ref={ref}
        title={title}
        muted
        autoPlay
        playsInline
        controls
        onError={() => setFailed(true)}
        style={{ width: "100%", maxHeight: 220, background: "#000", borderRadius: 4 }}
        data-testid="camera-stream"
      />
      {failed ? (
        <Text size="xs" c="red" data-testid="camera-stream-error">
          {errorText}
        </Text>
      ) : null}
    </>
  );
}
