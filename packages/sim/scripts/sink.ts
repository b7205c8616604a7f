/**
 * A throwaway sink that answers like a gateway without storing anything, for measuring the simulator alone:
 *   npx tsx packages/sim/scripts/sink.ts   (ports 5027 Teltonika, 5023 GT06, 5055 OsmAnd)
 */
import http from "node:http";
import net from "node:net";
import { gt06Ack, splitGt06Frames } from "@vigia/protocols";

let records = 0;
net
  .createServer((s) => {
    let rx = Buffer.alloc(0);
    let imei = false;
    s.on("error", () => {});
    s.on("data", (c) => {
      rx = Buffer.concat([rx, c]);
      if (!imei && rx.length >= 2 && rx.length >= 2 + rx.readUInt16BE(0)) {
        rx = rx.subarray(2 + rx.readUInt16BE(0));
        imei = true;
        s.write(Buffer.from([1]));
      }
      while (imei && rx.length >= 12 && rx.length >= 12 + rx.readUInt32BE(4)) {
        const n = rx[9]!;
        rx = rx.subarray(12 + rx.readUInt32BE(4));
        records += n;
        const ack = Buffer.alloc(4);
        ack.writeUInt32BE(n);
        s.write(ack);
      }
    });
  })
  .listen(5027);
net
  .createServer((s) => {
    let rx = Buffer.alloc(0);
    s.on("error", () => {});
    s.on("data", (c) => {
      rx = Buffer.concat([rx, c]);
      const { packets, rest } = splitGt06Frames(rx);
      rx = Buffer.from(rest);
      for (const p of packets) {
        if (p.protocol === 0x22) records++;
        else s.write(gt06Ack(p.protocol, p.serial));
      }
    });
  })
  .listen(5023);
http
  .createServer((_req, res) => {
    records++;
    res.end();
  })
  .listen(5055);
setInterval(() => console.log(`sink: ${records} records`), 10_000);
