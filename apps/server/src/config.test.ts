import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  it('has defaults for the embedded setup', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, host: 'localhost', databaseUrl: undefined, seedDemo: true, publicUrl: 'http://localhost:3000' });
    expect(c.dataDir).toMatch(/data$/);
  });

  it('reads every variable and refuses bad values with their names', () => {
    const c = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://x/y',
      SEED_DEMO: 'false',
      LOGIN_RATE_LIMIT_ACCOUNT: '5',
      PUBLIC_URL: 'https://pins.example/',
    });
    expect(c).toMatchObject({ port: 8080, databaseUrl: 'postgres://x/y', seedDemo: false, publicUrl: 'https://pins.example' });
    expect(c.loginRateLimit.perAccount).toBe(5);
    expect(loadConfig({}).loginRateLimit).toEqual({ perAccount: 30, accountWindowSeconds: 3600, perClient: 10, windowSeconds: 900 });
    expect(() => loadConfig({ LOGIN_RATE_LIMIT_ACCOUNT_WINDOW_SECONDS: '0' })).toThrow(/LOGIN_RATE_LIMIT_ACCOUNT_WINDOW_SECONDS/);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
  });

  it('serves metrics on METRICS_PORT, 9464 unless set, none with 0, and refuses a port that is not one', () => {
    expect(loadConfig({}).metricsPort).toBe(9464);
    expect(loadConfig({ METRICS_PORT: '9100' }).metricsPort).toBe(9100);
    expect(loadConfig({ METRICS_PORT: '0' }).metricsPort).toBeNull();
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: 'on' })).toThrow(/METRICS_PORT/);
  });

  it('keeps media on disk unless S3_BUCKET is set, and reads the S3 settings and MEDIA_PUBLIC_URL', () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(loadConfig({}).mediaPublicUrl).toBeNull();
    expect(loadConfig({ S3_BUCKET: 'pins' }).s3).toEqual({
      bucket: 'pins',
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    });
    const c = loadConfig({
      S3_BUCKET: 'pins',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'eu-central-1',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      MEDIA_PUBLIC_URL: 'https://cdn.pins.example/',
    });
    expect(c.s3).toEqual({
      bucket: 'pins',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-central-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(c.mediaPublicUrl).toBe('https://cdn.pins.example');
    expect(() => loadConfig({ S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => loadConfig({ S3_BUCKET: 'pins', S3_ACCESS_KEY_ID: 'id' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ MEDIA_PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/MEDIA_PUBLIC_URL/);
  });

  it('seeds demo content on the embedded database only, unless SEED_DEMO says', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('reads the VAPID keys in pairs, and a subject push services take (decision 088)', () => {
    const pub = `B${'A'.repeat(86)}`;
    const priv = 'A'.repeat(43);
    expect(loadConfig({}).vapidKeys).toBeNull();
    expect(loadConfig({ VAPID_PUBLIC_KEY: pub, VAPID_PRIVATE_KEY: priv }).vapidKeys).toEqual({ publicKey: pub, privateKey: priv });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pub })).toThrow(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: priv })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://pins.example' })).toThrow(/VAPID_SUBJECT/);
    expect(loadConfig({}).vapidSubject).toBe('mailto:no-reply@localhost');
    expect(loadConfig({ PUBLIC_URL: 'https://pins.example' }).vapidSubject).toBe('https://pins.example');
    expect(loadConfig({ MAIL_FROM: 'Pins <hello@pins.example>' }).vapidSubject).toBe('mailto:hello@pins.example');
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:ops@pins.example' }).vapidSubject).toBe('mailto:ops@pins.example');
  });

  it('never lets Argon2 memory drop below 19 MiB', () => {
    expect(loadConfig({ ARGON2_MEMORY_KIB: '1024' }).argon2MemoryKib).toBe(19456);
  });
});
