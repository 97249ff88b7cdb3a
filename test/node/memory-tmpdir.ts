import { accessSync, constants, statfsSync } from "node:fs";

// Imported first by vitest.config.ts, for its side effect. Miniflare keeps each runtime's D1, KV
// and Durable Object SQLite files in a fresh directory under os.tmpdir(), removed when the run
// ends. On a disk every commit and every new Durable Object waits on the filesystem: measured on
// the 2-core machine, a registration (a D1 batch and a billing-clock object) took 100–190 ms
// with /tmp on ext4 and 20–27 ms on tmpfs. Nothing in the pool needs its storage to outlive the
// run, so it goes to /dev/shm when that is writable with room to spare; an explicit TMPDIR wins.
const MIN_FREE_BYTES = 2 * 1024 ** 3;

if (!process.env.TMPDIR) {
  try {
    accessSync("/dev/shm", constants.W_OK);
    const fs = statfsSync("/dev/shm");
    if (fs.bavail * fs.bsize >= MIN_FREE_BYTES) process.env.TMPDIR = "/dev/shm";
  } catch {
    // No /dev/shm (not Linux) or not writable: os.tmpdir() as it is.
  }
}
