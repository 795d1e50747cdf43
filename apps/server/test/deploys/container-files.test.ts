/**
 * The container files (decision 103) against the code they run. No container runtime runs here,
 * so the files are read: the Dockerfile, compose.yaml and the load balancer's deploy/haproxy.cfg
 * set only settings config.ts reads (and values it accepts), the image starts the server with
 * `npm start`'s command as a user other than root, keeps DATA_DIR in the volume /data, and the
 * ports and probe paths agree with each other and with routes the app answers.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_ENV_NAMES, loadConfig } from '../../src/config';
import { buildTestApp, type TestApp } from '../test-app';

const read = (path: string) => readFileSync(new URL(`../../../../${path}`, import.meta.url), 'utf8');

interface Instruction {
  keyword: string;
  args: string;
}

/** The Dockerfile's instructions by stage: continuation lines joined, comments left out. */
function dockerfileStages(text: string): Instruction[][] {
  const stages: Instruction[][] = [];
  let pending = '';
  for (const line of text.split('\n')) {
    if (/^\s*#/.test(line)) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    const full = (pending + line).trim();
    pending = '';
    if (!full) continue;
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/s.exec(full) ?? [];
    const instruction = { keyword: keyword.toUpperCase(), args: args.trim() };
    if (instruction.keyword === 'FROM') stages.push([]);
    stages.at(-1)?.push(instruction);
  }
  return stages;
}

const unquote = (v: string) => v.replace(/^(["'])(.*)\1$/, '$2');

/** `ENV A=1 B=2` and `ENV A 1`. */
function envOf(stage: Instruction[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { args } of stage.filter((i) => i.keyword === 'ENV')) {
    if (/^[A-Za-z_]\w*=/.test(args)) {
      for (const pair of args.split(/\s+/)) {
        const eq = pair.indexOf('=');
        env[pair.slice(0, eq)] = unquote(pair.slice(eq + 1));
      }
    } else {
      const [key = '', ...rest] = args.split(/\s+/);
      env[key] = unquote(rest.join(' '));
    }
  }
  return env;
}

const argsOf = (stage: Instruction[], keyword: string) => stage.filter((i) => i.keyword === keyword).map((i) => i.args);

/** `${NAME:-default}` and `${NAME}` the way Compose fills them in with nothing set. */
const interpolate = (value: string) => value.replace(/\$\{(\w+)(?::?-([^}]*))?\}/g, (_, _name: string, fallback?: string) => fallback ?? '');

function composeEnv(service: { environment?: Record<string, unknown> | string[] }): Record<string, string> {
  const env = service.environment ?? {};
  const pairs = Array.isArray(env) ? env.map((e) => e.split(/=(.*)/s, 2) as [string, string]) : Object.entries(env).map(([k, v]) => [k, String(v ?? '')]);
  return Object.fromEntries(pairs.map(([k, v]) => [k, interpolate(v ?? '')]));
}

/** HAProxy's sections: `backend app` → its lines. */
function haproxySections(text: string): Map<string, string[]> {
  const sections = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*$/, '').trim();
    if (!line) continue;
    if (/^(global|defaults|frontend|backend|listen|resolvers)\b/.test(line)) {
      current = [];
      sections.set(line, current);
    } else current?.push(line);
  }
  return sections;
}

type ComposeService = {
  build?: unknown;
  image?: string;
  environment?: Record<string, unknown> | string[];
  volumes?: string[];
  ports?: string[];
  entrypoint?: string[] | string;
};

const dockerfile = dockerfileStages(read('Dockerfile'));
const final = dockerfile.at(-1) ?? [];
const imageEnv = envOf(final);
const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, ComposeService> };
const services = compose.services;
const appNames = Object.keys(services).filter((name) => services[name]?.build !== undefined);
const haproxy = haproxySections(read('deploy/haproxy.cfg'));
const known = new Set(CONFIG_ENV_NAMES);

