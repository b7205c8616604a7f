/** `vigia decode <protocol> <input>`: prints one JSON object for a device message. */
export async function decodeCommand(args: string[]): Promise<void> {
  const [protocol, ...input] = args;
  if (!protocol || input.length === 0)
    throw new Error("usage: vigia decode <teltonika|gt06|osmand> <hex-or-request>");
  const { decodeForCli } = await import("@vigia/protocols");
  console.log(JSON.stringify(decodeForCli(protocol, input.join(" ")), null, 2));
}
