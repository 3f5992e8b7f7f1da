/**
 * Issue 21 item 9: an IPv6 literal that embeds a refused IPv4 address (loopback, private,
 * link-local metadata) must be refused like the IPv4 literal itself, whatever transition
 * form carries it; one embedding a public IPv4 address stays allowed.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';
import { ValidationError } from '../../src/errors.js';
import { checkUrl, isPublicAddress } from '../../src/input/url-guard.js';

const refused = [
  '[::127.0.0.1]', // IPv4-compatible
  '[::7f00:1]',
  '[::10.0.0.8]',
  '[::ffff:127.0.0.1]', // IPv4-mapped
  '[::ffff:169.254.169.254]',
  '[::ffff:0:127.0.0.1]', // IPv4-translated (RFC 6145)
  '[64:ff9b::127.0.0.1]', // NAT64 (RFC 6052)
  '[64:ff9b::a9fe:a9fe]',
  '[64:ff9b:1::7f00:1]', // local-use NAT64 (RFC 8215)
  '[2002:7f00:1::]', // 6to4 of 127.0.0.1
  '[2002:c0a8:101::1]', // 6to4 of 192.168.1.1
  '[2001:0:4136:e378:8000:63bf:80ff:fffe]', // Teredo, client 127.0.0.1
  '[2001:0:a00:8:8000:63bf:f7f7:f7f7]', // Teredo, server 10.0.0.8
];

describe('URL guard and IPv6 forms embedding IPv4', () => {
  it('refuses every IPv6 literal that embeds a refused IPv4 address', () => {
    for (const host of refused) {
      expect(() => checkUrl(`http://${host}/a.pdf`, false), host).toThrow(ValidationError);
    }
  });

  it('judges resolved addresses the same way, and keeps public embeddings allowed', () => {
    for (const host of refused) expect(isPublicAddress(host.slice(1, -1)), host).toBe(false);
    for (const ok of ['8.8.8.8', '2606:4700::1111', '64:ff9b::808:808', '2002:808:808::1', '2001:0:4136:e378:8000:63bf:f7f7:f7f7']) {
      expect(isPublicAddress(ok), ok).toBe(true);
    }
  });

  it('the engine refuses such a URL at submission', async () => {
    const engine = createEngine({ workers: 1 });
    try {
      const err = await engine.parse('http://[::127.0.0.1]:9/a.pdf').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ValidationError);
      expect((err as ValidationError).field).toBe('url');
    } finally {
      await engine.close();
    }
  });
});
