import net from 'node:net';

/**
 * A minimal HTTP/1.1 keep-alive client for the bench: one request at a time per connection,
 * bodies sent as one write, responses read by Content-Length. node:http's client costs several
 * times the CPU of the server side it measures, on the same cores. A reply's chunks are joined
 * once, when its last byte is in (joining on every chunk copies a 500 kB block reply many times).
 */
export class LeanConnection {
  private readonly socket: net.Socket;
  private chunks: Buffer[] = [];
  private buffered = 0;
  /** Where the current reply's body starts in the joined chunks, and its length; -1 until the head is in. */
  private bodyStart = -1;
  private bodyLength = 0;
  private waiting: ((body: Buffer) => void) | null = null;
  private failure: ((error: Error) => void) | null = null;

  private constructor(socket: net.Socket) {
    this.socket = socket;
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      this.chunks.push(chunk);
      this.buffered += chunk.length;
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

  /** The reply's body as text. */
  async post(path: string, body: string): Promise<string> {
    return (await this.postForBytes(path, body)).toString('utf8');
  }

  /** The reply's body as it came, resolved once its last byte is in. */
  postForBytes(path: string, body: string): Promise<Buffer> {
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

  private joined(): Buffer {
    if (this.chunks.length > 1) this.chunks = [Buffer.concat(this.chunks, this.buffered)];
    return this.chunks[0] ?? Buffer.alloc(0);
  }

  private drain(): void {
    if (!this.waiting) return;
    if (this.bodyStart < 0) {
      const received = this.joined();
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = received.subarray(0, end).toString('latin1');
      this.bodyLength = Number(/content-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      this.bodyStart = end + 4;
    }
    const replyEnd = this.bodyStart + this.bodyLength;
    if (this.buffered < replyEnd) return;
    const received = this.joined();
    const body = received.subarray(this.bodyStart, replyEnd);
    const rest = received.subarray(replyEnd);
    this.chunks = rest.length ? [rest] : [];
    this.buffered = rest.length;
    this.bodyStart = -1;
    const done = this.waiting;
    this.waiting = null;
    done(body);
  }

  close(): void {
    this.socket.destroy();
  }
}
