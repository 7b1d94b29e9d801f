import dgram from 'node:dgram';
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import tls from 'node:tls';

/**
 * Counts every way a Node process opens a connection or a listening socket, by patching the
 * built-ins at their lowest common points: TCP connects (http, https, undici's fetch and tls all
 * end in `net.Socket#connect`), listening servers, UDP sockets, DNS lookups and `fetch` itself.
 * Each patched call is recorded and refused, so nothing leaves the process while the spy is on.
 */
export interface NetworkSpy {
  readonly calls: readonly string[];
  restore(): void;
}

type Patch = [target: object, key: string];

export function spyOnNetwork(): NetworkSpy {
  const calls: string[] = [];
  const patches: Patch[] = [
    [net.Socket.prototype, 'connect'],
    [net, 'connect'],
    [net, 'createConnection'],
    [net.Server.prototype, 'listen'],
    [tls, 'connect'],
    [http, 'request'],
    [http, 'get'],
    [https, 'request'],
    [https, 'get'],
    [dgram, 'createSocket'],
    [dns, 'lookup'],
    [dns, 'resolve'],
    [dns.promises, 'lookup'],
    [dns.promises, 'resolve'],
    [globalThis, 'fetch'],
  ];
  const originals = patches.map(([target, key]) => (target as Record<string, unknown>)[key]);
  patches.forEach(([target, key], i) => {
    const name = `${i}:${key}`;
    (target as Record<string, unknown>)[key] = function refused() {
      calls.push(name);
      throw new Error(`network call refused by the test: ${name}`);
    };
  });
  syncBuiltinESMExports();
  return {
    calls,
    restore() {
      patches.forEach(([target, key], i) => {
        (target as Record<string, unknown>)[key] = originals[i];
      });
      syncBuiltinESMExports();
    },
  };
}
