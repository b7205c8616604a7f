import { API_ERROR, PASSWORD_KEY_TTL_MS } from "@vigia/domain";
import { storeNewPassword } from "../kernel/auth/password-change.ts";
import { hashPassword } from "../kernel/auth/passwords.ts";
import { randomToken, sha256 } from "../kernel/auth/secrets.ts";
import { endUserSessions } from "../kernel/auth/tokens.ts";
import type { KernelContext } from "../kernel/context.ts";
import { badRequest } from "../kernel/errors.ts";
import { say } from "../kernel/locales/texts.ts";
import { asLanguage } from "../kernel/mail/language.ts";
import type { Mailer } from "../kernel/mail/mailer.ts";

/** Capabilities that send mail get the mailer from `src/app/` next to the kernel context. */
export type MailingContext = KernelContext & { mailer: Mailer };

export type KeyPurpose = "reset" | "create";

/** Creates a single-use key for /password/set/{key}; only its hash is stored. */
export async function createPasswordKey(
  ctx: KernelContext,
  userId: number,
  purpose: KeyPurpose,
): Promise<string> {
  const key = randomToken(32);
  const now = ctx.clock.now();
  await ctx.db.query(
    "insert into password_keys (key_hash, user_id, purpose, created_ts, expires_ts) values ($1, $2, $3, $4, $5)",
    [sha256(key), userId, purpose, now, now + PASSWORD_KEY_TTL_MS],
  );
  return key;
}

/**
 * Sets the password from a key; the key is consumed in the same transaction, so it works once, and every
 * other key of the account dies with it (storeNewPassword).
 */
export async function setPasswordFromKey(
  ctx: KernelContext,
  input: { key: string; password: string; ip: string },
): Promise<number> {
  const hash = await hashPassword(input.password);
  const now = ctx.clock.now();
  const userId = await ctx.db.transaction(async (tx) => {
    const rows = await tx.query<{ user_id: number; email: string }>(
      `update password_keys k set used_ts = $2 from users u
       where k.key_hash = $1 and k.used_ts is null and k.expires_ts > $2 and u.id = k.user_id
       returning k.user_id, u.email`,
      [sha256(input.key), now],
    );
    const row = rows[0];
    if (!row) return null;
    await storeNewPassword(tx, ctx.clock, { id: row.user_id, email: row.email }, hash, input.ip);
    // A new password ends every session that the old one opened, access tokens included.
    await endUserSessions(tx, ctx.clock, row.user_id);
    return row.user_id;
  });
  if (userId === null) throw badRequest(API_ERROR.invalidKey);
  return userId;
}

/** Sends the create- or reset-password link, on the account's own site (never the request's host). */
export async function sendPasswordLink(
  ctx: MailingContext,
  user: { id: number; email: string; language: string },
  purpose: KeyPurpose,
): Promise<void> {
  const key = await createPasswordKey(ctx, user.id, purpose);
  const link = await ctx.links.forUser(user.id, `/password/set/${key}`);
  const lang = asLanguage(user.language);
  // The mail speaks for the account's brand, the one whose site the link opens.
  const brand = await ctx.links.brandNameForUser(user.id);
  await ctx.mailer.send({
    to: user.email,
    subject: `${brand}: ${say(lang, "passwordMail", `${purpose}Subject`)}`,
    text: `${say(lang, "passwordMail", `${purpose}Body`)}\n\n${link}\n\n${say(lang, "passwordMail", "footer")}\n\n— ${brand}`,
  });
}
