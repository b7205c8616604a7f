/**
 * Why the app signed the user out, for the sign-in screen: the access guard signs out a user who opens a route
 * their role may not (kept), and the server refuses a session on another brand's host; the screen then says
 * so. Kept in session storage for one showing, because the redirect to /login happens while the signed-in
 * frame is torn down.
 */
export type SignOutReason =
  | {
      reason: "forbidden";
      path: string;
      /** Whom the screen sends the user to for more access: a company user to their company's administrator,
       * reseller staff (who have no company) to their platform provider. */
      askTo: "company" | "provider";
    }
  /** The account's brand is not this host's (its reseller chose another brand since it signed in). */
  | { reason: "wrongBrand" };

const KEY = "vigia.signOutReason";

/** Reads a stored reason back; anything else than what the `remember…` functions wrote is ignored. Pure. */
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
  if (reason === "wrongBrand") return { reason };
  if (reason !== "forbidden" || typeof path !== "string") return null;
  return { reason, path: path.slice(0, 200), askTo: askTo === "provider" ? "provider" : "company" };
}

function remember(reason: SignOutReason, storage: Storage): void {
  try {
    storage.setItem(KEY, JSON.stringify(reason));
  } catch {
    // Storage full or blocked: the sign-out still happens, only without its explanation.
  }
}

export function rememberForbiddenSignOut(
  path: string,
  askTo: "company" | "provider" = "company",
  storage: Storage = sessionStorage,
): void {
  remember({ reason: "forbidden", path, askTo }, storage);
}

export function rememberWrongBrandSignOut(storage: Storage = sessionStorage): void {
  remember({ reason: "wrongBrand" }, storage);
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
