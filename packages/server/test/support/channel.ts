import WebSocket from "ws";
import { z } from "zod";

/** What the tests read of a live message: its type and, for entity messages, the entity's id. */
const messageSchema = z.object({
  type: z.string(),
  data: z.object({ id: z.number().optional() }).passthrough(),
});
export type ChannelMessage = z.infer<typeof messageSchema>;

/**
 * A browser's live channel (`/fr/ws/`) signed in with `token` and bound to a company. `waitFor` resolves on the
 * first matching message, already seen or still to come; `has` tells whether an entity's message was seen.
 */
export function liveChannel(baseUrl: string, token: string, companyId: number) {
  const ws = new WebSocket(`${baseUrl.replace("http", "ws")}/fr/ws/`);
  const messages: ChannelMessage[] = [];
  const waiters: { match: (m: ChannelMessage) => boolean; resolve: () => void }[] = [];
  ws.on("message", (raw) => {
    for (const m of z.array(messageSchema).parse([JSON.parse(String(raw))].flat())) {
      messages.push(m);
      for (const w of [...waiters])
        if (w.match(m)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve();
        }
    }
  });
  ws.on("open", () => {
    ws.send(JSON.stringify({ type: "initialize", data: { accessToken: token } }));
    ws.send(JSON.stringify({ type: "bindCompany", data: { id: companyId } }));
  });
  const waitFor = (match: (m: ChannelMessage) => boolean) =>
    messages.some(match)
      ? Promise.resolve()
      : new Promise<void>((resolve) => waiters.push({ match, resolve }));
  const has = (type: string, id: number) => messages.some((m) => m.type === type && m.data.id === id);
  return { ws, messages, waitFor, has };
}
