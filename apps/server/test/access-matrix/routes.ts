/** The plain (non-resource) API routes the app serves (/v3/ and /vx/), as "METHOD path", read from Fastify's route tree. */
import type { FastifyInstance } from 'fastify';

export function plainApiRoutes(app: FastifyInstance, prefixes: readonly string[] = ['/v3/', '/vx/']): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + m[2]!;
    stack[depth] = path;
    if (!prefixes.some((p) => path.startsWith(p)) || !m[3]) continue;
    for (const method of m[3].split(', ')) if (method !== 'HEAD') out.push(`${method} ${path}`);
  }
  return out.sort();
}
