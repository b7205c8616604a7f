import { ACCESS_TOKEN_TTL_S, API_ERROR, REFRESH_TOKEN_TTL_MS, SESSION_MAX_AGE_MS } from "@vigia/domain";
import { jwtVerify, SignJWT } from "jose";
import type { Clock } from "../config.ts";
import type { Database, Queryable } from "../db/database.ts";
import { unauthorized } from "../errors.ts";
import { randomToken, sha256 } from "./secrets.ts";
import { type EndedSessions, endSessions } from "./sessions.ts";

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

export interface AccessPayload {
  userId: number;
  siteId: number;
  /** The session (refresh-token family) the token belongs to; logout ends it before the token expires. */
  sessionId: string;
}

export async function signAccessToken(
  key: Uint8Array,
  clock: Clock,
  payload: AccessPayload,
): Promise<string> {
  const iat = Math.floor(clock.now() / 1000);
  return new SignJWT({ site: payload.siteId, sid: payload.sessionId })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(payload.userId))
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_S)
    .sign(key);
}

/** Checks signature and expiry only; `authenticateAccessToken` also refuses ended sessions. */
export async function verifyAccessToken(
  key: Uint8Array,
  clock: Clock,
  token: string,
): Promise<AccessPayload> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ["HS256"],
      currentDate: new Date(clock.now()),
    });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || typeof payload.sid !== "string") throw unauthorized();
    return { userId, siteId: Number(payload.site ?? 0), sessionId: payload.sid };
  } catch {
    throw unauthorized("token.invalid");
  }
}

/** A valid access token of a session that has not been ended. */
export async function authenticateAccessToken(
  ended: EndedSessions,
  key: Uint8Array,
  clock: Clock,
  token: string,
): Promise<AccessPayload> {
  const payload = await verifyAccessToken(key, clock, token);
  if (await ended.has(payload.sessionId)) throw unauthorized("token.revoked");
  return payload;
}

/**
 * A new refresh token of the session: valid for REFRESH_TOKEN_TTL_MS, but never past SESSION_MAX_AGE_MS after
 * the session's sign-in (`signedInTs`), so rotating forever does not make a session last forever.
 */
async function insertRefresh(
  db: Queryable,
  clock: Clock,
  userId: number,
  familyId: string,
  signedInTs: number,
): Promise<string> {
  const id = randomToken(12);
  const secret = randomToken(32);
  const now = clock.now();
  const expires = Math.min(now + REFRESH_TOKEN_TTL_MS, signedInTs + SESSION_MAX_AGE_MS);
  await db.query(
    `insert into refresh_tokens (id, family_id, user_id, secret_hash, created_ts, expires_ts)
     values ($1, $2, $3, $4, $5, $6)`,
    [id, familyId, userId, sha256(secret), now, expires],
  );
  return `${id}.${secret}`;
}

/** Opens a session: a new refresh-token family and its first access token. */
export async function issueTokens(
  db: Database,
  key: Uint8Array,
  clock: Clock,
  payload: Omit<AccessPayload, "sessionId">,
): Promise<TokenPair> {
  const sessionId = randomToken(12);
  const refreshToken = await insertRefresh(db, clock, payload.userId, sessionId, clock.now());
  return {
    accessToken: await signAccessToken(key, clock, { ...payload, sessionId }),
    refreshToken,
    expiresIn: ACCESS_TOKEN_TTL_S,
  };
}

interface RefreshRow {
  id: string;
  family_id: string;
  user_id: number;
  secret_hash: string;
  expires_ts: number;
  used_ts: number | null;
  revoked_ts: number | null;
}

/**
 * Rotates a refresh token. A token that was already used means it leaked (or was replayed): the whole
 * family is revoked so that neither the thief nor the owner can continue with it.
 */
