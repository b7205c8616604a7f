import type { DecodedPosition } from "./types.ts";

/**
 * Some devices send records without a fix time (Wialon IPS `NA;NA` date and time): the protocol says the server's
 * time of reception stands in for it. A decoder has no clock, so it marks such a position with this attribute and
 * leaves `ts` at 0; whoever read the bytes off the wire (the gateway, the UDP listener, the CLI, a re-decode of a
 * kept frame) stamps it with `stampReceptionTime`. The attribute stays with the stored position, so a reader can
 * tell a device's time from the server's. A position left unstamped has `ts` 0, which the ingest refuses as a
 * bad time (quarantined, never stored as a 1970 date).
 */
export const RECEPTION_TIME = "receptionTime";

/** True when the position's time is to be the time its bytes were received. */
export const takesReceptionTime = (position: DecodedPosition): boolean =>
  position.attributes[RECEPTION_TIME] === true;

/** The positions with the reception time (epoch ms) given to those the device sent without a time. Pure. */
export function stampReceptionTime(positions: DecodedPosition[], receivedTs: number): DecodedPosition[] {
  return positions.some(takesReceptionTime)
    ? positions.map((p) => (takesReceptionTime(p) ? { ...p, ts: receivedTs } : p))
    : positions;
}
