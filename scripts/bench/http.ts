/**
 * A tiny cookie-jar client for the bench's setup and verification requests
 * (fetch), speaking the resource layer the way the web app does: a GET hands
 * out the csrftoken cookie, unsafe methods echo it in X-CSRFToken. And
 * `sendRaw`, which sends one request exactly as autocannon will (node:http,
 * only the given headers) and keeps the answer byte for byte.
 */
import http from 'node:http';

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

/** An answer as it came over the wire: status, headers in order and case, and the (de-chunked) body. */
export interface RawReply extends Reply {
  rawHeaders: string[];
  body: Buffer;
}

const rawAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One request with exactly these headers (plus Host and the body's Content-Length), over a kept-alive connection like autocannon's. */
export function sendRaw(url: string, method: string, headers: Record<string, string>, body?: Buffer): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, agent: rawAgent, headers: body ? { 'content-length': String(body.length), ...headers } : headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const h = new Headers();
        for (let i = 0; i < res.rawHeaders.length; i += 2) h.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
        const text = bytes.toString('utf8');
        let json: unknown = undefined;
        if ((h.get('content-type') ?? '').includes('json')) json = JSON.parse(text);
        resolve({ status: res.statusCode ?? 0, headers: h, text, json, rawHeaders: res.rawHeaders, body: bytes });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

export class BenchClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly base: string) {}

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** Headers a load generator must send to be this client (cookies, and the CSRF header for unsafe methods). */
  headersFor(method: 'GET' | 'POST'): Record<string, string> {
    const h: Record<string, string> = { cookie: this.cookieHeader() };
    if (method !== 'GET') h['x-csrftoken'] = this.cookies.get('csrftoken') ?? '';
    return h;
  }

  async request(method: 'GET' | 'POST', path: string, opts: { body?: Buffer | string; headers?: Record<string, string> } = {}) {
    const res = await fetch(this.base + path, {
      method,
      headers: { ...this.headersFor(method), ...opts.headers },
      body: opts.body,
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq < 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /max-age=0\b/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let json: unknown = undefined;
    if ((res.headers.get('content-type') ?? '').includes('json')) json = JSON.parse(text);
    return { status: res.status, headers: res.headers, text, json } satisfies Reply;
  }

  static resourcePath(name: string, action: 'get' | 'create', options: Record<string, unknown> = {}) {
    const base = `/resource/${name}/${action}/`;
    return action === 'get' ? `${base}?data=${encodeURIComponent(JSON.stringify({ options }))}` : base;
  }

  async resource(name: string, action: 'get' | 'create', options: Record<string, unknown> = {}) {
    const path = BenchClient.resourcePath(name, action, options);
    return action === 'get'
      ? this.request('GET', path)
      : this.request('POST', path, { body: JSON.stringify({ options }), headers: { 'content-type': 'application/json' } });
  }
}

/** multipart/form-data with an `options` JSON field and one file field, as a browser form would send it. */
export function multipartBody(fields: Record<string, string>, file: { field: string; filename: string; contentType: string; data: Buffer }) {
  const boundary = `----PinboardBench${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
