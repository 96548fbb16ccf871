import { createServer } from "node:net";

/**
 * A loopback TCP port free at the moment of asking, for a server started as another process (the
 * kernel hands out ephemeral ports in turn, so it is not handed out again at once).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address !== null
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}
