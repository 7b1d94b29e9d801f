/** The last `capacity` log lines, oldest first; a line is cut at `maxLineLength` characters. */
export class LogBuffer {
  private readonly lines: { time: number; text: string }[] = [];

  constructor(
    private readonly capacity = 1000,
    private readonly maxLineLength = 2000,
    private readonly now: () => number = Date.now,
  ) {}

  push(text: string): void {
    for (const line of text.split(/\r?\n/)) {
      if (line.length === 0) continue;
      this.lines.push({
        time: this.now(),
        text: line.length > this.maxLineLength ? `${line.slice(0, this.maxLineLength)}…` : line,
      });
    }
    if (this.lines.length > this.capacity) this.lines.splice(0, this.lines.length - this.capacity);
  }

  tail(limit: number): { time: number; text: string }[] {
    return this.lines.slice(Math.max(0, this.lines.length - limit)).map((line) => ({ ...line }));
  }
}
