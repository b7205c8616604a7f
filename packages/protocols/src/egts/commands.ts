import type { CommandSet } from "../shared/command-set.ts";
import {
  CT_COM,
  CT_COMCONF,
  EGTS_RAW_DATA,
  egtsCommandText,
  readEgtsCommandData,
  SERVICE_COMMANDS,
  SR_COMMAND_DATA,
  writeEgtsCommandData,
} from "./command-data.ts";
import {
  PT_APPDATA,
  RFL_RECIPIENT_ON_DEVICE,
  RFL_SOURCE_ON_DEVICE,
  readEgtsPacket,
  writeEgtsPacket,
  writeEgtsRecord,
} from "./frame.ts";

/**
 * A server command as the terminal receives it: an application data packet with one record of the commands
 * service holding a command data subrecord of type "command" (CT_COM) with the standard's free-form command code
 * (EGTS_RAW_DATA): the text as its data, in CP-1251 (printable ASCII is the same), the command's id as CID.
 */
export function encodeEgtsCommand(packetId: number, commandId: number, text: string): Buffer {
  const data = writeEgtsCommandData(CT_COM, 0, commandId, EGTS_RAW_DATA, Buffer.from(text, "latin1"));
  const record = writeEgtsRecord(
    packetId,
    SERVICE_COMMANDS,
    SERVICE_COMMANDS,
    [{ type: SR_COMMAND_DATA, data }],
    null,
    null,
    RFL_RECIPIENT_ON_DEVICE,
  );
  return writeEgtsPacket(packetId, PT_APPDATA, record);
}

/**
 * EGTS commands: a custom text only. The standard's restart code belongs to the emergency-call terminals' profile,
 * and the data of its fleet output commands are not laid out in the copy of the document reachable here, so no
 * fixed kind is offered; the text goes as the free-form command and the terminal's own command interpreter reads
 * it. The packet id and record number are the connection's command counter, the CID the command's id; the
 * terminal confirms with a command data subrecord of type "confirmation" (CT_COMCONF) repeating the CID, decoded
 * as a `commandResult`.
 */
export const egtsCommands: CommandSet = {
  texts: {},
  // The text's length is in the subrecord and record headers: no character can end it early.
  custom: { delimiters: null },
  unanswered: [],
  encode: (text, target) => encodeEgtsCommand(target.serial, target.id, text),
};

// ---- The terminal's side (simulator, tests) ----

/** The server command a packet carries, as the terminal reads it; null when it carries none or is not whole. */
export function readEgtsCommand(
  packet: Buffer,
): { packetId: number; commandId: number; code: number; text: string } | null {
  try {
    const read = readEgtsPacket(packet);
    for (const r of read.records) {
      if (r.recipientService !== SERVICE_COMMANDS) continue;
      for (const s of r.subrecords) {
        if (s.type !== SR_COMMAND_DATA) continue;
        const command = readEgtsCommandData(s.data);
        if (command.type === CT_COM && command.code !== null)
          return {
            packetId: read.id,
            commandId: command.commandId,
            code: command.code,
            text: egtsCommandText(command),
          };
      }
    }
    return null;
  } catch {
    return null;
  }
}

/**
 * The terminal's confirmation of command `commandId`: an application data packet from object `tid` with one
 * commands-service record holding a confirmation (CT_COMCONF) of type `confirmation` and the answer's text.
 */
export function encodeEgtsCommandAnswer(
  tid: number,
  packetId: number,
  commandId: number,
  confirmation: number,
  text: string,
): Buffer {
  const data = writeEgtsCommandData(
    CT_COMCONF,
    confirmation,
    commandId,
    EGTS_RAW_DATA,
    Buffer.from(text, "latin1"),
  );
  const record = writeEgtsRecord(
    packetId,
    SERVICE_COMMANDS,
    SERVICE_COMMANDS,
    [{ type: SR_COMMAND_DATA, data }],
    tid,
    null,
    RFL_SOURCE_ON_DEVICE,
  );
  return writeEgtsPacket(packetId, PT_APPDATA, record);
}