export async function rotateRefreshToken(
  db: Database,
  key: Uint8Array,
  clock: Clock,
  presented: string,
  siteId: number,
): Promise<TokenPair & { userId: number }> {
  const [id, secret] = presented.split(".");
  if (!id || !secret) throw unauthorized("token.invalid");
  const now = clock.now();
  const outcome = await db.transaction(async (tx) => {
    const rows = await tx.query<RefreshRow>("select * from refresh_tokens where id = $1 for update", [id]);
    const row = rows[0];
    if (!row || row.secret_hash !== sha256(secret)) return { error: "token.invalid" } as const;
    if (row.revoked_ts !== null) return { error: "token.revoked" } as const;
    if (row.used_ts !== null) {
      await tx.query(
        "update refresh_tokens set revoked_ts = $2 where family_id = $1 and revoked_ts is null",
        [row.family_id, now],
      );
      await endSessions(tx, clock, [row.family_id]);
      return { error: "token.reused" } as const;
    }
    if (row.expires_ts <= now) return { error: "token.expired" } as const;
    const start = await tx.query<{ ts: number | string }>(
      "select min(created_ts) as ts from refresh_tokens where family_id = $1",
      [row.family_id],
    );
    const signedInTs = Number(start[0]?.ts ?? now);
    if (signedInTs + SESSION_MAX_AGE_MS <= now) return { error: "token.expired" } as const;
    await tx.query("update refresh_tokens set used_ts = $2 where id = $1", [id, now]);
    const refreshToken = await insertRefresh(tx, clock, row.user_id, row.family_id, signedInTs);
    return { userId: row.user_id, refreshToken, sessionId: row.family_id } as const;
  });
  // The revocation above must commit, so the 401 is thrown only after the transaction.
  if ("error" in outcome) throw unauthorized(outcome.error);
  const accessToken = await signAccessToken(key, clock, {
    userId: outcome.userId,
    siteId,
    sessionId: outcome.sessionId,
  });
  return {
    accessToken,
    refreshToken: outcome.refreshToken,
    expiresIn: ACCESS_TOKEN_TTL_S,
    userId: outcome.userId,
  };
}

/**
 * Logout: ends the session a presented refresh token belongs to, only when its secret is right (a token id alone,
 * which is not secret enough, ends nothing); its access tokens are refused from now on. Answers whose session it
 * was, so the live channels of that user can end too.
 */
export async function revokeRefreshFamily(
  db: Database,
  clock: Clock,
  presented: string,
): Promise<number | null> {
  const [id, secret] = presented.split(".");
  if (!id || !secret) return null;
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ family_id: string; secret_hash: string; user_id: number }>(
      "select family_id, secret_hash, user_id from refresh_tokens where id = $1",
      [id],
    );
    const row = rows[0];
    if (!row || row.secret_hash !== sha256(secret)) return null;
    await tx.query("update refresh_tokens set revoked_ts = $2 where family_id = $1 and revoked_ts is null", [
      row.family_id,
      clock.now(),
    ]);
    await endSessions(tx, clock, [row.family_id]);
    return row.user_id;
  });
}

/**
 * Ends every open session of the users (a password set from a reset key, a second factor newly required), but
 * `keep` (the session that changed its own password goes on). Answers the ended sessions, whose live channels
 * the caller closes.
 */
export async function endUserSessions(
  db: Queryable,
  clock: Clock,
  userIds: number | readonly number[],
  keep?: string,
): Promise<string[]> {
  const rows = await db.query<{ family_id: string }>(
    `update refresh_tokens set revoked_ts = $2
     where user_id = any($1::int[]) and revoked_ts is null and family_id is distinct from $3
     returning family_id`,
    [[userIds].flat(), clock.now(), keep ?? null],
  );
  const ended = [...new Set(rows.map((r) => r.family_id))];
  await endSessions(db, clock, ended);
  return ended;
}

export const WRONG_CREDENTIALS = API_ERROR.wrongCredentials;

/** The token of an `Authorization: Bearer …` header. */
export function bearer(header: string | undefined): string {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? "");
  if (!match?.[1]) throw unauthorized("token.missing");
  return match[1].trim();
}
