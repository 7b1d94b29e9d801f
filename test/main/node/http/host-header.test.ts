import { describe, expect, it } from 'vitest';
import { hostAllowed, isLoopbackOrigin, parseHostHeader } from '@main/node/http/host-header';

/** RFC 7230 §5.4 Host = uri-host [ ":" port ], uri-host from RFC 3986 §3.2.2. */
describe('the Host header', () => {
  it.each([
    ['127.0.0.1:8090', { name: '127.0.0.1', port: '8090' }],
    ['localhost', { name: 'localhost' }],
    ['LOCALHOST:80', { name: 'localhost', port: '80' }],
    ['[::1]:8090', { name: '[::1]', port: '8090' }],
    ['[::1]', { name: '[::1]' }],
    ['localhost:', { name: 'localhost', port: '' }],
    ['my%2dnode.localhost:1', { name: 'my%2dnode.localhost', port: '1' }],
  ])('parses %s', (header, parsed) => {
    expect(parseHostHeader(header)).toEqual(parsed);
  });

  it.each([
    '127.0.0.1:80@evil.com',
    'user@127.0.0.1',
    'localhost:abc',
    'localhost:80:81',
    '[::1',
    '[::1]x',
    '[::1]:80a',
    '[v1.fe]:80',
    '[127.0.0.1]',
    '127.0.0.1/evil',
    'local host',
    'bad%zz',
  ])('refuses to parse %s', (header) => {
    expect(parseHostHeader(header)).toBeNull();
  });

  it('answers loopback names with or without a port, and names the operator allowed', () => {
    for (const header of ['127.0.0.1:8090', 'localhost', '[::1]:8090', 'app.localhost:3000'])
      expect(hostAllowed(header, [])).toBe(true);
    expect(hostAllowed('node.lan:8090', ['Node.LAN'])).toBe(true);
  });

  it('refuses other names, malformed headers and a missing header', () => {
    for (const header of ['127.0.0.1:80@evil.com', 'localhost:abc', '[::1', 'evil.com', '127.0.0.2', '', undefined])
      expect(hostAllowed(header, [])).toBe(false);
    expect(hostAllowed('evil.com', ['node.lan'])).toBe(false);
  });

  it('tells loopback page origins from others', () => {
    expect(isLoopbackOrigin('http://localhost:5173')).toBe(true);
    expect(isLoopbackOrigin('https://[::1]:8443')).toBe(true);
    expect(isLoopbackOrigin('https://evil.example')).toBe(false);
    expect(isLoopbackOrigin('null')).toBe(false);
    expect(isLoopbackOrigin('file://localhost')).toBe(false);
  });
});
