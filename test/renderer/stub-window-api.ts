/** A stand-in for main behind `window.api` (what the preload exposes), for page tests that use the real bridge. */
export type MainStub = Record<string, Record<string, (args: never) => unknown>>;

/**
 * Installs `window.api` with one async function per `domain.action` of `main`, answering
 * `{ ok: true, value }` as the preload does, and records every call in `calls`.
 */
export function installWindowApi(
  main: MainStub,
  calls: { channel: string; args: unknown }[],
  extra: Record<string, unknown> = {},
): void {
  const domains = Object.entries(main).map(([domain, actions]) => [
    domain,
    Object.fromEntries(
      Object.entries(actions).map(([action, handler]) => [
        action,
        async (args: never) => {
          calls.push({ channel: `${domain}:${action}`, args });
          return { ok: true, value: handler(args) };
        },
      ]),
    ),
  ]);
  (window as unknown as { api: unknown }).api = { ...extra, ...Object.fromEntries(domains) };
}
