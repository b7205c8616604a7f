// A wrong password shows the login message (Spanish is the default language).
import { byTestId, shot, signIn } from "../lib.mjs";

export const name = "wrong password shows the message";

export async function run({ context, baseUrl }) {
  const page = await context.newPage();
  await signIn(page, baseUrl, "admin@acme.demo", "NotThePassword1");
  const message = page.locator(byTestId("login-message"));
  await message.getByText("Usuario o contraseña incorrectos").waitFor();
  await shot(page, "login-wrong-password");
}
