import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { pinnedLookup, safeFetch, USER_AGENT, vetUrl, type ResolvedAddress, type Resolver } from './safe-fetch';
import { FIXTURE_CA, FIXTURE_HOST, refusal, startFixture, type Fixture } from './test-servers';

/** A resolver answering from a table; unknown names fail like NXDOMAIN. */
function fakeResolver(table: Record<string, string[]>, calls: string[] = []): Resolver {
  return {
    lookup: async (host) => {
      calls.push(host);
      const answers = table[host];
      if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
      return answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    },
  };
}

describe('vetUrl', () => {
  const publicDns = fakeResolver({
    'example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    'rebind.example': ['10.0.0.1'],
    'mixed.example': ['93.184.215.14', '10.0.0.1'],
    'mixed6.example': ['93.184.215.14', 'fd00::1'],
    'metadata.example': ['169.254.169.254'],
    'mapped.example': ['::ffff:127.0.0.1'],
    'empty.example': [],
  });

  it.each([
    ['not a url'],
    [''],
    ['example.com/no-scheme'],
    ['ftp://example.com/file.jpg'],
    ['file:///etc/passwd'],
    ['javascript:alert(1)'],
    ['data:image/png;base64,iVBORw0KGgo='],
    ['gopher://example.com/'],
    ['http://user:secret@example.com/'],
    ['http://user@example.com/'],
    ['https://:secret@example.com/'],
  ])('refuses %j as invalid_url', async (url) => {
    const err = await refusal(vetUrl(url, false, { resolver: publicDns }));
    expect(err.reason).toBe('invalid_url');
    expect(err.httpStatus).toBe(400);
  });

  it.each([
    ['http://127.0.0.1/'],
    ['http://127.0.0.1:80/'],
    ['http://127.1/'],
    ['http://0x7f.0.0.1/'],
    ['http://2130706433/'],
    ['http://017700000001/'],
    ['http://0/'],
    ['http://0.0.0.0/'],
    ['http://[::1]/'],
    ['http://[::]/'],
    ['http://[::ffff:127.0.0.1]/'],
    ['http://[::ffff:a9fe:a9fe]/'],
    ['http://[64:ff9b::a9fe:a9fe]/'],
    ['http://[2002:7f00:1::]/'],
    ['http://[fe80::1]/'],
    ['http://[fd00::1]/'],
    ['http://169.254.169.254/latest/meta-data/'],
    ['http://10.0.0.1/'],
    ['http://172.16.5.4/'],
    ['http://192.168.1.1/admin'],
    ['http://100.100.100.200/'],
    ['http://224.0.0.1/'],
    ['http://255.255.255.255/'],
  ])('refuses the non-public literal %s as blocked_address, without DNS', async (url) => {
    const calls: string[] = [];
    const err = await refusal(vetUrl(url, false, { resolver: fakeResolver({}, calls) }));
    expect(err.reason).toBe('blocked_address');
    expect(err.message).toBe("We can't save from this address: it points to a private network.");
    expect(calls).toEqual([]);
  });

  it.each([
    ['http://rebind.example/', 'a public-looking name answering 10.0.0.1'],
    ['http://metadata.example/latest/', 'a name answering the metadata address'],
    ['http://mixed.example/', 'one public and one private IPv4 answer'],
    ['http://mixed6.example/', 'one public IPv4 and one ULA IPv6 answer'],
    ['http://mapped.example/', 'an IPv4-mapped loopback answer'],
  ])('refuses %s (%s)', async (url) => {
    const err = await refusal(vetUrl(url, false, { resolver: publicDns }));
    expect(err.reason).toBe('blocked_address');
  });

  it('refuses localhost, resolved by the real resolver', async () => {
    const err = await refusal(vetUrl('http://localhost/', false));
    expect(err.reason).toBe('blocked_address');
    const upper = await refusal(vetUrl(`http://LOCALHOST:80/`, false));
    expect(upper.reason).toBe('blocked_address');
  });

  it('accepts a public name, keeping every answer', async () => {
    const vetted = await vetUrl('https://Example.com/a/b?c=1#frag', false, { resolver: publicDns });
    expect(vetted.host).toBe('example.com');
    expect(vetted.url.href).toBe('https://example.com/a/b?c=1#frag');
    expect(vetted.addresses.map((a) => a.address)).toEqual(['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c']);
  });

  it('accepts a public IP literal without DNS', async () => {
    const calls: string[] = [];
    const vetted = await vetUrl('http://[2606:4700:4700::1111]/', false, { resolver: fakeResolver({}, calls) });
    expect(vetted.host).toBe('2606:4700:4700::1111');
    expect(vetted.addresses).toEqual([{ address: '2606:4700:4700::1111', family: 6 }]);
    expect(calls).toEqual([]);
  });

  it.each([
    ['http://example.com:80/', true],
    ['http://example.com:443/', true],
    ['https://example.com:443/', true],
    ['https://example.com:80/', true],
    ['https://example.com:8443/', false],
    ['http://example.com:8080/', false],
    ['http://example.com:22/', false],
    ['http://example.com:6379/', false],
  ])('port rule: %s allowed=%s', async (url, ok) => {
    const result = vetUrl(url, false, { resolver: publicDns });
    if (ok) await expect(result).resolves.toBeTruthy();
    else {
      const err = await refusal(result);
      expect(err.reason).toBe('blocked_address');
      expect(err.message).toBe("We can't save from this address: only the usual web ports (80 and 443) can be read.");
    }
  });

  it('names that do not resolve are unreachable', async () => {
    const missing = await refusal(vetUrl('http://nowhere.example/', false, { resolver: publicDns }));
    expect(missing.reason).toBe('unreachable');
    expect(missing.message).toBe("That address can't be reached from here.");
    const empty = await refusal(vetUrl('http://empty.example/', false, { resolver: publicDns }));
    expect(empty.reason).toBe('unreachable');
  });

  it('with allowPrivateAddresses, loopback and any port are allowed (tests only)', async () => {
    const vetted = await vetUrl('http://127.0.0.1:45678/x', true);
    expect(vetted.addresses).toEqual([{ address: '127.0.0.1', family: 4 }]);
    await expect(vetUrl('http://rebind.example:8080/', true, { resolver: publicDns })).resolves.toBeTruthy();
  });

  it('extraAllowedAddresses lets exactly those addresses through, on any port', async () => {
    const opts = { resolver: publicDns, extraAllowedAddresses: ['127.0.0.1'] };
    await expect(vetUrl('http://127.0.0.1:45678/', false, opts)).resolves.toBeTruthy();
    expect((await refusal(vetUrl('http://127.0.0.2/', false, opts))).reason).toBe('blocked_address');
    expect((await refusal(vetUrl('http://[::1]:45678/', false, opts))).reason).toBe('blocked_address');
    // A public host still keeps to ports 80/443.
    expect((await refusal(vetUrl('http://example.com:45678/', false, opts))).reason).toBe('blocked_address');
  });
});

