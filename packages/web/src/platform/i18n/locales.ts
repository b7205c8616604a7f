import { LANGUAGES, type Language } from "@vigia/domain";

/**
 * Texts per language: `locales/<lang>.json` (the shell) plus one file per capability under
 * `locales/<lang>/<area>.json`, so that each screen keeps its texts next to the others of its language
 * without every feature editing one shared file. Top-level keys must not repeat across files.
 */
const shell = import.meta.glob<Record<string, unknown>>("./locales/*.json", {
  eager: true,
  import: "default",
});
const areas = import.meta.glob<Record<string, unknown>>("./locales/*/*.json", {
  eager: true,
  import: "default",
});

function build(): Record<Language, Record<string, unknown>> {
  const out = Object.fromEntries(LANGUAGES.map((l) => [l, {} as Record<string, unknown>])) as Record<
    Language,
    Record<string, unknown>
  >;
  for (const [path, texts] of Object.entries(shell)) {
    const lang = /\.\/locales\/(\w+)\.json$/.exec(path)?.[1] as Language | undefined;
    if (lang && out[lang]) Object.assign(out[lang], texts);
  }
  for (const [path, texts] of Object.entries(areas)) {
    const lang = /\.\/locales\/(\w+)\/[\w-]+\.json$/.exec(path)?.[1] as Language | undefined;
    if (!lang || !out[lang]) continue;
    for (const [key, value] of Object.entries(texts)) {
      if (key in out[lang]) throw new Error(`locale key "${key}" is defined twice for ${lang} (${path})`);
      out[lang][key] = value;
    }
  }
  return out;
}

export const LOCALES = build();
