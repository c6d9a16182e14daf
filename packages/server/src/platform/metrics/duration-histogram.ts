import type { Metric, Registry } from 'prom-client';

/** The label values a request's duration is recorded under. */
export interface TRequestLabels {
  method: string;
  route: string;
  status_code: number;
}

/** One label set's observations: counts per bucket (not cumulative; the last is above every bound), their sum and count. */
export class DurationSeries {
  private readonly counts: Float64Array;
  private sum = 0;
  private count = 0;

  constructor(
    readonly labels: Readonly<TRequestLabels>,
    private readonly bounds: readonly number[],
  ) {
    this.counts = new Float64Array(bounds.length + 1);
  }

  observe(seconds: number): void {
    let bucket = 0;
    while (bucket < this.bounds.length && seconds > this.bounds[bucket]!) bucket++;
    this.counts[bucket]! += 1;
    this.sum += seconds;
    this.count += 1;
  }

  /** Prometheus samples: cumulative `_bucket`s up to `+Inf`, `_sum`, `_count`. */
  samples(name: string) {
    let cumulative = 0;
    const buckets = [...this.bounds, '+Inf' as const].map((le, i) => {
      cumulative += this.counts[i]!;
      return { metricName: `${name}_bucket`, labels: { le, ...this.labels }, value: cumulative };
    });
    return [
      ...buckets,
      { metricName: `${name}_sum`, labels: this.labels, value: this.sum },
      { metricName: `${name}_count`, labels: this.labels, value: this.count },
    ];
  }
}

/**
 * `http_request_duration_seconds`, a Prometheus histogram by method, route pattern and status,
 * whose series are looked up once and then observed with a loop over the bounds. prom-client's
 * own Histogram re-validates and re-hashes the labels on every observation (about 0.5 µs, a
 * fortieth of a cached card read: issue 13); the reads answered before routing
 * (http/fast-reads.ts) observe a series the metrics plugin holds for their route. Registered in
 * `registry` as prom-client's metrics are, and read the same way (`registry.metrics()`).
 */
export class DurationHistogram {
  private readonly series = new Map<string, DurationSeries>();

  constructor(
    readonly name: string,
    private readonly help: string,
    private readonly bounds: readonly number[],
    registry: Registry,
  ) {
    // The registry reads a metric through get() and reset() alone; its types list only prom-client's classes.
    registry.registerMetric(this as unknown as Metric);
  }

  /** The series of these labels, made on first use (keep it to observe again without a lookup). */
  of(method: string, route: string, status: number): DurationSeries {
    const key = `${method} ${status} ${route}`;
    let found = this.series.get(key);
    if (!found) this.series.set(key, (found = new DurationSeries({ method, route, status_code: status }, this.bounds)));
    return found;
  }

  /** What the registry formats (prom-client's metric object). */
  get() {
    return {
      name: this.name,
      help: this.help,
      type: 'histogram' as const,
      aggregator: 'sum' as const,
      values: [...this.series.values()].flatMap((s) => s.samples(this.name)),
    };
  }

  reset(): void {
    this.series.clear();
  }
}