/** The HEALTHCHECK's command, and the path it asks for. */
const healthcheckCommand = (() => {
  const command = /\bCMD\s+(.*)$/s.exec(argsOf(final, 'HEALTHCHECK').at(-1) ?? '')?.[1] ?? '';
  return command.startsWith('[') ? (JSON.parse(command) as string[]).join(' ') : command;
})();
const healthcheckPath = /['"](\/[\w/-]*)['"]/.exec(healthcheckCommand)?.[1];
/** The path the load balancer checks each server on. */
const balancerCheckPath = [...haproxy.entries()]
  .filter(([head]) => head.startsWith('backend '))
  .flatMap(([, lines]) => lines)
  .map((l) => /^option\s+httpchk\s+(?:(?:GET|HEAD)\s+)?(\S+)/.exec(l)?.[1])
  .find(Boolean);

describe('the image (Dockerfile)', () => {
  it('is built in stages from the Node.js that package.json engines name, with Debian’s ffmpeg in the final one', () => {
    expect(dockerfile.length).toBeGreaterThan(1);
    const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
    const accepts = (major: number) =>
      engines.split('||').some((range) => {
        const m = /^\s*(\^|~|>=)?\s*(\d+)/.exec(range);
        if (!m) return false;
        return m[1] === '>=' ? major >= Number(m[2]) : major === Number(m[2]);
      });
    for (const stage of dockerfile) {
      const image = stage[0]?.args.split(/\s+/)[0] ?? '';
      const major = /^node:(\d+)\b/.exec(image)?.[1];
      expect(major, `base image ${image}`).toBeDefined();
      expect(accepts(Number(major)), `${image} against engines ${engines}`).toBe(true);
    }
    expect(argsOf(final, 'RUN').some((run) => /apt-get install\b.*\bffmpeg\b/.test(run))).toBe(true);
  });

  it('sets only variables the configuration reads, with values it accepts', () => {
    expect(Object.keys(imageEnv).filter((name) => !known.has(name))).toEqual([]);
    expect(() => loadConfig(imageEnv)).not.toThrow();
    // Reachable from outside the container: every interface.
    expect(imageEnv.HOST).toBe('0.0.0.0');
  });

  it('starts the server with the command `npm start` runs, the README’s start command', () => {
    const start = (JSON.parse(read('package.json')) as { scripts: { start: string } }).scripts.start;
    const readmeStart = /## Start\n+```sh\n([^`]*)```/.exec(read('README.md'))?.[1] ?? '';
    expect(readmeStart).toMatch(/\bnpm start\b/);
    const cmd = argsOf(final, 'CMD');
    expect(cmd).toHaveLength(1);
    expect(JSON.parse(cmd[0] ?? '')).toEqual(start.split(/\s+/));
    expect(argsOf(final, 'ENTRYPOINT')).toEqual([]);
  });

  it('runs as a user other than root, who owns /data', () => {
    const user = argsOf(final, 'USER').at(-1);
    expect(user).toBeDefined();
    const name = (user ?? '').split(':')[0];
    expect(['', 'root', '0']).not.toContain(name);
    expect(argsOf(final, 'RUN').some((run) => /chown\s+(?!root\b|0\b)\S+\s+\/data\b/.test(run))).toBe(true);
  });

  it('keeps DATA_DIR in the volume /data', () => {
    expect(imageEnv.DATA_DIR).toBe('/data');
    const volumes = argsOf(final, 'VOLUME').flatMap((v) => (v.startsWith('[') ? (JSON.parse(v) as string[]) : v.split(/\s+/)));
    expect(volumes).toContain('/data');
  });

  it('exposes PORT and probes /healthz on it', () => {
    expect(argsOf(final, 'EXPOSE').flatMap((e) => e.split(/\s+/))).toContain(imageEnv.PORT);
    expect(argsOf(final, 'HEALTHCHECK')).toHaveLength(1);
    expect(healthcheckPath).toBe('/healthz');
    expect(healthcheckCommand).toMatch(new RegExp(`process\\.env\\.PORT|\\$\\{?PORT\\b|:${imageEnv.PORT}\\b`));
  });

  it('leaves installed packages, builds and local data out of the build context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((l) => l.trim());
    for (const entry of ['**/node_modules', '**/dist', 'data', '.git']) expect(ignored).toContain(entry);
  });
});

