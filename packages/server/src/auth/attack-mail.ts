import { accountUnderAttack } from "../kernel/auth/throttle.ts";
import { say } from "../kernel/locales/texts.ts";
import { asLanguage } from "../kernel/mail/language.ts";
import type { MailingContext } from "./password-keys.ts";

/**
 * Tells the owner, once per attack, that their account is being guessed at: the moment the failures from
 * elsewhere reach the threshold at which those addresses are slowed down. The owner's own sign-in is not
 * affected, so the mail says so and what to do if the attempts were not theirs. Like the password mails it
 * speaks for the account's brand and links to the profile on that brand's site.
 */
export async function warnOwnerIfAttacked(
  ctx: MailingContext,
  user: { id: number; email: string; language: string },
): Promise<void> {
  const addresses = await accountUnderAttack(ctx.db, ctx.clock, user.email);
  if (!addresses) return;
  const lang = asLanguage(user.language);
  const brand = await ctx.links.brandNameForUser(user.id);
  const profile = await ctx.links.forUser(user.id, "/profile");
  await ctx.mailer.send({
    to: user.email,
    subject: `${brand}: ${say(lang, "attackMail", "subject")}`,
    text: [
      say(lang, "attackMail", "body", { brand }),
      addresses.join("\n"),
      say(lang, "attackMail", "advice"),
      profile,
      `— ${brand}`,
    ].join("\n\n"),
  });
}
