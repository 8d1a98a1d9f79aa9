// The campaign bench's SMTP server, run as a thread (counting-sink.ts). It only counts: each mail's
// recipient, read from its headers. Told to hold, it keeps each mail's answer back until told to answer
// again, as a slow mail server would: the site's sender then waits on it and does no work.
import { parentPort, workerData } from "node:worker_threads";
import { SMTPServer } from "smtp-server";
import { runWhenIdle } from "../server/mail/idle-thread.mjs";

// A company's mail server is another machine: here it takes the processors only when the site leaves them.
runWhenIdle();

/** Shared with the bench: [mails received, connections open]. */
const counts = new Int32Array(workerData.counts);
const received = new Map();
/** The answers kept back while holding; null while answering. */
let held = null;
/** Connections the sender dropped: a mail whose answer was still kept back was never accepted (RFC 5321, 4.1.1.4), so it is not counted. */
const dropped = new Set();

function accept(head, session, callback) {
  if (dropped.has(session.id)) return;
  const to = /^To: (.+)$/m.exec(head)?.[1]?.trim() ?? "?";
  received.set(to, (received.get(to) ?? 0) + 1);
  Atomics.add(counts, 0, 1);
  callback();
}

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onConnect(_session, callback) {
    Atomics.add(counts, 1, 1);
    callback();
  },
  onClose(session) {
    dropped.add(session.id);
    Atomics.sub(counts, 1, 1);
  },
  onData(stream, session, callback) {
    let head = "";
    stream.on("data", (chunk) => {
      if (head.length < 8192) head += chunk.toString("latin1");
    });
    stream.on("end", () => (held ? held.push(() => accept(head, session, callback)) : accept(head, session, callback)));
  },
});

server.listen(0, "127.0.0.1", () => parentPort.postMessage({ port: server.server.address().port }));
function answerAll() {
  const waiting = held ?? [];
  held = null;
  for (const answer of waiting) answer();
}

parentPort.on("message", (message) => {
  if (message === "hold") held ??= [];
  else if (message === "answer") answerAll();
  else if (message === "close") {
    answerAll();
    server.close(() => parentPort.postMessage({ received: [...received] }));
  }
});
