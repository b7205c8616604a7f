/** `vigia decode <protocol> <input>`: prints one JSON object for a device message. */
export async function decodeCommand(args: string[]): Promise<void> {
  const [protocol, ...input] = args;
  const { decodeForCli, protocols } = await import("@vigia/protocols");
  if (!protocol || input.length === 0)
    throw new Error(
      `usage: vigia decode <${Object.keys(protocols).join("|")}> <hex, text frames or request>`,
    );
  console.log(JSON.stringify(decodeForCli(protocol, input.join(" ")), null, 2));
}
