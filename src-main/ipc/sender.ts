/** What main knows about the frame behind an IPC call. */
export interface SenderInfo {
  /** URL of the sending frame, or null when the frame is gone. */
  readonly url: string | null;
  readonly isTopFrame: boolean;
  /** The call came from a window this app created (Electron) or an authenticated socket (tests). */
  readonly isAppWindow: boolean;
}

export interface SenderPolicy {
  /** The only origin allowed to call, e.g. `app://wallet`. */
  readonly origin: string;
}

/**
 * `scheme://host[:port]`, computed by hand: Node's URL gives custom schemes such as `app:` an
 * opaque "null" origin, which would make every app:// URL look alike.
 */
export function originOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.username !== '' || parsed.password !== '' || parsed.host === '') return null;
  return `${parsed.protocol}//${parsed.host}`.toLowerCase();
}

/** Only the top frame of an app window, showing a page of the app's own origin, may call main. */
export function isTrustedSender(sender: SenderInfo, policy: SenderPolicy): boolean {
  if (!sender.isAppWindow || !sender.isTopFrame || sender.url === null) return false;
  const origin = originOf(sender.url);
  return origin !== null && origin === policy.origin.toLowerCase();
}
