/**
 * Why the app signed the user out, for the sign-in screen: the access guard signs out a user
 * who opens a route their role may not (kept), and the screen now says so. Kept in session storage for
 * one showing, because the redirect to /login happens while the signed-in frame is torn down.
 */
export interface SignOutReason {
  reason: "forbidden";
  path: string;
  /** Whom the screen sends the user to for more access: a company user to their company's administrator,
   * reseller staff (who have no company) to their platform provider. */
  askTo: "company" | "provider";
}

const KEY = "vigia.signOutReason";

/** Reads a stored reason back; anything else than what `rememberForbiddenSignOut` wrote is ignored. Pure. */
export function parseSignOutReason(raw: string | null): SignOutReason | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { reason, path, askTo } = value as { reason?: unknown; path?: unknown; askTo?: unknown };
  if (reason !== "forbidden" || typeof path !== "string") return null;
  return { reason, path: path.slice(0, 200), askTo: askTo === "provider" ? "provider" : "company" };
}

export function rememberForbiddenSignOut(
  path: string,
  askTo: SignOutReason["askTo"] = "company",
  storage: Storage = sessionStorage,
): void {
  try {
    storage.setItem(KEY, JSON.stringify({ reason: "forbidden", path, askTo }));
  } catch {
    // Storage full or blocked: the sign-out still happens, only without its explanation.
  }
}

export function peekSignOutReason(storage: Storage = sessionStorage): SignOutReason | null {
  try {
    return parseSignOutReason(storage.getItem(KEY));
  } catch {
    return null;
  }
}

export function forgetSignOutReason(storage: Storage = sessionStorage): void {
  try {
    storage.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}
