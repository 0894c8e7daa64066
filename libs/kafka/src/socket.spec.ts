import assert from "node:assert/strict";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { kafkaSocketFactory } from "./index.ts";

describe("kafka: sockets to the brokers", () => {
  it("connect with Nagle's algorithm off and TCP keep-alive on", async () => {
    const server = net.createServer((s) => s.end());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const calls: Array<[string, unknown[]]> = [];
    const proto = net.Socket.prototype;
    const [noDelay, keepAlive] = [proto.setNoDelay, proto.setKeepAlive];
    proto.setNoDelay = function (this: net.Socket, ...args: unknown[]) {
      calls.push(["noDelay", args]);
      return noDelay.apply(this, args as [boolean]);
    };
    proto.setKeepAlive = function (this: net.Socket, ...args: unknown[]) {
      calls.push(["keepAlive", args]);
      return keepAlive.apply(this, args as [boolean, number]);
    };
    try {
      const { port } = server.address() as AddressInfo;
      let socket!: net.Socket;
      await new Promise<void>((resolve) => {
        socket = kafkaSocketFactory({ host: "127.0.0.1", port, ssl: null as never, onConnect: resolve });
      });
      assert.ok(socket instanceof net.Socket);
      assert.deepEqual(calls.filter(([name]) => name === "noDelay").at(-1), ["noDelay", [true]]);
      assert.deepEqual(calls.filter(([name]) => name === "keepAlive").at(-1), ["keepAlive", [true, 60_000]]);
      socket.destroy();
    } finally {
      proto.setNoDelay = noDelay;
      proto.setKeepAlive = keepAlive;
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
