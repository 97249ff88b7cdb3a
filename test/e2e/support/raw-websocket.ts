import { randomBytes } from "node:crypto";
import { request } from "node:http";
import type { Socket } from "node:net";

/**
 * A minimal WebSocket client over node:http (Node 20 has no global WebSocket
 * and the repo carries no ws dependency): enough to read a server's text
 * frames and its close code. Client → server frames are not needed.
 */
export interface RawSocket {
  status: number;
  protocol: string | undefined;
  /** Text frames in order, then the close code (resolves when the server closes). */
  done: Promise<{ messages: string[]; closeCode: number | undefined }>;
}

export function openRawWebSocket(url: string, headers: Record<string, string> = {}): Promise<RawSocket> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      headers: {
        Connection: "Upgrade",
        Upgrade: "websocket",
        "Sec-WebSocket-Version": "13",
        "Sec-WebSocket-Key": randomBytes(16).toString("base64"),
        ...headers,
      },
    });
    // `head` holds whatever arrived with the 101 response: often the first frames.
    req.on("upgrade", (res, socket: Socket, head: Buffer) => {
      resolve({
        status: res.statusCode ?? 0,
        protocol: res.headers["sec-websocket-protocol"] as string | undefined,
        done: readFrames(socket, head),
      });
    });
    req.on("response", (res) => {
      res.resume();
      resolve({
        status: res.statusCode ?? 0,
        protocol: undefined,
        done: Promise.resolve({ messages: [], closeCode: undefined }),
      });
    });
    req.on("error", reject);
    req.end();
  });
}

function readFrames(socket: Socket, head: Buffer): Promise<{ messages: string[]; closeCode: number | undefined }> {
  return new Promise((resolve) => {
    let buffer = Buffer.alloc(0);
    const messages: string[] = [];
    let closeCode: number | undefined;
    const finish = () => resolve({ messages, closeCode });
    const onData = (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (buffer.length < 2) return;
        const opcode = buffer[0]! & 0x0f;
        let length = buffer[1]! & 0x7f;
        let offset = 2;
        if (length === 126) {
          if (buffer.length < 4) return;
          length = buffer.readUInt16BE(2);
          offset = 4;
        } else if (length === 127) {
          if (buffer.length < 10) return;
          length = Number(buffer.readBigUInt64BE(2));
          offset = 10;
        }
        if (buffer.length < offset + length) return;
        const payload = buffer.subarray(offset, offset + length);
        buffer = buffer.subarray(offset + length);
        if (opcode === 0x1) messages.push(payload.toString("utf8"));
        if (opcode === 0x8) {
          closeCode = payload.length >= 2 ? payload.readUInt16BE(0) : undefined;
          socket.end();
        }
      }
    };
    socket.on("data", onData);
    onData(head);
    socket.on("close", finish);
    socket.on("end", finish);
  });
}
