/**
 * The logging surface main-side code receives. Callers pass only what is safe to keep on disk:
 * never IPC arguments or results, passwords, mnemonics or keys.
 */
export interface Logger {
  info(message: string, fields?: Readonly<Record<string, unknown>>): void;
  warn(message: string, fields?: Readonly<Record<string, unknown>>): void;
  error(message: string, fields?: Readonly<Record<string, unknown>>): void;
}

export const consoleLogger: Logger = {
  info: (message, fields) => console.info(message, fields ?? ''),
  warn: (message, fields) => console.warn(message, fields ?? ''),
  error: (message, fields) => console.error(message, fields ?? ''),
};

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };
