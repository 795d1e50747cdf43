/**
 * Traces (decision 105): with `OTEL_EXPORTER_OTLP_ENDPOINT` set, spans go out through the OpenTelemetry
 * SDK over OTLP: HTTP in and out (node:http, and global fetch through undici), every SQL statement (pg),
 * Redis commands (ioredis), S3 calls (the AWS SDK) and each job of the queue (jobs/queue.ts, through
 * `@opentelemetry/api` alone). Unset, this file imports nothing: no OpenTelemetry package is loaded.
 *
 * It runs before the server's own modules, because the instrumentations patch `pg`, `http` and the others
 * as they are loaded: `node --import ./apps/server/dist/tracing.js apps/server/dist/main.js` (`npm start`
 * imports it before main.js; from the sources, `node --import tsx --import ./apps/server/src/tracing.ts
 * apps/server/src/main.ts`). Our modules import `pg` and the others as ES modules, which only a loader
 * hook sees: import-in-the-middle's, registered here, told by the instrumentations which modules to wrap.
 *
 * The standard OTEL_* variables apply (OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES,
 * OTEL_EXPORTER_OTLP_PROTOCOL, OTEL_EXPORTER_OTLP_HEADERS, OTEL_TRACES_SAMPLER…); the service name is
 * `pinboard` unless they name one, and metrics and logs are not sent unless OTEL_METRICS_EXPORTER or
 * OTEL_LOGS_EXPORTER asks for them.
 */
import type { IncomingMessage } from 'node:http';

/** Probes and scrapes answer every few seconds: traced, they would bury the requests people make. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

async function startTracing(endpoint: string) {
  const env = process.env;
  if (!env.OTEL_SERVICE_NAME && !/(^|,)\s*service\.name\s*=/.test(env.OTEL_RESOURCE_ATTRIBUTES ?? '')) env.OTEL_SERVICE_NAME = 'pinboard';
  env.OTEL_METRICS_EXPORTER ??= 'none';
  env.OTEL_LOGS_EXPORTER ??= 'none';

  const { register } = await import('node:module');
  const { createAddHookMessageChannel } = await import('import-in-the-middle');
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  const [{ NodeSDK }, { HttpInstrumentation }, { UndiciInstrumentation }, { PgInstrumentation }, { IORedisInstrumentation }, { AwsInstrumentation }] =
    await Promise.all([
      import('@opentelemetry/sdk-node'),
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-undici'),
      import('@opentelemetry/instrumentation-pg'),
      import('@opentelemetry/instrumentation-ioredis'),
      import('@opentelemetry/instrumentation-aws-sdk'),
    ]);
  const sdk = new NodeSDK({
    // The exporter follows OTEL_EXPORTER_OTLP_PROTOCOL (http/protobuf unless set; http/json, grpc).
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req: IncomingMessage) => UNTRACED_PATHS.has((req.url ?? '/').split('?')[0]!) }),
      new UndiciInstrumentation(),
      // SQL outside a request or a job is the queue's polling and the caches' upkeep, every few seconds: left out.
      new PgInstrumentation({ requireParentSpan: true }),
      new IORedisInstrumentation(),
      new AwsInstrumentation(),
    ],
  });
  sdk.start();
  await waitForAllMessagesAcknowledged();
  console.log(`Traces: OTLP to ${endpoint} as ${env.OTEL_SERVICE_NAME ?? 'the service OTEL_RESOURCE_ATTRIBUTES names'}`);
}

const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
if (endpoint) await startTracing(endpoint);
