import { createServer } from "node:net";

/** Ports this process has handed out: the system may offer a port again once its probe is closed. */
const handedOut = new Set<number>();

/**
 * A TCP port on the loopback that nothing listens on now, for a server a test starts, and never one this process
 * handed out before. The port is free only when asked: a server that then finds it taken (another process got it
 * meanwhile) must say so, and its starter take another.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const probe = createServer();
      probe.once("error", reject);
      probe.listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}
