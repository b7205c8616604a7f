// Every demo role signs in and lands on its page: resellers on /companies, everyone else home.
import { assert, byTestId, shot, signInTo } from "../lib.mjs";

export const name = "each demo role lands on its page";

const ACCOUNTS = [
  { user: "super@vigia.demo", landing: "/companies", reseller: true },
  { user: "dev@vigia.demo", landing: "/companies", reseller: true },
  { user: "reseller@vigia.demo", landing: "/companies", reseller: true },
  { user: "admin@acme.demo", landing: "/", menu: "menu-users" },
  { user: "subadmin@acme.demo", landing: "/", menu: "menu-vehicles", hidden: "menu-users" },
  { user: "operator@acme.demo", landing: "/", menu: "menu-tickets", hidden: "menu-vehicles" },
  { user: "viewer@acme.demo", landing: "/", menu: "menu-dashboard", hidden: "menu-reports" },
  { user: "admin@globex.demo", landing: "/", menu: "menu-users" },
];

export async function run({ context, baseUrl }) {
  for (const account of ACCOUNTS) {
    const page = await context.newPage();
    await signInTo(page, baseUrl, account.user, account.landing);
    if (account.reseller) {
      await page.locator(byTestId("companies-page")).waitFor();
      await page.locator(byTestId("super-menu")).waitFor();
    } else {
      await page.locator(byTestId("live-map")).waitFor();
      await page.locator(byTestId("company-name")).waitFor();
      await page.locator(byTestId(account.menu)).waitFor();
      if (account.hidden)
        assert(
          (await page.locator(byTestId(account.hidden)).count()) === 0,
          `${account.user} sees ${account.hidden}`,
        );
    }
    await shot(page, `landing-${account.user.replace(/[@.]/g, "-")}`);
    await page.locator(byTestId("user-menu")).click();
    await page.locator(byTestId("logout")).click();
    await page.locator(byTestId("login-submit")).waitFor();
    await page.close();
  }
}
