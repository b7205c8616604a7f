import { SMTPServer } from "smtp-server";

/** A mail server on loopback that keeps every message it receives, for tests that read what was sent. */
export interface MailCapture {
  /** The `SMTP_URL` that sends to it. */
  url: string;
  /** Each message as received (headers and body). */
  mails: string[];
  close(): Promise<void>;
}

export async function startMailCapture(): Promise<MailCapture> {
  const mails: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, done) {
      let data = "";
      stream.on("data", (chunk: Buffer) => {
        data += chunk.toString("utf8");
      });
      stream.on("end", () => {
        mails.push(data);
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    mails,
    close: () => new Promise<void>((resolve) => smtp.close(resolve)),
  };
}
