import { describe, expect, it } from 'vitest';
import { buildRoutes, ENDPOINTS, type Endpoint } from '../../../../src-main/node/http/routes';
import type { NodeServices } from '../../../../src-main/node/http/services';
import { makeRequest } from '../../../../src-main/node/http/request';

/** The endpoint table: which paths each row serves and which methods they answer. */
const services = (adminApi: boolean): NodeServices => ({ config: { dev: true, adminApi } }) as unknown as NodeServices;
const reply =
  (label: string): Endpoint['handler'] =>
  (_s, solidity) =>
  () =>
    `${label}:${solidity}`;

describe('the endpoint table', () => {
  it('serves wallet rows on /wallet, wallet+solidity rows on both prefixes, admin and tre rows only with adminApi', () => {
    const endpoints: Endpoint[] = [
      { name: 'a', scope: 'wallet', get: 'same', input: 'reader', handler: reply('a') },
      { name: 'b', scope: 'wallet+solidity', get: 'same', input: 'reader', handler: reply('b') },
      { name: 'c', scope: 'admin', get: 'refused', input: 'reader', handler: reply('c') },
      { name: 'd', scope: 'tre', get: 'refused', input: 'reader', handler: reply('d') },
    ];
    expect([...buildRoutes(services(true), endpoints).keys()]).toEqual([
      '/wallet/a',
      '/wallet/b',
      '/walletsolidity/b',
      '/admin/c',
      '/d',
    ]);
    expect([...buildRoutes(services(false), endpoints).keys()]).toEqual([
      '/wallet/a',
      '/wallet/b',
      '/walletsolidity/b',
    ]);
  });

  it('builds the /walletsolidity handler for the solidified block', () => {
    const routes = buildRoutes(services(false), [
      { name: 'b', scope: 'wallet+solidity', get: 'same', input: 'reader', handler: reply('b') },
    ]);
    expect(routes.get('/wallet/b')!.post!({} as never)).toBe('b:false');
    expect(routes.get('/walletsolidity/b')!.post!({} as never)).toBe('b:true');
  });

  it('answers GET with the handler, an empty 200 or nothing (405), as the row says', () => {
    const routes = buildRoutes(services(false), [
      { name: 'same', scope: 'wallet', get: 'same', input: 'reader', handler: reply('same') },
      { name: 'empty', scope: 'wallet', get: 'empty', input: 'reader', handler: reply('empty') },
      { name: 'refused', scope: 'wallet', get: 'refused', input: 'reader', handler: reply('refused') },
    ]);
    const same = routes.get('/wallet/same')!;
    expect(same.get).toBe(same.post);
    expect(routes.get('/wallet/empty')!.get).toBe('empty');
    expect(routes.get('/wallet/refused')!.get).toBeUndefined();
    expect(routes.get('/wallet/refused')!.post!({} as never)).toBe('refused:false');
  });

  it('hands a postParams row a form as JSON and a query row no body at all (PostParams.getPostParams, a doPost that calls doGet)', async () => {
    const seen =
      (label: string): Endpoint['handler'] =>
      () =>
      (req) =>
        `${label}:${req.text()}:${req.text().startsWith('{') || req.text() === '' ? req.visible() : 'not JSON'}`;
    const routes = buildRoutes(services(false), [
      { name: 'form', scope: 'wallet', get: 'empty', input: 'postParams', handler: seen('form') },
      { name: 'raw', scope: 'wallet', get: 'empty', input: 'reader', handler: seen('raw') },
      { name: 'now', scope: 'wallet', get: 'same', input: 'query', handler: seen('now') },
    ]);
    const form = 'application/x-www-form-urlencoded';
    const post = (path: string, contentType: string, body: string, query = ''): unknown =>
      routes.get(path)!.post!(makeRequest('POST', new URL(`http://localhost${path}${query}`), body, contentType));
    expect(post('/wallet/form', form, 'address=41ab&visible=true')).toBe(
      'form:{"address":"41ab","visible":"true"}:true',
    );
    // Only exactly application/x-www-form-urlencoded is converted, and only by PostParams servlets.
    expect(post('/wallet/form', `${form}; charset=UTF-8`, 'address=41ab')).toBe('form:address=41ab:not JSON');
    expect(post('/wallet/raw', form, 'address=41ab')).toBe('raw:address=41ab:not JSON');
    expect(post('/wallet/now', 'application/json', '{"visible":true}')).toBe('now::false');
    expect(post('/wallet/now', 'application/json', '{"visible":true}', '?visible=true')).toBe('now::true');
  });

  it('refuses a table that lists a path twice', () => {
    const row: Endpoint = { name: 'a', scope: 'wallet', get: 'same', input: 'reader', handler: reply('a') };
    expect(() => buildRoutes(services(false), [row, { ...row, scope: 'wallet+solidity' }])).toThrow(
      'The endpoint table lists /wallet/a twice.',
    );
  });

  it("lists every endpoint of the node once, java-tron's builders, reads, contracts and the dev-mode admin ones", () => {
    const paths = [...buildRoutes(services(true)).keys()];
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/wallet/createtransaction',
        '/walletsolidity/getaccount',
        '/wallet/freezebalancev2',
        '/walletsolidity/getReward',
        '/wallet/triggersmartcontract',
        '/wallet/clearabi',
        '/admin/dryrun',
        '/tre',
      ]),
    );
    expect(paths).toHaveLength(ENDPOINTS.reduce((n, e) => n + (e.scope === 'wallet+solidity' ? 2 : 1), 0));
  });
});
