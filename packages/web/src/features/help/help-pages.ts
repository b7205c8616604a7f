/** Help pages shipped with the product: `pages/<lang>/<name>.md`, bundled as text. */
const files = import.meta.glob<string>("./pages/*/*.md", { eager: true, query: "?raw", import: "default" });

const PAGES = new Map<string, string>();
for (const [path, text] of Object.entries(files)) {
  const m = /\.\/pages\/(\w+)\/([\w-]+)\.md$/.exec(path);
  if (m) PAGES.set(`${m[1]}/${m[2]}`, text);
}

/** The page in the user's language, else in English; null when no language has it. */
export function helpPage(name: string, language: string): { text: string; fallback: boolean } | null {
  const own = PAGES.get(`${language.slice(0, 2)}/${name}`);
  if (own !== undefined) return { text: own, fallback: false };
  const english = PAGES.get(`en/${name}`);
  return english === undefined ? null : { text: english, fallback: language.slice(0, 2) !== "en" };
}