describe('pinnedLookup', () => {
  const addresses: ResolvedAddress[] = [
    { address: '93.184.215.14', family: 4 },
    { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
  ];
  const call = (options: Parameters<ReturnType<typeof pinnedLookup>>[1]) =>
    new Promise<{ err: unknown; address: unknown; family: unknown }>((resolve) =>
      pinnedLookup(addresses)('whatever.example', options, (err, address, family) => resolve({ err, address, family })),
    );

  it('answers with the vetted addresses, whatever the name', async () => {
    expect(await call({})).toEqual({ err: null, address: '93.184.215.14', family: 4 });
    expect(await call({ all: true })).toEqual({ err: null, address: addresses, family: undefined });
    expect(await call({ family: 6 })).toEqual({ err: null, address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 });
    expect(await call({ family: 'IPv4', all: true })).toEqual({ err: null, address: [addresses[0]], family: undefined });
  });

  it('fails when no vetted address has the family asked for', async () => {
    const only4 = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      pinnedLookup([{ address: '93.184.215.14', family: 4 }])('x', { family: 6 }, (err) => resolve(err)),
    );
    expect(only4?.code).toBe('ENOTFOUND');
  });
});

describe('safeFetch against local fixtures', () => {
  let site: Fixture;
  let tls: Fixture;
  const bigBody = Buffer.alloc(50_000, 'a');

  beforeAll(async () => {
    site = await startFixture((req, res) => {
      const url = new URL(req.url ?? '/', 'http://fixture');
      const path = url.pathname;
      const hops = Number(url.searchParams.get('n') ?? '0');
      if (path === '/page') {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end('<html><title>Hello</title></html>');
      } else if (path === '/r1') {
        res.writeHead(301, { Location: '/r2?x=1' });
        res.end();
      } else if (path === '/r2') {
        res.writeHead(302, { Location: `http://127.0.0.1:${site.port}/r3` });
        res.end();
      } else if (path === '/r3') {
        res.writeHead(307, { Location: 'page' });
        res.end('moved');
      } else if (path === '/chain') {
        // /chain?n=K redirects K times, then lands on /page.
        res.writeHead(303, { Location: hops > 1 ? `/chain?n=${hops - 1}` : '/page' });
        res.end();
      } else if (path === '/loop') {
        res.writeHead(308, { Location: '/loop' });
        res.end();
      } else if (path === '/to-metadata') {
        res.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/iam/security-credentials/' });
        res.end();
      } else if (path === '/to-loopback6') {
        res.writeHead(302, { Location: `http://[::1]:${site.port}/page` });
        res.end();
      } else if (path === '/to-rebind') {
        res.writeHead(302, { Location: 'http://rebind.example/' });
        res.end();
      } else if (path === '/to-file') {
        res.writeHead(302, { Location: 'file:///etc/passwd' });
        res.end();
      } else if (path === '/to-credentials') {
        res.writeHead(302, { Location: 'http://admin:admin@example.com/' });
        res.end();
      } else if (path === '/redirect-without-location') {
        res.writeHead(302);
        res.end();
      } else if (path === '/big-with-length') {
        res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': String(bigBody.length) });
        res.end(bigBody);
      } else if (path === '/big-chunked') {
        res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
        // Written in pieces, no Content-Length: the limit must hold while streaming.
        let sent = 0;
        const more = () => {
          if (sent >= bigBody.length) return res.end();
          res.write(bigBody.subarray(sent, sent + 5000), more);
          sent += 5000;
        };
        more();
      } else if (path === '/exact') {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.end(Buffer.alloc(1000, 'x'));
      } else if (path === '/gzip') {
        res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Encoding': 'gzip' });
        res.end(gzipSync('<p>compressed</p>'));
      } else if (path === '/gzip-bomb') {
        const bomb = gzipSync(Buffer.alloc(2_000_000));
        res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Encoding': 'gzip', 'Content-Length': String(bomb.length) });
        res.end(bomb);
      } else if (path === '/weird-encoding') {
        res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Encoding': 'zstd-or-whatever' });
        res.end('????');
      } else if (path === '/not-found') {
        res.writeHead(404, { 'Content-Type': 'text/html' });
        res.end('<h1>Not found</h1>');
      } else if (path === '/server-error') {
        res.writeHead(500);
        res.end();
      } else if (path === '/silent') {
        // Never answers.
      } else if (path === '/stall-body') {
        res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Length': '1000' });
        res.write('<html>');
      } else if (path === '/hang-up') {
        req.socket.destroy();
      } else if (path === '/echo-headers') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(req.headers));
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    tls = await startFixture(
      (req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ host: req.headers.host, servername: (req.socket as { servername?: string }).servername }));
      },
      { tls: true },
    );
  });

  afterAll(async () => {
    await site.close();
    await tls.close();
  });

  const allow = { allowPrivateAddresses: true, maxBytes: 10_000 } as const;

  describe('address rule', () => {
    it('refuses the loopback fixture when private addresses are not allowed, before any request', async () => {
      const before = site.requests.length;
      const err = await refusal(safeFetch(`${site.origin}/page`, { maxBytes: 10_000 }));
      expect(err.reason).toBe('blocked_address');
      expect(err.httpStatus).toBe(400);
      const viaName = await refusal(safeFetch(`http://localhost:${site.port}/page`, { maxBytes: 10_000 }));
      expect(viaName.reason).toBe('blocked_address');
      expect(site.requests.length).toBe(before);
    });

    it('fetches the fixture when private addresses are allowed', async () => {
      const res = await safeFetch(`${site.origin}/page`, allow);
      expect(res).toEqual({
        finalUrl: `${site.origin}/page`,
        status: 200,
        contentType: 'text/html; charset=utf-8',
        body: Buffer.from('<html><title>Hello</title></html>'),
      });
    });

    it('sends our User-Agent, the Accept asked for and the Host of the URL', async () => {
      const res = await safeFetch(`${site.origin}/echo-headers`, { ...allow, accept: 'text/html' });
      const headers = JSON.parse(res.body.toString()) as Record<string, string>;
      expect(headers['user-agent']).toBe(USER_AGENT);
      expect(headers['user-agent']).toMatch(/^PinboardBot\/1\.0 /);
      expect(headers.accept).toBe('text/html');
      expect(headers.host).toBe(`127.0.0.1:${site.port}`);
    });

    it('connects to the vetted answer, not a later one (DNS rebinding), keeping the Host header', async () => {
      // First answer: the fixture (allowed for this test); any later answer would be private.
      const calls: string[] = [];
      const rebinding: Resolver = {
        lookup: async (host) => {
          calls.push(host);
          return [{ address: calls.length === 1 ? '127.0.0.1' : '10.0.0.1', family: 4 }];
        },
      };
      const res = await safeFetch(`http://rebinding.test:${site.port}/echo-headers`, {
        maxBytes: 10_000,
        resolver: rebinding,
        extraAllowedAddresses: ['127.0.0.1'],
      });
      expect(JSON.parse(res.body.toString())).toMatchObject({ host: `rebinding.test:${site.port}` });
      expect(calls).toEqual(['rebinding.test']);
    });

    it('over HTTPS, connects to the vetted address with the URL host as TLS server name and Host', async () => {
      const resolver = fakeResolver({ [FIXTURE_HOST]: ['127.0.0.1'] });
      const res = await safeFetch(`https://${FIXTURE_HOST}:${tls.port}/`, { ...allow, resolver, ca: FIXTURE_CA });
      expect(JSON.parse(res.body.toString())).toEqual({ host: `${FIXTURE_HOST}:${tls.port}`, servername: FIXTURE_HOST });
      expect(res.finalUrl).toBe(`https://${FIXTURE_HOST}:${tls.port}/`);
    });

    it('over HTTPS, still verifies the certificate', async () => {
      const resolver = fakeResolver({ [FIXTURE_HOST]: ['127.0.0.1'], 'other.test': ['127.0.0.1'] });
      const untrusted = await refusal(safeFetch(`https://${FIXTURE_HOST}:${tls.port}/`, { ...allow, resolver }));
      expect(untrusted.reason).toBe('unreachable');
      const wrongName = await refusal(safeFetch(`https://other.test:${tls.port}/`, { ...allow, resolver, ca: FIXTURE_CA }));
      expect(wrongName.reason).toBe('unreachable');
    });
  });

  describe('redirects', () => {
    it('follows a chain of relative and absolute redirects', async () => {
      const res = await safeFetch(`${site.origin}/r1`, allow);
      expect(res.finalUrl).toBe(`${site.origin}/page`);
      expect(res.body.toString()).toContain('Hello');
    });

    it('follows up to maxRedirects (default 5) and no more', async () => {
      const five = await safeFetch(`${site.origin}/chain?n=5`, allow);
      expect(five.finalUrl).toBe(`${site.origin}/page`);
      const six = await refusal(safeFetch(`${site.origin}/chain?n=6`, allow));
      expect(six.reason).toBe('too_many_redirects');
      expect(six.httpStatus).toBe(400);
      const none = await refusal(safeFetch(`${site.origin}/chain?n=1`, { ...allow, maxRedirects: 0 }));
      expect(none.reason).toBe('too_many_redirects');
      await expect(safeFetch(`${site.origin}/chain?n=2`, { ...allow, maxRedirects: 2 })).resolves.toBeTruthy();
    });

    it('a redirect loop is too_many_redirects', async () => {
      const before = site.requests.length;
      const err = await refusal(safeFetch(`${site.origin}/loop`, allow));
      expect(err.reason).toBe('too_many_redirects');
      expect(err.message).toBe('That link redirects too many times.');
      expect(site.requests.length - before).toBe(6);
    });

    describe('every hop is vetted again (fixture allowed by address, everything else by the public rule)', () => {
      const onlyFixture = () => ({
        maxBytes: 10_000,
        extraAllowedAddresses: ['127.0.0.1'],
        resolver: fakeResolver({ 'rebind.example': ['10.0.0.1'] }),
      });

      it('the fixture itself is reachable this way', async () => {
        await expect(safeFetch(`${site.origin}/r1`, onlyFixture())).resolves.toMatchObject({ status: 200 });
      });

      it.each([
        ['/to-metadata', 'blocked_address'],
        ['/to-loopback6', 'blocked_address'],
        ['/to-rebind', 'blocked_address'],
        ['/to-file', 'invalid_url'],
        ['/to-credentials', 'invalid_url'],
      ])('a redirect to %s is refused as %s', async (path, reason) => {
        const err = await refusal(safeFetch(`${site.origin}${path}`, onlyFixture()));
        expect(err.reason).toBe(reason);
      });
    });

    it('a redirect status without Location is an http_error', async () => {
      expect((await refusal(safeFetch(`${site.origin}/redirect-without-location`, allow))).reason).toBe('http_error');
    });
  });

  describe('size limit', () => {
    it('refuses a larger Content-Length up front (413)', async () => {
      const err = await refusal(safeFetch(`${site.origin}/big-with-length`, allow));
      expect(err.reason).toBe('too_large');
      expect(err.httpStatus).toBe(413);
      expect(err).toBeInstanceOf(AppError);
      expect(err.message).toBe('That page is too large.');
    });

    it('refuses a streamed body without Content-Length once it passes maxBytes', async () => {
      const err = await refusal(safeFetch(`${site.origin}/big-chunked`, allow));
      expect(err.reason).toBe('too_large');
      const image = await refusal(safeFetch(`${site.origin}/big-chunked`, { ...allow, subject: 'image' }));
      expect(image.message).toBe('That image is too large.');
    });

    it('accepts a body of exactly maxBytes', async () => {
      const res = await safeFetch(`${site.origin}/exact`, { ...allow, maxBytes: 1000 });
      expect(res.body.length).toBe(1000);
      expect((await refusal(safeFetch(`${site.origin}/exact`, { ...allow, maxBytes: 999 }))).reason).toBe('too_large');
    });

    it('decodes gzip, and counts the decoded bytes (no decompression bombs)', async () => {
      const res = await safeFetch(`${site.origin}/gzip`, allow);
      expect(res.body.toString()).toBe('<p>compressed</p>');
      const bomb = await refusal(safeFetch(`${site.origin}/gzip-bomb`, allow));
      expect(bomb.reason).toBe('too_large');
    });

    it('refuses an unknown Content-Encoding', async () => {
      expect((await refusal(safeFetch(`${site.origin}/weird-encoding`, allow))).reason).toBe('http_error');
    });

    it('readBody: false skips the body, and with it the size limit', async () => {
      const heads: unknown[] = [];
      const res = await safeFetch(`${site.origin}/big-with-length`, {
        ...allow,
        readBody: (head) => {
          heads.push(head);
          return false;
        },
      });
      expect(res.body.length).toBe(0);
      expect(res.contentType).toBe('application/octet-stream');
      expect(heads).toEqual([{ finalUrl: `${site.origin}/big-with-length`, status: 200, contentType: 'application/octet-stream', contentLength: 50_000 }]);
    });
  });

  describe('failures', () => {
    it.each([['/not-found'], ['/server-error']])('%s is an http_error', async (path) => {
      const err = await refusal(safeFetch(`${site.origin}${path}`, allow));
      expect(err.reason).toBe('http_error');
      expect(err.httpStatus).toBe(400);
    });

    it('a server that never answers times out', async () => {
      const err = await refusal(safeFetch(`${site.origin}/silent`, { ...allow, timeoutMs: 300 }));
      expect(err.reason).toBe('timeout');
      expect(err.message).toBe('That page took too long to answer.');
    });

    it('a body that stalls times out', async () => {
      const err = await refusal(safeFetch(`${site.origin}/stall-body`, { ...allow, timeoutMs: 300 }));
      expect(err.reason).toBe('timeout');
    });

    it('a slow DNS answer times out', async () => {
      const slow: Resolver = { lookup: () => new Promise(() => {}) };
      const err = await refusal(safeFetch('http://slow-dns.example/', { maxBytes: 10, timeoutMs: 200, resolver: slow }));
      expect(err.reason).toBe('timeout');
    });

    it('a closed port is unreachable', async () => {
      const port = await freePort();
      const err = await refusal(safeFetch(`http://127.0.0.1:${port}/`, allow));
      expect(err.reason).toBe('unreachable');
    });

    it('a server that hangs up is unreachable', async () => {
      const err = await refusal(safeFetch(`${site.origin}/hang-up`, allow));
      expect(err.reason).toBe('unreachable');
    });
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
