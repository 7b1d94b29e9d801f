/** What the app's screens need to show something real: a vault account and a transaction it sent. */
export interface ScreenSeed {
  readonly owner: string;
  readonly txid: string;
}

/**
 * Every screen of the app as a route, one each, for the suites that look at all of them
 * (accessibility, layout, keyboard): the builder once plain and once with the token form, and the
 * pages that show one thing (permissions, a transaction, a block) on something the seed holds.
 */
export function screenRoutes(seed: ScreenSeed): readonly string[] {
  return [
    '/',
    '/node',
    '/build/trx-transfer',
    `/build/trc20-transfer?owner=${seed.owner}`,
    '/contracts',
    '/cosign',
    '/history',
    '/watch',
    '/address-book',
    '/payouts',
    `/permissions/${seed.owner}`,
    `/tx/${seed.txid}`,
    '/block/1',
    '/security',
    '/about',
  ];
}
