// The campaign bench's SMTP server, run as a thread (counting-sink.ts). It only counts: each mail's
// recipient, read from its headers, and when the first and the last mail arrived.
import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { SMTPServer } from "smtp-server";

// A company's mail server is another machine: here it takes the processors only when the site leaves
// them idle (on Linux the lowest priority applies to this thread alone).
setPriority(19);

/** Shared with the bench: [mails received], and the first and last arrival in epoch ms. */
const total = new Int32Array(workerData.total);
const times = new Float64Array(workerData.times);
const epochMs = () => performance.timeOrigin + performance.now();
const received = new Map();

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, _session, callback) {
    let head = "";
    stream.on("data", (chunk) => {
      if (head.length < 8192) head += chunk.toString("latin1");
    });
    stream.on("end", () => {
      const to = /^To: (.+)$/m.exec(head)?.[1]?.trim() ?? "?";
      received.set(to, (received.get(to) ?? 0) + 1);
      if (Atomics.add(total, 0, 1) === 0) times[0] = epochMs();
      times[1] = epochMs();
      callback();
    });
  },
});

server.listen(0, "127.0.0.1", () => parentPort.postMessage({ port: server.server.address().port }));
parentPort.once("message", () => server.close(() => parentPort.postMessage({ received: [...received] })));
