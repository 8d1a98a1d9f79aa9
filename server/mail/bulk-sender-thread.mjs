// Newsletter mail, composed and sent from a thread of its own (transport.ts, `pool`): building each
// message and writing it to the SMTP server is most of a mail's work, and here it neither holds the
// event loop that answers visitors nor adds to its heap. The thread takes the processors only when
// visitors leave them (idle-thread.mjs).
import { parentPort, workerData } from "node:worker_threads";
import nodemailer from "nodemailer";
import { runWhenIdle } from "./idle-thread.mjs";

runWhenIdle();
const transporter = nodemailer.createTransport(workerData);

parentPort.on("message", async ({ id, mail }) => {
  try {
    await transporter.sendMail(mail);
    parentPort.postMessage({ id });
  } catch (error) {
    // What the sender reads to tell a refusal for good (5xx at RCPT TO) from one worth trying again.
    const { message, responseCode, command } = error;
    parentPort.postMessage({ id, error: { message: String(message ?? error), responseCode, command } });
  }
});
