import { fireEvent, screen } from "@testing-library/react";
import i18next from "i18next";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { DatesLocale } from "../../platform/i18n/dates-locale.tsx";
import { TimezoneProvider } from "../../platform/session/preferences.tsx";
import { LANGUAGE_KEY, TIMEZONE_KEY } from "../../platform/session/storage.ts";
import { renderWithApp, useEnglish } from "../../test/render.tsx";
import { fromZonedInput } from "../format/date.ts";
import { LanguageSelect } from "./language-select.tsx";
import { fromPicker, pickerValue, RangePicker } from "./range-picker.tsx";

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
    expect(screen.getByLabelText("From").textContent).toBe(from.replace("T", " "));
    expect(screen.getByLabelText("To").textContent).toBe(to.replace("T", " "));
  });

  it("hands back the unchanged range as it came", () => {
    localStorage.setItem(TIMEZONE_KEY, "Europe/Madrid");
    const onShow = vi.fn();
    wrap(<RangePicker initial={initial} onShow={onShow} />);
    fireEvent.click(screen.getByRole("button", { name: "Show" }));
    expect(onShow).toHaveBeenCalledWith(initial);
  });

  it("reads picked times in the user's zone, not the browser's", () => {
    // What the picker hands back, read as Madrid wall-clock time (UTC+1 in winter).
    expect(fromZonedInput(fromPicker("2024-01-10 00:00:00"), "Europe/Madrid")).toBe(
      Date.UTC(2024, 0, 9, 23, 0),
    );
    expect(pickerValue("2024-01-10T23:59")).toBe("2024-01-10 23:59:00");
  });

  it("speaks the interface language, not the browser's", async () => {
    localStorage.setItem(TIMEZONE_KEY, "UTC");
    await i18next.changeLanguage("es");
    renderWithApp(
      <DatesLocale>
        <TimezoneProvider>
          <RangePicker initial={initial} onShow={() => undefined} />
        </TimezoneProvider>
      </DatesLocale>,
    );
    fireEvent.click(screen.getByLabelText("Desde"));
    expect(await screen.findByText(/julio 2024/i)).toBeTruthy();
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
