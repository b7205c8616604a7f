import { fireEvent, screen } from "@testing-library/react";
import i18next from "i18next";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { TimezoneProvider } from "../../platform/session/preferences.tsx";
import { LANGUAGE_KEY, TIMEZONE_KEY } from "../../platform/session/storage.ts";
import { renderWithApp, useEnglish } from "../../test/render.tsx";
import { LanguageSelect } from "./LanguageSelect.tsx";
import { RangePicker } from "./RangePicker.tsx";

const wrap = (node: React.ReactNode) => renderWithApp(<TimezoneProvider>{node}</TimezoneProvider>);

beforeEach(() => {
  useEnglish();
});

describe("RangePicker", () => {
  // 2024-07-01 08:00 and 10:30 UTC; Madrid is UTC+2 in summer.
  const initial = { from: Date.UTC(2024, 6, 1, 8, 0), to: Date.UTC(2024, 6, 1, 10, 30) };

  it.each([
    { tz: "UTC", from: "2024-07-01T08:00", to: "2024-07-01T10:30" },
    { tz: "Europe/Madrid", from: "2024-07-01T10:00", to: "2024-07-01T12:30" },
    { tz: "America/New_York", from: "2024-07-01T04:00", to: "2024-07-01T06:30" },
  ])("shows the range in the user's zone ($tz)", ({ tz, from, to }) => {
    localStorage.setItem(TIMEZONE_KEY, tz);
    wrap(<RangePicker initial={initial} onShow={() => undefined} />);
    expect(screen.getByLabelText("From")).toHaveProperty("value", from);
    expect(screen.getByLabelText("To")).toHaveProperty("value", to);
  });

  it("hands back the unchanged range as it came", () => {
    localStorage.setItem(TIMEZONE_KEY, "Europe/Madrid");
    const onShow = vi.fn();
    wrap(<RangePicker initial={initial} onShow={onShow} />);
    fireEvent.click(screen.getByRole("button", { name: "Show" }));
    expect(onShow).toHaveBeenCalledWith(initial);
  });

  it("reads typed times in the user's zone, not the browser's", () => {
    localStorage.setItem(TIMEZONE_KEY, "Europe/Madrid");
    const onShow = vi.fn();
    wrap(<RangePicker initial={initial} onShow={onShow} />);
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2024-01-10T00:00" } });
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2024-01-10T23:59" } });
    fireEvent.click(screen.getByRole("button", { name: "Show" }));
    // Madrid is UTC+1 in winter.
    expect(onShow).toHaveBeenCalledWith({
      from: Date.UTC(2024, 0, 9, 23, 0),
      to: Date.UTC(2024, 0, 10, 22, 59),
    });
  });
});

describe("LanguageSelect", () => {
  it("switches the interface language and remembers it", () => {
    wrap(<LanguageSelect portal={false} />);
    const input = screen.getByTestId("language-select");
    expect(input).toHaveProperty("value", "English");
    fireEvent.click(input);
    fireEvent.click(screen.getByRole("option", { name: "Español" }));
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe("es");
    expect(i18next.language).toBe("es");
    expect(document.documentElement.lang).toBe("es");
  });
});
