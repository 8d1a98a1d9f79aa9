import { spawn } from "node:child_process";
import { open } from "node:fs/promises";
import type { Readable } from "node:stream";

/**
 * The most private writable memory (heap, buffers, stacks) a parser of a stranger's bytes may hold,
 * enforced by the kernel (RLIMIT_DATA, docs/decisions/050-untrusted-bytes-in-a-sandbox.md): an
 * allocation past it fails, and the parser ends; the server is another process and never notices.
 */
export const SANDBOX_MEMORY_BYTES = 512 * 1024 * 1024;

export interface SandboxLimits {
  /** RLIMIT_DATA of the process: heap, buffers and everything else it writes to. */
  memoryBytes?: number;
  /**
   * The processor time the parse may use (RLIMIT_CPU): the measure of what the input costs, the same
   * on a quiet machine and a busy one. Past it the kernel ends the process.
   */
  cpuSeconds: number;
  /**
   * After this much time on the clock the process is killed, whatever it is doing: a backstop for a
   * machine so busy that the parse never got its processor time, which says nothing about the input.
   */
  timeoutMs: number;
  /** What the parser may say on stdout; past it the process is killed and its answer dropped. */
  maxOutputBytes: number;
}

export type SandboxResult =
  | { ok: true; output: Buffer }
  | {
      ok: false;
      /**
       * `cpu-limit`, `output-too-large`, a kill for memory and a parser that failed on the bytes are the input's
       * doing; `timeout` (a machine too busy to give the parser its time) and `did-not-start` are the machine's.
       */
      reason: "cpu-limit" | "timeout" | "output-too-large" | "failed" | "did-not-start";
      exitCode: number | null;
      signal: NodeJS.Signals | null;
    };

/**
 * Runs `script` (an ES module) in a Node process of its own, with the bytes on stdin: an empty
 * environment (no secrets of the server), kernel limits on memory and processor time, a time limit and a limit on what it
 * may answer. Anything but a clean exit within those limits is a failure the caller turns into a
 * refusal; nothing the bytes do to the parser reaches the server's memory or event loop.
 *
 * `input` is the parser's stdin: bytes in hand, or a file the parser reads itself, so that a large input
 * kept on disk never passes through the server's memory.
 */
export async function runSandboxed(script: string, args: string[], input: Buffer | { file: string }, limits: SandboxLimits): Promise<SandboxResult> {
  if (Buffer.isBuffer(input)) return runWithStdin(script, args, input, limits);
  const file = await open(input.file, "r");
  try {
    return await runWithStdin(script, args, file.fd, limits);
  } finally {
    await file.close();
  }
}

function runWithStdin(script: string, args: string[], input: Buffer | number, limits: SandboxLimits): Promise<SandboxResult> {
  const memoryBytes = limits.memoryBytes ?? SANDBOX_MEMORY_BYTES;
  // The V8 heap is capped below the kernel's limit so that ordinary exhaustion ends in V8's own
  // error rather than an abort; buffers outside the heap meet the kernel's limit.
  const heapMb = Math.max(16, Math.floor((memoryBytes / 1024 / 1024) * 0.6));
  return new Promise((resolve) => {
    const child = spawn(
      "prlimit",
      // The soft processor limit sends SIGXCPU; the hard one, a second later, SIGKILL for a parser that ignores it.
      [
        `--data=${memoryBytes}`,
        `--cpu=${limits.cpuSeconds}:${limits.cpuSeconds + 1}`,
        "--core=0",
        "--",
        process.execPath,
        `--max-old-space-size=${heapMb}`,
        script,
        ...args,
      ],
      { env: {}, stdio: [typeof input === "number" ? input : "pipe", "pipe", "ignore"] },
    );
    // A pipe, asked for above; the types cannot tell once stdin may be a file.
    const stdout = child.stdout as Readable;
    const output: Buffer[] = [];
    let outputBytes = 0;
    let tooLarge = false;
    let outOfTime = false;
    stdout.on("data", (chunk: Buffer) => {
      if (tooLarge) return;
      outputBytes += chunk.length;
      if (outputBytes > limits.maxOutputBytes) {
        tooLarge = true;
        child.kill("SIGKILL");
        return;
      }
      output.push(chunk);
    });
    const clock = setTimeout(() => {
      outOfTime = true;
      child.kill("SIGKILL");
    }, limits.timeoutMs);
    child.once("error", () => resolve({ ok: false, reason: "did-not-start", exitCode: null, signal: null }));
    child.once("close", (exitCode, signal) => {
      clearTimeout(clock);
      if (tooLarge) return resolve({ ok: false, reason: "output-too-large", exitCode, signal });
      if (outOfTime) return resolve({ ok: false, reason: "timeout", exitCode, signal });
      if (exitCode === 0) return resolve({ ok: true, output: Buffer.concat(output) });
      const overCpu = signal === "SIGXCPU" || signal === "SIGKILL";
      resolve({ ok: false, reason: overCpu ? "cpu-limit" : "failed", exitCode, signal });
    });
    if (child.stdin) {
      // A parser that ends before it has taken the whole input closes its stdin under the write.
      child.stdin.on("error", () => {});
      child.stdin.end(input);
    }
  });
}

/** Whether a parser failed for the machine's sake rather than the input's: the same bytes may well be read a minute later. */
export const machineFailure = (result: SandboxResult) => !result.ok && (result.reason === "timeout" || result.reason === "did-not-start");

/**
 * At most `concurrency` sandboxes at once, the rest waiting their turn in order: each is a Node
 * process of up to SANDBOX_MEMORY_BYTES, so their number bounds what strangers can make the machine hold.
 */
export function sandboxQueue(concurrency: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await work();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}
