/**
 * kafkajs's console logger, with one kind of line moved from ERROR to INFO: a broker's answer
 * that the client's metadata is stale (UNKNOWN_TOPIC_OR_PARTITION, LEADER_NOT_AVAILABLE,
 * NOT_LEADER_FOR_PARTITION). kafkajs logs every such answer at ERROR on the connection, then
 * refreshes its metadata and retries, as the protocol intends; a topic created a moment ago or a
 * partition whose leader moves answers so for a few hundred milliseconds. `filescan up` printed
 * two such ERROR lines on every fresh start, with nothing wrong. Should the retries run out, the
 * call throws and its caller reports the error; with `FILESCAN_KAFKA_LOG=debug` (INFO) each
 * answer is still shown.
 */
import { createRequire } from "node:module";
import { logLevel, type LogEntry, type logCreator } from "kafkajs";

const require = createRequire(import.meta.url);
const consoleLogger = require("kafkajs/src/loggers/console.js") as logCreator;
const { errorCodes } = require("kafkajs/src/protocol/error.js") as { errorCodes: Array<{ type: string; message: string }> };

const STALE_TYPES = new Set(["UNKNOWN_TOPIC_OR_PARTITION", "LEADER_NOT_AVAILABLE", "NOT_LEADER_FOR_PARTITION"]);
/** The messages kafkajs gives those errors (a logged response carries the message, not the type). */
const STALE_MESSAGES: ReadonlySet<string> = new Set(errorCodes.filter((e) => STALE_TYPES.has(e.type)).map((e) => e.message));

/** Whether a log entry is a broker's answer that the client's metadata is stale. */
export function staleMetadataAnswer(entry: LogEntry): boolean {
  const { message, error } = entry.log as { message?: unknown; error?: unknown };
  return entry.namespace === "Connection" && typeof message === "string" && message.startsWith("Response ") && typeof error === "string" && STALE_MESSAGES.has(error);
}

/** kafkajs's console logger at `level`, with stale-metadata answers logged at INFO. */
export const filescanLogCreator: logCreator = (level) => {
  const write = consoleLogger(level);
  return (entry) => {
    if (entry.level === logLevel.ERROR && staleMetadataAnswer(entry)) {
      if (level >= logLevel.INFO) write({ ...entry, level: logLevel.INFO, label: "INFO" });
      return;
    }
    write(entry);
  };
};
