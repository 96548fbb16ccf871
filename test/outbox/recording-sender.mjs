// A sender module for the outbox acceptance test: appends each delivery's idempotency key to
// RPDI_DELIVERY_LOG and fsyncs it before resolving, so a line on disk means "sent". With
// RPDI_HANG_AFTER=n it stops answering after its n-th delivery (and says so in `<log>.hanging`),
// so the test can kill the worker in the middle of a batch.
import { closeSync, fsyncSync, openSync, writeSync } from "node:fs";

const log = process.env.RPDI_DELIVERY_LOG;
if (log === undefined) throw new Error("RPDI_DELIVERY_LOG is not set");
const hangAfter = Number(process.env.RPDI_HANG_AFTER ?? "0");
const fd = openSync(log, "a");
let delivered = 0;

export default async function send(_email, { idempotencyKey }) {
  writeSync(fd, `${idempotencyKey}\n`);
  fsyncSync(fd);
  delivered += 1;
  if (hangAfter > 0 && delivered === hangAfter) {
    const marker = openSync(`${log}.hanging`, "w");
    fsyncSync(marker);
    closeSync(marker);
    // Keeps the process alive, never resolving: the worker is stuck mid-batch until killed.
    setInterval(() => undefined, 1 << 30);
    await new Promise(() => undefined);
  }
}
