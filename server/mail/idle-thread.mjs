// For threads whose work can wait for the site's: mail to newsletter readers, and the bench's stand-in
// for a mail server on another machine.
import { execFileSync } from "node:child_process";
import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";

/**
 * Gives the calling thread the processors only when nothing else wants them. On Linux, priority and
 * scheduling class are per thread. The lowest priority alone is not enough there: the scheduler lets a
 * running thread finish its slice, a millisecond or more, before a woken one of higher priority takes
 * the processor, and a visitor's request waits that long. A thread in the idle class gives way at once.
 */
export function runWhenIdle() {
  setPriority(19);
  try {
    const thread = readlinkSync("/proc/thread-self").split("/").at(-1);
    execFileSync("chrt", ["--idle", "--pid", "0", thread], { stdio: "ignore" });
  } catch {
    // Not Linux, or no chrt (util-linux): the lowest priority alone.
  }
}
