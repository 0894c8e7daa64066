/** Prometheus metrics of one API instance (its own registry, so several apps can share a process). */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

export interface ApiMetrics {
  registry: Registry;
  requests: Counter<"route" | "method" | "status">;
  duration: Histogram<"route" | "method" | "status">;
  eventsProduced: Counter;
  queueFull: Counter<"reason">;
  backlog: Gauge;
}

export function createMetrics(opts: { defaultMetrics?: boolean } = {}): ApiMetrics {
  const registry = new Registry();
  if (opts.defaultMetrics ?? true) collectDefaultMetrics({ register: registry, prefix: "filescan_api_" });
  return {
    registry,
    requests: new Counter({ name: "filescan_api_requests_total", help: "HTTP requests by route, method and status", labelNames: ["route", "method", "status"], registers: [registry] }),
    duration: new Histogram({
      name: "filescan_api_request_duration_seconds",
      help: "HTTP request latency by route, method and status",
      labelNames: ["route", "method", "status"],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    eventsProduced: new Counter({ name: "filescan_api_events_produced_total", help: "FileSubmitted events acknowledged by Kafka", registers: [registry] }),
    queueFull: new Counter({ name: "filescan_api_queue_full_total", help: "Submissions answered 503 (queue full), by reason", labelNames: ["reason"], registers: [registry] }),
    backlog: new Gauge({ name: "filescan_api_backlog", help: "Last reading of the analysis backlog (consumer-group lag on the submissions topic)", registers: [registry] }),
  };
}
