/**
 * The conformance corpus: frames captured from real devices, kept as data with their source, and what each must
 * decode to, written by hand from the vendor's document (identity, fix time, position, validity, the answer bytes)
 * rather than taken from any decoder's output.
 */

/** One message the frames must yield, in order. */
export interface ExpectedMessage {
  /** The device identity the message carries; null where the frame names none (data after a log-in). */
  imei: string | null;
  /**
   * Each position: UTC time as ISO text ("reception" for a record the device sent without a time, which takes the
   * time it is received), degrees to 5 decimals, validity.
   */
  positions: { ts: string; lat: number; lng: number; valid: boolean }[];
  /** The answer bytes: hex for binary protocols, text for text ones; null when the protocol answers nothing. */
  ack: string | null;
}

export interface CorpusFrame {
  /** Where the frame comes from: repository and file, or the vendor document. */
  source: string;
  /** What the frame shows (firmware form, report type, the defect it pins down). */
  what: string;
  /**
   * One or more frames as one stream: hex for binary protocols, text for text ones (\r\n written as escapes); for
   * HTTP families ("request") one request: a JSON body (POST) or a path with its query string (GET).
   */
  input: string;
  format: "hex" | "text" | "request";
  expect: ExpectedMessage[];
}

/** Traccar's public protocol test data, used as data only (frames captured from devices). */
export const traccar = (name: string): string =>
  `github.com/traccar/traccar src/test/java/org/traccar/protocol/${name}ProtocolDecoderTest.java`;
