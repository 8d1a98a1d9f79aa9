/**
 * The campaign bench's SMTP server, in a thread of its own (counting-sink-thread.mjs): the load tool
 * that times the visitors runs on the bench's main thread, and mail arriving hundreds a second would
 * otherwise hold its clock up and count the bench's own delays as the site's.
 */
import { Worker } from "node:worker_threads";

/** An SMTP server that only counts: how many mails came, and how many to each recipient. */
export async function countingSink() {
  const counts = new SharedArrayBuffer(8);
  const counted = new Int32Array(counts);
  const worker = new Worker(new URL("./counting-sink-thread.mjs", import.meta.url), { workerData: { counts } });
  const next = <T>() => new Promise<T>((resolve, reject) => worker.once("message", resolve).once("error", reject));
  const { port } = await next<{ port: number }>();
  let closing: Promise<Map<string, number>> | undefined;
  return {
    url: `smtp://127.0.0.1:${port}`,
    total: () => Atomics.load(counted, 0),
    /** Connections open now; one a killed sender held counts until this server has seen it close. */
    connections: () => Atomics.load(counted, 1),
    /** Keeps each mail's answer back from now on, as a slow mail server would. */
    hold: () => worker.postMessage("hold"),
    /** Answers the mails kept back, and every mail from now on at once. */
    answer: () => worker.postMessage("answer"),
    /** Stops the server; how many mails each recipient got. */
    close(): Promise<Map<string, number>> {
      closing ??= (async () => {
        const closed = next<{ received: [string, number][] }>();
        worker.postMessage("close");
        const { received } = await closed;
        await worker.terminate();
        return new Map(received);
      })();
      return closing;
    },
  };
}
