/**
 * Server-side request forgery guard for URL inputs. Only http(s); the host's resolved
 * addresses must all be public unless the engine allows private ones. The check runs in
 * the socket's own DNS lookup, so the address validated is the address connected to.
 */
import dns from 'node:dns';
import { createRequire } from 'node:module';
import type * as IpAddr from 'ipaddr.js';
import type { LookupFunction } from 'node:net';
import { ValidationError } from '../errors.js';

const require = createRequire(import.meta.url);
let ipaddrModule: typeof IpAddr | undefined;

/**
 * ipaddr.js is CommonJS: an ESM import of it runs Node's export scanner, whose optimised
 * compilation cost `quire --help` 75 ms of its 195 ms of CPU, for a module
 * only URL inputs need. Required on first use instead.
 */
function ipaddr(): typeof IpAddr {
  return (ipaddrModule ??= require('ipaddr.js') as typeof IpAddr);
}

const BLOCKED_HOSTS = new Set(['localhost', 'metadata.google.internal', 'metadata']);

/**
 * The IPv4 addresses an IPv6 address carries inside it, by the transition forms that
 * route to them: IPv4-compatible (::a.b.c.d, deprecated but still honoured by some
 * stacks), IPv4-mapped (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d), NAT64
 * (64:ff9b::/96), 6to4 (2002:AABB:CCDD::/16) and Teredo (server and obfuscated client).
 * `null` means a form whose embedding cannot be read unambiguously (local-use NAT64
 * 64:ff9b:1::/48 puts the IPv4 address where its operator chose): refused outright.
 */
function embeddedIPv4(addr: IpAddr.IPv6): string[] | null {
  const p = addr.parts;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  const zeros = (from: number, to: number) => p.slice(from, to).every((x) => x === 0);
  if (zeros(0, 6)) return p[6] === 0 && p[7]! <= 1 ? [] : [v4(p[6]!, p[7]!)];
  if (zeros(0, 5) && p[5] === 0xffff) return [v4(p[6]!, p[7]!)];
  if (zeros(0, 4) && p[4] === 0xffff && p[5] === 0) return [v4(p[6]!, p[7]!)];
  if (p[0] === 0x64 && p[1] === 0xff9b && zeros(2, 6)) return [v4(p[6]!, p[7]!)];
  if (p[0] === 0x64 && p[1] === 0xff9b && p[2] === 1) return null;
  if (p[0] === 0x2002) return [v4(p[1]!, p[2]!)];
  if (p[0] === 0x2001 && p[1] === 0) return [v4(p[2]!, p[3]!), v4(~p[6]! & 0xffff, ~p[7]! & 0xffff)];
  return [];
}

/**
 * True only for a globally routable unicast address. An IPv6 address that embeds an IPv4
 * address is judged by the IPv4 addresses it embeds (every one must be public), so
 * `[::127.0.0.1]`, `[::ffff:169.254.169.254]`, `[64:ff9b::10.0.0.1]` or `[2002:7f00:1::]`
 * reach nothing an IPv4 literal could not.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr().isValid(address)) return false;
  const addr = ipaddr().parse(address);
  if (addr.kind() === 'ipv4') return addr.range() === 'unicast';
  // parse() reads "::a.b.c.d" as IPv4-mapped; the parts hold what was written.
  const v6 = addr as IpAddr.IPv6;
  const embedded = embeddedIPv4(v6);
  if (embedded === null) return false;
  if (embedded.length > 0) return embedded.every((a) => ipaddr().IPv4.parse(a).range() === 'unicast');
  return v6.range() === 'unicast';
}

/** Validate a URL's syntax and literal host at submission time. */
export function checkUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ValidationError('url', `invalid url: ${raw}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ValidationError('url', `invalid url: scheme ${url.protocol} is not allowed (http or https only)`);
  if (url.username || url.password) throw new ValidationError('url', 'invalid url: credentials in URLs are not allowed');
  if (allowPrivate) return url;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (BLOCKED_HOSTS.has(host) || host.endsWith('.localhost') || host.endsWith('.internal')) {
    throw new ValidationError('url', `invalid url: host ${host} is not allowed`);
  }
  if (ipaddr().isValid(host) && !isPublicAddress(host)) {
    throw new ValidationError('url', `invalid url: ${host} is a private, loopback, link-local or metadata address`);
  }
  return url;
}

/** A dns.lookup replacement that refuses non-public results. */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as dns.LookupAddress[];
      const bad = list.find((a) => !allowPrivate && !isPublicAddress(a.address));
      if (bad) {
        const e = Object.assign(new Error(`${hostname} resolves to a non-public address (${bad.address})`), { code: 'EADDRNOTALLOWED' });
        return callback(e, '', 0);
      }
      if ((options as dns.LookupOptions).all) return callback(null, list as never);
      const first = list[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
      callback(null, first.address, first.family);
    });
  };
}
