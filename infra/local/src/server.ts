/** What `filescan infra` knows about each server it can run. */
export interface LocalServer {
  name: "kafka" | "registry" | "elasticsearch";
  /** What clients connect to. */
  address: string;
  host: string;
  port: number;
  logFile: string;
  pidFile: string;
  readyTimeoutMs: number;
  installed(): boolean;
  fetch(): Promise<void>;
  /** Starts the process in the background; returns its pid. */
  start(): Promise<number>;
  /** True once the server really serves (not merely listens). */
  ready(): Promise<boolean>;
}