describe('the scale setup (compose.yaml, deploy/haproxy.cfg)', () => {
  it('runs two app servers from the Dockerfile, each with its /data volume and settings the configuration reads', () => {
    expect(appNames).toHaveLength(2);
    for (const name of appNames) {
      const service = services[name] ?? {};
      const env = composeEnv(service);
      expect(
        Object.keys(env).filter((key) => !known.has(key)),
        name,
      ).toEqual([]);
      expect(() => loadConfig({ ...imageEnv, ...env }), name).not.toThrow();
      expect(env.DATA_DIR ?? imageEnv.DATA_DIR).toBe('/data');
      expect(
        (service.volumes ?? []).some((v) => v.split(':')[1] === '/data'),
        name,
      ).toBe(true);
      // One proxy in front, and nothing else publishes the servers' ports.
      expect(loadConfig({ ...imageEnv, ...env }).trustProxy, name).toBe(1);
      expect(service.ports ?? [], name).toEqual([]);
    }
  });

  it('points the servers at the PostgreSQL, Redis and bucket it runs', () => {
    for (const name of appNames) {
      const config = loadConfig({ ...imageEnv, ...composeEnv(services[name] ?? {}) });
      for (const url of [config.databaseUrl, config.redisUrl, config.s3?.endpoint]) {
        expect(url, name).toBeDefined();
        expect(Object.keys(services), `${name}: ${url}`).toContain(new URL(url ?? '').hostname);
      }
      expect(config.s3?.forcePathStyle).toBe(true);
      // The bucket is made by a one-shot service before the servers start.
      const makers = Object.values(services).filter((s) =>
        [s.entrypoint ?? []].flat().some((part) => part.includes(`mc mb --ignore-existing local/${config.s3?.bucket}`)),
      );
      expect(makers, name).toHaveLength(1);
    }
  });

  it('balances over exactly the app servers, on their PORT, only while /readyz answers 200', () => {
    const lbs = Object.values(services).filter((s) => (s.volumes ?? []).some((v) => v.startsWith('./deploy/haproxy.cfg:')));
    expect(lbs).toHaveLength(1);
    const backends = [...haproxy.entries()].filter(([head]) => head.startsWith('backend '));
    expect(backends).toHaveLength(1);
    const lines = backends[0]?.[1] ?? [];
    expect(balancerCheckPath).toBe('/readyz');
    expect(lines).toContain('http-check expect status 200');
    const defaults = lines.find((l) => l.startsWith('default-server ')) ?? '';
    const servers = lines.filter((l) => l.startsWith('server ')).map((l) => l.split(/\s+/));
    expect(servers.map(([, , address]) => address?.split(':')[0]).sort()).toEqual([...appNames].sort());
    for (const [, name, address, ...options] of servers) {
      const service = services[address?.split(':')[0] ?? ''] ?? {};
      expect(address?.split(':')[1], name).toBe(composeEnv(service).PORT ?? imageEnv.PORT);
      expect([...options, ...defaults.split(/\s+/)], `${name} is checked`).toContain('check');
    }
    // The published port is the one the frontend binds.
    const bind = [...haproxy.entries()].find(([head]) => head.startsWith('frontend '))?.[1].find((l) => l.startsWith('bind '));
    const bindPort = /:(\d+)\b/.exec(bind ?? '')?.[1];
    expect((lbs[0]?.ports ?? []).map((p) => interpolate(p).split(':').at(-1))).toEqual([bindPort]);
  });
});

describe('the probe paths the files name', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('are routes the app answers with 200', async () => {
    for (const path of [healthcheckPath, balancerCheckPath]) {
      expect(path).toBeDefined();
      const res = await t.app.inject({ method: 'GET', url: path ?? '' });
      expect(res.statusCode, path).toBe(200);
    }
  });
});
