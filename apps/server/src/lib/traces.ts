/**
 * Our side of the traces (decision 105), through `@opentelemetry/api` alone: without the SDK (tracing.ts
 * loads it only when OTEL_EXPORTER_OTLP_ENDPOINT is set) the API's tracer makes spans that record nothing
 * and these calls cost next to nothing.
 */
import { SpanKind, SpanStatusCode, trace, type Attributes, type TracerProvider } from '@opentelemetry/api';

const tracer = trace.getTracer('pinboard');

/**
 * Runs `fn` inside a consumer span (a job taken from the queue). `fn` marks the span failed with
 * `markFailed` (a failure it has handled); a throw marks it too and is passed on.
 */
export function inConsumerSpan<T>(name: string, attributes: Attributes, fn: (markFailed: (err: unknown) => void) => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, { kind: SpanKind.CONSUMER, attributes }, async (span) => {
    const markFailed = (err: unknown) => {
      span.recordException(err instanceof Error ? err : String(err));
      span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
    };
    try {
      return await fn(markFailed);
    } catch (err) {
      markFailed(err);
      throw err;
    } finally {
      span.end();
    }
  });
}

/** The SDK's provider behind the API's proxy, when the SDK was loaded (the API's no-op provider cannot flush). */
function sdkProvider(): { forceFlush: () => Promise<void> } | undefined {
  const global = trace.getTracerProvider() as TracerProvider & { getDelegate?: () => TracerProvider };
  const provider = (global.getDelegate ? global.getDelegate() : global) as TracerProvider & { forceFlush?: () => Promise<void> };
  return typeof provider.forceFlush === 'function' ? (provider as { forceFlush: () => Promise<void> }) : undefined;
}

/** Whether spans go anywhere: the SDK was started (tracing.ts) before the server's modules. */
export function tracesLoaded() {
  return sdkProvider() !== undefined;
}

/** Sends the spans still waiting in the SDK's batch: the last step of a shutdown. */
export async function flushTraces() {
  await sdkProvider()?.forceFlush();
}
