import { accountUnderAttack } from "../kernel/auth/throttle.ts";
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
  const text = ATTACK_MAIL[user.language] ?? ATTACK_MAIL.en!;
  const brand = await ctx.links.brandNameForUser(user.id);
  const profile = await ctx.links.forUser(user.id, "/profile");
  await ctx.mailer.send({
    to: user.email,
    subject: `${brand}: ${text.subject}`,
    text: [
      text.body.replace("{brand}", brand),
      addresses.join("\n"),
      text.advice,
      profile,
      `— ${brand}`,
    ].join("\n\n"),
  });
}

const ATTACK_MAIL: Record<string, { subject: string; body: string; advice: string }> = {
  es: {
    subject: "Intentos fallidos de acceso a tu cuenta",
    body: "Se han producido varios intentos de acceso con una contraseña incorrecta a tu cuenta de {brand}, desde estas direcciones:",
    advice:
      "Si no has sido tú, no tienes que hacer nada para seguir entrando: esas direcciones se han ralentizado. Te recomendamos cambiar la contraseña y activar el inicio de sesión en dos pasos en tu perfil:",
  },
  en: {
    subject: "Failed sign-in attempts on your account",
    body: "There have been several sign-in attempts with a wrong password on your {brand} account, from these addresses:",
    advice:
      "If this was not you, you can still sign in as usual: those addresses have been slowed down. We recommend changing your password and turning on two-step sign-in in your profile:",
  },
  pt: {
    subject: "Tentativas falhadas de acesso à sua conta",
    body: "Houve várias tentativas de acesso à sua conta {brand} com uma palavra-passe errada, a partir destes endereços:",
    advice:
      "Se não foi você, pode continuar a entrar como habitualmente: esses endereços foram abrandados. Recomendamos que altere a palavra-passe e ative o início de sessão em dois passos no seu perfil:",
  },
  fr: {
    subject: "Tentatives de connexion échouées sur votre compte",
    body: "Plusieurs tentatives de connexion avec un mot de passe erroné ont visé votre compte {brand}, depuis ces adresses :",
    advice:
      "Si ce n'était pas vous, vous pouvez toujours vous connecter normalement : ces adresses ont été ralenties. Nous vous conseillons de changer votre mot de passe et d'activer la connexion en deux étapes dans votre profil :",
  },
  it: {
    subject: "Tentativi di accesso non riusciti al tuo account",
    body: "Ci sono stati diversi tentativi di accesso al tuo account {brand} con una password errata, da questi indirizzi:",
    advice:
      "Se non sei stato tu, puoi comunque accedere come sempre: quegli indirizzi sono stati rallentati. Ti consigliamo di cambiare la password e di attivare l'accesso in due passaggi nel tuo profilo:",
  },
  tr: {
    subject: "Hesabınızda başarısız oturum açma denemeleri",
    body: "{brand} hesabınızda şu adreslerden yanlış şifreyle birkaç oturum açma denemesi yapıldı:",
    advice:
      "Bu siz değilseniz, her zamanki gibi oturum açabilirsiniz: bu adresler yavaşlatıldı. Şifrenizi değiştirmenizi ve profilinizden iki adımlı oturum açmayı etkinleştirmenizi öneririz:",
  },
};
