import net from 'node:net';

/**
 * A minimal HTTP/1.1 keep-alive client for the bench: one request at a time per connection,
 * bodies sent as one write, responses read by Content-Length. node:http's client costs several
 * times the CPU of the server side it measures, on the same cores.
 */
export class LeanConnection {
  private readonly socket: net.Socket;
  private buffer: Buffer = Buffer.alloc(0);
  private waiting: ((body: string) => void) | null = null;
  private failure: ((error: Error) => void) | null = null;

  private constructor(socket: net.Socket) {
    this.socket = socket;
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
      this.drain();
    });
    socket.on('error', (error) => this.failure?.(error));
    // The server closes keep-alive connections idle for 30 s: a request then fails instead of waiting forever.
    socket.on('close', () => this.failure?.(new Error('The server closed the connection.')));
  }

  static open(port: number): Promise<LeanConnection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(new LeanConnection(socket)));
      socket.once('error', reject);
    });
  }

  post(path: string, body: string): Promise<string> {
    return new Promise((resolve, reject) => {
      if (this.socket.destroyed) {
        reject(new Error('The server closed the connection.'));
        return;
      }
      this.waiting = resolve;
      this.failure = reject;
      this.socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    });
  }

  private drain(): void {
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end < 0 || !this.waiting) return;
    const head = this.buffer.subarray(0, end).toString('latin1');
    const length = Number(/content-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    if (this.buffer.length < end + 4 + length) return;
    const body = this.buffer.subarray(end + 4, end + 4 + length).toString('utf8');
    this.buffer = this.buffer.subarray(end + 4 + length);
    const done = this.waiting;
    this.waiting = null;
    done(body);
  }

  close(): void {
    this.socket.destroy();
  }
}
