import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { DurationHistogram } from './duration-histogram.ts';

const BOUNDS = [0.001, 0.005, 0.01, 0.5, 1];
const observations: [string, string, number, number][] = [
  ['GET', '/api/vbc/virtualcontact/:contactId', 200, 0.000004],
  ['GET', '/api/vbc/virtualcontact/:contactId', 200, 0.001], // on a bound: counted in it
  ['GET', '/api/vbc/virtualcontact/:contactId', 200, 0.0011],
  ['GET', '/api/vbc/virtualcontact/:contactId', 404, 0.7],
  ['POST', '/api/conversation/:id/messages', 201, 3], // above every bound: +Inf only
  ['GET', '/api/vbc/virtualcontact/:contactId', 200, 0.01],
];

describe('DurationHistogram', () => {
  it('exposes exactly what a prom-client Histogram exposes for the same observations', async () => {
    const ours = new Registry();
    const theirs = new Registry();
    const histogram = new DurationHistogram('http_request_duration_seconds', 'Time to respond.', BOUNDS, ours);
    const reference = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to respond.',
      labelNames: ['method', 'route', 'status_code'],
      buckets: BOUNDS,
      registers: [theirs],
    });
    for (const [method, route, status, seconds] of observations) {
      histogram.of(method, route, status).observe(seconds);
      reference.observe({ method, route, status_code: status }, seconds);
    }
    const text = await ours.metrics();
    expect(text).toBe(await theirs.metrics());
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.001",method="GET",route="/api/vbc/virtualcontact/:contactId",status_code="200"} 2',
    );
    expect(text).toContain('http_request_duration_seconds_count{method="POST",route="/api/conversation/:id/messages",status_code="201"} 1');
  });

  it('hands out one series per label set, and forgets them all on reset', async () => {
    const registry = new Registry();
    const histogram = new DurationHistogram('d', 'd', BOUNDS, registry);
    expect(histogram.of('GET', '/a', 200)).toBe(histogram.of('GET', '/a', 200));
    expect(histogram.of('GET', '/a', 200)).not.toBe(histogram.of('GET', '/a', 304));
    histogram.of('GET', '/a', 200).observe(0.002);
    expect(await registry.metrics()).toContain('d_count{method="GET",route="/a",status_code="200"} 1');
    registry.resetMetrics();
    expect(await registry.metrics()).not.toContain('d_count');
  });
});
