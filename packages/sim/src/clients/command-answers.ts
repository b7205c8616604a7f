/**
 * What a simulated FMB tracker answers to the server's Codec 12 commands, in the firmware's words, so the
 * demo shows a device's answer in the map's commands section (and configurations settle as 'updated').
 */
export function answerTeltonikaCommand(text: string): string {
  const command = text.trim();
  if (command === "setdigout 1") return "DOUT1:1 DOUT2:0 Timeout:INFINITY";
  if (command === "setdigout 0") return "DOUT1:0 DOUT2:0 Timeout:INFINITY";
  if (command === "cpureset") return "Reset in 5 sec";
  if (command === "getver") return "Ver:03.28.07 Rev:00 GPS:AXN_5.10 Hw:FMB920";
  if (command.startsWith("setparam ")) return `New value ${command.slice("setparam ".length)}`;
  return `Unknown command: ${command.slice(0, 40)}`;
}
