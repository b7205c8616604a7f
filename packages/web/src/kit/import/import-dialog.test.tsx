import { fireEvent, screen, waitFor } from "@testing-library/react";
import { devicesApi, type ImportResult } from "@vigia/domain";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { api } from "../../platform/api/instance.ts";
import { renderWithApp, useEnglish } from "../../test/render.tsx";
import { ImportDialog } from "./import-dialog.tsx";
import { ImportErrorsTable } from "./import-errors-table.tsx";

const HEADER = "idImei,description,type,phone,simType";
/** jsdom's File has no text(); the dialog reads the checked file with it, so this one answers it. */
class CsvFile extends File {
  constructor(private readonly content: string) {
    super([content], "devices.csv", { type: "text/csv" });
  }
  override text(): Promise<string> {
    return Promise.resolve(this.content);
  }
}
const csvFile = (text: string) => new CsvFile(text);

const checked: ImportResult = {
  committed: false,
  total: 3,
  valid: 2,
  errors: [{ line: 3, errors: ["invalidType"] }],
  inserted: [],
  updated: [],
  notInserted: [{ line: 3, key: "3530000000", errors: ["unknownGroup:Madrid"] }],
};
const committed: ImportResult = { ...checked, committed: true, inserted: ["1", "2"], updated: [] };

/**
 * The import endpoint: checks without ?commit, commits with it. Records what was sent; `called(n)` resolves once
 * the n-th call arrived, so a test waits on the call itself rather than on a timeout.
 */
function fakeServer(answer: (commit: boolean) => Response) {
  const sent: { url: string; body: unknown }[] = [];
  const waiting: { n: number; resolve(): void }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init.body)) });
      for (const w of waiting) if (sent.length >= w.n) w.resolve();
      return answer(url.includes("commit=1"));
    }),
  );
  const called = (n: number) =>
    new Promise<void>((resolve) => (sent.length >= n ? resolve() : waiting.push({ n, resolve })));
  return { sent, called };
}
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function renderDialog() {
  const onDone = vi.fn();
  const onClose = vi.fn();
  renderWithApp(
    <ImportDialog
      kind="devices"
      run={(csv, commit) =>
        api.call(
          devicesApi.import,
          { params: { resellerId: 5 }, query: { commit: commit ? "1" : "0" }, body: { csv } },
          { quiet: true },
        )
      }
      opened
      onClose={onClose}
      onDone={onDone}
    />,
  );
  return { onDone, onClose };
}

const choose = (file: File) => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error("no file input");
  fireEvent.change(input, { target: { files: [file] } });
};

beforeAll(() => {
  useEnglish();
});
afterEach(() => vi.unstubAllGlobals());

describe("ImportDialog", () => {
  it("checks the file on the server, then imports the valid rows on confirmation", async () => {
    const text = `${HEADER}\n3530000001,Van,1,,0\n3530000002,Truck,1,,0\n3530000000,Bad,99,,0\n`;
    const { sent, called } = fakeServer((commit) => json(commit ? committed : checked));
    const { onDone } = renderDialog();
    choose(csvFile(text));
    await called(1);

    const summary = await screen.findByTestId("import-summary");
    expect(summary.textContent).toBe("3 rows: 2 valid, 1 with errors. Nothing is saved until you confirm.");
    expect(sent).toEqual([{ url: "/fr/v1/resellers/id/5/trackers/import?commit=0", body: { csv: text } }]);
    const rows = screen.getAllByTestId("import-error-row").map((r) => r.textContent);
    expect(rows).toEqual(["33530000000Unknown group Madrid"]);
    expect(onDone).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId("import-confirm"));
    await called(2);
    await waitFor(() =>
      expect(screen.getByTestId("import-summary").textContent).toBe("Inserted 2, updated 0, not inserted 1."),
    );
    expect(sent[1]).toEqual({ url: "/fr/v1/resellers/id/5/trackers/import?commit=1", body: { csv: text } });
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it("refuses a file with the wrong columns before calling the server", async () => {
    const { sent } = fakeServer(() => json(checked));
    renderDialog();
    choose(csvFile("idImei,description\n3530000001,Van\n"));
    // No call to wait on here: the column check is the file read itself (a FileReader task in jsdom).
    expect((await screen.findByRole("alert", {}, { timeout: 20_000 })).textContent).toBe(
      "The file must have these columns: idImei, description, type, phone, simType",
    );
    expect(sent).toEqual([]);
    expect(screen.queryByTestId("import-summary")).toBeNull();
  });

  it("offers no import when no row is valid", async () => {
    const { called } = fakeServer(() => json({ ...checked, total: 1, valid: 0 }));
    renderDialog();
    choose(csvFile(`${HEADER}\n3530000000,Bad,99,,0\n`));
    await called(1);
    expect(await screen.findByTestId("import-confirm")).toHaveProperty("disabled", true);
  });

  it("says why the server could not check the file", async () => {
    const { called } = fakeServer(() => json({ error: "bad_request", description: "csv too large" }, 400));
    renderDialog();
    choose(csvFile(`${HEADER}\n3530000001,Van,1,,0\n`));
    await called(1);
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The file could not be checked: csv too large",
    );
    expect(screen.queryByTestId("import-confirm")).toBeNull();
  });
});

describe("ImportErrorsTable", () => {
  it("lists at most the first thousand failing rows", () => {
    const rows = Array.from({ length: 1005 }, (_, i) => ({
      line: i + 2,
      key: `k${i}`,
      errors: ["required"],
    }));
    renderWithApp(<ImportErrorsTable rows={rows} />);
    const shown = screen.getAllByTestId("import-error-row");
    expect(shown).toHaveLength(1000);
    expect(shown[999]?.textContent).toBe("1001k999Required");
  });
});
