/**
 * Browser storage layout. Tokens, map keys and the tile URL are kept per site name so that two branded
 * sites on one browser profile never share a session; language and time zone are per browser.
 */
export interface StoredTokens {
  accessToken: string;
  refreshToken: string;
  /** Epoch ms at which the access token stops being accepted. */
  expiresAt: number;
}

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const siteKey = (site: string, name: string): string => `vigia.${site}.${name}`;

export const LANGUAGE_KEY = "vigia.language";
export const TIMEZONE_KEY = "vigia.timezone";

export class SiteStorage {
  constructor(
    readonly site: string,
    private readonly local: KeyValueStore,
    private readonly session: KeyValueStore,
  ) {}

  readTokens(): StoredTokens | null {
    const raw = this.local.getItem(siteKey(this.site, "tokens"));
    if (!raw) return null;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (isStoredTokens(parsed)) return parsed;
    } catch {
      // A corrupt entry is treated as no session.
    }
    return null;
  }

  writeTokens(tokens: StoredTokens): void {
    this.local.setItem(siteKey(this.site, "tokens"), JSON.stringify(tokens));
  }

  writeMapSettings(mapKeys: Record<string, string>, osmTilesUrl: string): void {
    this.local.setItem(siteKey(this.site, "mapKeys"), JSON.stringify(mapKeys));
    this.local.setItem(siteKey(this.site, "osmTilesUrl"), osmTilesUrl);
  }

  readMapKeys(): Record<string, string> {
    const raw = this.local.getItem(siteKey(this.site, "mapKeys"));
    if (!raw) return {};
    try {
      const parsed: unknown = JSON.parse(raw);
      return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, string>) : {};
    } catch {
      return {};
    }
  }

  readTilesUrl(): string | null {
    return this.local.getItem(siteKey(this.site, "osmTilesUrl"));
  }

  writeFrontVersion(initTs: number): void {
    this.local.setItem(siteKey(this.site, "frontVersion"), String(initTs));
  }

  /** Logout clears everything the session brought in: tokens, map keys and tile URL. */
  clearSession(): void {
    for (const name of ["tokens", "mapKeys", "osmTilesUrl"]) this.local.removeItem(siteKey(this.site, name));
  }

  readCompanyId(): number | null {
    const raw = this.session.getItem(siteKey(this.site, "companyId"));
    const id = raw === null ? Number.NaN : Number(raw);
    return Number.isInteger(id) && id > 0 ? id : null;
  }

  writeCompanyId(id: number | null): void {
    if (id === null) this.session.removeItem(siteKey(this.site, "companyId"));
    else this.session.setItem(siteKey(this.site, "companyId"), String(id));
  }
}

function isStoredTokens(value: unknown): value is StoredTokens {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.accessToken === "string" && typeof v.refreshToken === "string" && typeof v.expiresAt === "number"
  );
}
