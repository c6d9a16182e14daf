import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { DurationHistogram, type DurationSeries } from './duration-histogram.ts';
import { routeOf } from '../plugins/request-log.ts';
import metricsRoutes from './routes.ts';

/** What the app counts for `GET /metrics` (Prometheus text format). One registry per app. */
export interface Metrics {
  registry: Registry;
  /** New messages committed to a conversation, by kind (text, photo, document); a replayed retry is not counted. */
  messagesSent: Counter<'kind'>;
  /** Hub events handed to the backplane for delivery, by hub method (MessageReceived, ConversationUpdated…). */
  eventsPublished: Counter<'event'>;
  /** Requests refused by a rate limit, by rule (the key's prefix: conversation-send, otp-request…). */
  rateLimitRefusals: Counter<'rule'>;
  /** Calls to a dependency (postgres, redis) that had no answer in time, after which the connection was dropped. */
  dependencyTimeouts: Counter<'dependency'>;
  /** Webhook deliveries a receiver accepted (a 2xx answer). */
  webhookDeliveries: Counter;
  /** Webhook attempts that failed, by reason: `status` (a non-2xx answer) or `no_answer` (timeout, connection, refused address). */
  webhookFailures: Counter<'reason'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

const TRANSPORTS = ['WebSockets', 'ServerSentEvents', 'LongPolling'] as const;

/**
 * Request durations by route pattern (never the raw URL: bounded labels, no secrets), hub
 * connections by transport (read from the hub at scrape time), the counters above, and Node's
 * process metrics; served at `GET /metrics`, behind METRICS_TOKEN when set.
 */
export default fp(
  async function metricsPlugin(app: FastifyInstance) {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const registers = [registry];
    const duration = new DurationHistogram(
      'http_request_duration_seconds',
      'Time from request received to response sent, by route pattern.',
      [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registry,
    );
    new Gauge({
      name: 'hub_connections',
      help: 'Open real-time hub connections on this instance, by transport.',
      labelNames: ['transport'] as const,
      registers,
      collect() {
        const byTransport = app.hasDecorator('hub') ? app.hub.stats().byTransport : undefined;
        for (const transport of TRANSPORTS) this.set({ transport }, byTransport?.[transport] ?? 0);
      },
    });
    app.decorate('metrics', {
      registry,
      messagesSent: new Counter({
        name: 'messages_sent_total',
        help: 'New conversation messages committed, by kind.',
        labelNames: ['kind'] as const,
        registers,
      }),
      eventsPublished: new Counter({
        name: 'hub_events_published_total',
        help: 'Hub events published for delivery, by hub method.',
        labelNames: ['event'] as const,
        registers,
      }),
      rateLimitRefusals: new Counter({
        name: 'rate_limit_refusals_total',
        help: 'Requests refused by a rate limit, by rule.',
        labelNames: ['rule'] as const,
        registers,
      }),
      dependencyTimeouts: new Counter({
        name: 'dependency_timeouts_total',
        help: 'Calls to PostgreSQL or Redis that had no answer in time (the connection was then dropped), by dependency.',
        labelNames: ['dependency'] as const,
        registers,
      }),
      webhookDeliveries: new Counter({
        name: 'webhook_deliveries_total',
        help: 'Webhook deliveries a receiver accepted with a 2xx answer.',
        registers,
      }),
      webhookFailures: new Counter({
        name: 'webhook_delivery_failures_total',
        help: 'Webhook delivery attempts that failed, by reason (status: a non-2xx answer; no_answer: timeout or connection error).',
        labelNames: ['reason'] as const,
        registers,
      }),
    });
    // Both series from the start, so a dashboard shows 0 rather than nothing.
    for (const dependency of ['postgres', 'redis']) app.metrics.dependencyTimeouts.inc({ dependency }, 0);
    for (const reason of ['status', 'no_answer']) app.metrics.webhookFailures.inc({ reason }, 0);
    app.addHook('onResponse', (request, reply, done) => {
      duration.of(request.method, routeOf(request), reply.statusCode).observe(reply.elapsedTime / 1000);
      done();
    });
    // A read answered before routing (http/fast-reads.ts) is observed under the route it answers for.
    const fastReadDurations = new Map<string, DurationSeries>();
    app.fastReads.onServed(({ route, ms }) => {
      let observed = fastReadDurations.get(route);
      if (!observed) fastReadDurations.set(route, (observed = duration.of('GET', route, 200)));
      observed.observe(ms / 1000);
    });
    await app.register(metricsRoutes);
  },
  { name: 'metrics', dependencies: ['config'] },
);
