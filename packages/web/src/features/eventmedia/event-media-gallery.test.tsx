import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { EventMedia } from "@vigia/domain";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { TimezoneProvider } from "../../platform/session/preferences.tsx";
import { renderWithApp, useEnglish } from "../../test/render.tsx";
import { EventMediaGallery } from "./event-media-gallery.tsx";

beforeAll(() => {
  useEnglish();
});
afterEach(() => vi.unstubAllGlobals());

const file = (id: number, mime: string) => ({ id, name: `f${id}`, mime, size: 10, createdTs: 0 });
const MEDIA: EventMedia[] = [
  { id: 5, itemType: 1, itemId: 9, ts: 1000, event: "harsh braking", file: file(50, "image/png") },
  { id: 6, itemType: 1, itemId: 9, ts: 1000, event: "", file: file(51, "video/mp4") },
];

/** The server: the list answers `listed`; each media's bytes are counted by id. */
function fakeServer(listed: EventMedia[]) {
  const paths: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const path = url.replace(/^\/fr\/v1\//, "");
      paths.push(path);
      if (path.startsWith("companies/id/3/eventmedia?"))
        return new Response(JSON.stringify(listed), { status: 200 });
      return new Response(new Uint8Array([1, 2, 3]), { status: 200 });
    }),
  );
  let n = 0;
  vi.stubGlobal(
    "URL",
    Object.assign(URL, { createObjectURL: () => `blob:media-${++n}`, revokeObjectURL: () => undefined }),
  );
  return paths;
}

const show = () =>
  renderWithApp(
    <TimezoneProvider>
      <EventMediaGallery companyId={3} itemType={1} itemId={9} from={0} to={2000} />
    </TimezoneProvider>,
    { query: true },
  );

describe("EventMediaGallery", () => {
  it("asks for the item's media in the time range; a photo opens full size, a clip in a video element", async () => {
    const paths = fakeServer(MEDIA);
    show();
    const thumbs = await screen.findAllByTestId("event-media-thumb");
    expect(thumbs.map((t) => t.dataset.kind)).toEqual(["photo", "clip"]);
    expect(paths[0]).toBe("companies/id/3/eventmedia?itemType=1&itemId=9&from=0&to=2000");
    // The photo's bytes are fetched for its thumbnail; the clip's wait for the click.
    await waitFor(() => expect(paths).toContain("companies/id/3/eventmedia/id/5"));
    expect(paths).not.toContain("companies/id/3/eventmedia/id/6");

    fireEvent.click(thumbs[0]!);
    expect((await screen.findByTestId("event-media-photo")).getAttribute("src")).toMatch(/^blob:media-/);
    expect(screen.getByText(/harsh braking/)).toBeTruthy();
    fireEvent.click(thumbs[1]!);
    const video = await screen.findByTestId("event-media-video");
    expect(video.tagName).toBe("VIDEO");
    expect(paths).toContain("companies/id/3/eventmedia/id/6");
  });

  it("shows nothing when the item has no media", async () => {
    const paths = fakeServer([]);
    show();
    await waitFor(() => expect(paths).toHaveLength(1));
    expect(screen.queryByTestId("event-media")).toBeNull();
  });
});
