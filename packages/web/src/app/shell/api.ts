import { queryOptions } from "@tanstack/react-query";

/** Static change logs shipped in public/; fetched only when the modal opens. */
async function fetchText(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${response.status} ${url}`);
  return response.text();
}

/**
 * A change log in the reader's language (`<base>.<lang>.txt`), or the English one (`<base>.txt`) when that
 * language has none. The single-page fallback answers any unknown path with index.html, so a missing
 * translation is recognised by its type, not only by its status.
 */
async function fetchLog(base: "changelog" | "app-changelog", language: string): Promise<string> {
  if (language !== "en") {
    const response = await fetch(`/${base}.${language}.txt`);
    if (response.ok && (response.headers.get("content-type") ?? "").startsWith("text/plain"))
      return response.text();
  }
  return fetchText(`/${base}.txt`);
}

/** The web's or the phone app's change log in a language, as the about dialog shows it. */
export const changeLogQuery = (base: "changelog" | "app-changelog", language: string) =>
  queryOptions({
    queryKey: ["static", base, language],
    queryFn: () => fetchLog(base, language),
  });
