import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, readCspMeta, replaceCspMeta } from '../../../src-main/app/csp';

const directives = (policy: string) =>
  new Map(policy.split('; ').map((part) => [part.split(' ')[0], part.slice(part.indexOf(' ') + 1)]));

describe('content security policy', () => {
  it('allows no inline code, no eval and no network in production', () => {
    const policy = contentSecurityPolicy();
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes|\*/);
    const map = directives(policy);
    expect(map.get('default-src')).toBe("'none'");
    expect(map.get('script-src')).toBe("'self'");
    expect(map.get('style-src')).toBe("'self'");
    expect(map.get('connect-src')).toBe("'none'");
    expect(map.get('object-src')).toBe("'none'");
    expect(map.get('frame-ancestors')).toBe("'none'");
  });

  it('leaves frame-ancestors out of the <meta> form, where browsers ignore it', () => {
    expect(contentSecurityPolicy({ delivery: 'meta' })).not.toContain('frame-ancestors');
  });

  it('is the policy written in src-renderer/index.html', () => {
    const html = readFileSync(resolve(import.meta.dirname, '../../../src-renderer/index.html'), 'utf8');
    expect(readCspMeta(html)).toBe(contentSecurityPolicy({ delivery: 'meta' }));
  });

  it('changes only connect-src when the harness adds its socket', () => {
    const production = directives(contentSecurityPolicy());
    const harness = directives(contentSecurityPolicy({ connectSources: ['ws://127.0.0.1:4000'] }));
    expect(harness.get('connect-src')).toBe('ws://127.0.0.1:4000');
    harness.delete('connect-src');
    production.delete('connect-src');
    expect(harness).toEqual(production);
  });

  it('replaces the <meta> policy and refuses pages without one', () => {
    const html = '<head><meta http-equiv="Content-Security-Policy" content="default-src *" /></head>';
    expect(readCspMeta(replaceCspMeta(html, "default-src 'none'"))).toBe("default-src 'none'");
    expect(() => replaceCspMeta('<head></head>', "default-src 'none'")).toThrow(/no Content-Security-Policy/);
  });
});
