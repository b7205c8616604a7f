// A ticket's life: the Acme admin opens an incident assigned to the operator, who comments and ticks a task;
// it is started, resolved, closed and reopened (with confirmation), every move in the history. Then a
// service request goes to the provider, the reseller answers it from /ticketsAdmin and the admin sees it.
import { assert, byTestId, chooseOption, shot, signInTo } from "../lib.mjs";

export const name =
  "tickets: open, comment, assign, resolve, close, reopen; a service request answered by the reseller";

const TITLE = `Broken tail light ${Date.now() % 100000}`;
const REQUEST = `Extra tracker ${Date.now() % 100000}`;

async function openTicket(page, title) {
  await page.locator(byTestId("table-search")).fill(title);
  const row = page.locator(byTestId("table-row")).filter({ hasText: title });
  await row.waitFor();
  await row.locator(byTestId("row-action-open")).click();
  await page.locator(byTestId("ticket-detail")).waitFor();
}

async function create(page, { type, title, assignee }) {
  await page.locator(byTestId("mgmt-new")).click();
  if (type) await chooseOption(page, "field-type", type);
  await page.locator(`${byTestId("field-title")}`).fill(title);
  await chooseOption(page, "field-priority", "Alta");
  if (assignee) await chooseOption(page, "field-assigneeId", assignee);
  await page.locator(byTestId("mgmt-save")).click();
  await page.locator(byTestId("mgmt-form")).waitFor({ state: "detached" });
}

/** Another user signs in alongside in a browser context of its own (sessions live in the context's storage). */
async function otherUser(context, baseUrl, email, landing) {
  const browser = context.browser();
  assert(browser, "the scenario's context has a browser");
  const other = await browser.newContext({
    viewport: { width: 1366, height: 820 },
    locale: "es-ES",
    reducedMotion: "reduce",
  });
  other.setDefaultTimeout(15_000);
  const page = await other.newPage();
  await signInTo(page, baseUrl, email, landing);
  return { page, close: () => other.close() };
}

async function move(page, state, expected) {
  await page.locator(byTestId(`ticket-move-${state}`)).click();
  await page
    .locator(`${byTestId("ticket-detail")} ${byTestId("ticket-state")}`)
    .filter({ hasText: expected })
    .waitFor();
}

export async function run({ context, baseUrl }) {
  const admin = await context.newPage();
  await signInTo(admin, baseUrl, "admin@acme.demo", "/");
  await admin.goto(`${baseUrl}/tickets`);
  await admin.locator(byTestId("table-tickets")).waitFor();
  await admin.locator(byTestId("table-row")).first().waitFor();
  await shot(admin, "18-tickets");

  await create(admin, { title: TITLE, assignee: "Olga Castro" });
  await openTicket(admin, TITLE);
  await admin.locator(byTestId("ticket-task-text")).fill("Buy the bulb");
  await admin.locator(byTestId("ticket-task-add")).click();
  await admin.getByText("Buy the bulb").waitFor();

  // The operator (group-scoped, writes tickets) comments and ticks the task.
  const { page: operator, close: closeOperator } = await otherUser(
    context,
    baseUrl,
    "operator@acme.demo",
    "/",
  );
  await operator.goto(`${baseUrl}/tickets`);
  await operator.locator(byTestId("table-tickets")).waitFor();
  await openTicket(operator, TITLE);
  await operator.locator(byTestId("ticket-comment-text")).fill("I will fix it this afternoon.");
  await operator.locator(byTestId("ticket-comment-send")).click();
  await operator.locator(byTestId("ticket-comment")).filter({ hasText: "this afternoon" }).waitFor();
  await operator
    .locator(`${byTestId("ticket-detail")} input[type=checkbox]`)
    .first()
    // The box follows the server's answer (a controlled input), so click and await the author line.
    .click();
  await operator.getByText("operator@acme.demo ·").waitFor();
  await closeOperator();

  // Back on the admin's screen: the live channel already moved the list; reopen the drawer to see it all.
  await admin.keyboard.press("Escape");
  await openTicket(admin, TITLE);
  await admin.locator(byTestId("ticket-comment")).filter({ hasText: "this afternoon" }).waitFor();
  await move(admin, "inProgress", "En curso");
  await move(admin, "resolved", "Resuelto");
  await admin.locator(byTestId("ticket-state-note")).fill("Bulb replaced");
  await move(admin, "closed", "Cerrado");
  // Reopen asks first: the first click only arms the button.
  await admin.locator(byTestId("ticket-move-open")).click();
  const armed = await admin.locator(byTestId("ticket-move-open")).textContent();
  assert((armed ?? "").includes("reabrir"), `reopen asks for confirmation, shows "${armed}"`);
  await move(admin, "open", "Abierto");
  const history = (await admin.locator(byTestId("ticket-detail")).textContent()) ?? "";
  for (const text of ["Asignado a Olga Castro", "Bulb replaced", "En curso", "Resuelto", "Cerrado"])
    assert(history.includes(text), `history shows "${text}"`);
  await shot(admin, "18-ticket-detail");
  await admin.keyboard.press("Escape");

  // A service request to the provider.
  await create(admin, { type: "Solicitud de servicio", title: REQUEST });
  const { page: reseller, close: closeReseller } = await otherUser(
    context,
    baseUrl,
    "reseller@vigia.demo",
    "/companies",
  );
  await reseller.goto(`${baseUrl}/ticketsAdmin`);
  await reseller.locator(byTestId("table-ticketsAdmin")).waitFor();
  const listed = (await reseller.locator(byTestId("table-ticketsAdmin")).textContent()) ?? "";
  assert(!listed.includes(TITLE), "incidents stay inside the company");
  await openTicket(reseller, REQUEST);
  await reseller.locator(byTestId("ticket-comment-text")).fill("Shipping it on Monday.");
  await reseller.locator(byTestId("ticket-comment-send")).click();
  await reseller.locator(byTestId("ticket-comment")).filter({ hasText: "Monday" }).waitFor();
  await move(reseller, "inProgress", "En curso");
  await shot(reseller, "18-tickets-admin");
  await closeReseller();

  await admin.locator(byTestId("tickets-filter")).getByText("Todos").click();
  await openTicket(admin, REQUEST);
  await admin.locator(byTestId("ticket-comment")).filter({ hasText: "Monday" }).waitFor();
  const answer =
    (await admin.locator(byTestId("ticket-comment")).filter({ hasText: "Monday" }).textContent()) ?? "";
  assert(answer.includes("proveedor"), `the answer is marked as the provider's: ${answer}`);
}
