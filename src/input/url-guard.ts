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

export function isPublicAddress(address: string): boolean {
  if (!ipaddr().isValid(address)) return false;
  let addr = ipaddr().parse(address);
  if (addr.kind() === 'ipv6' && (addr as IpAddr.IPv6).isIPv4MappedAddress()) addr = (addr as IpAddr.IPv6).toIPv4Address();
  return addr.range() === 'unicast';
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
