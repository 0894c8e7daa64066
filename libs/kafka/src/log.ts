/**
 * kafkajs's console logger, with a broker's routine answers moved down from ERROR. kafkajs logs
 * every error answer at ERROR on the connection, then handles it as the protocol intends:
 *
 * - INFO: the client's metadata is stale (UNKNOWN_TOPIC_OR_PARTITION, LEADER_NOT_AVAILABLE,
 *   NOT_LEADER_FOR_PARTITION: a topic created a moment ago, a partition whose leader moves), the
 *   group's coordinator is loading or has moved (GROUP_LOAD_IN_PROGRESS, GROUP_COORDINATOR_NOT_AVAILABLE,
 *   NOT_COORDINATOR_FOR_GROUP: a broker just restarted), the group is rebalancing
 *   (REBALANCE_IN_PROGRESS: a member joined or left) or a joining member is given its id
 *   (MEMBER_ID_REQUIRED). kafkajs refreshes, retries or rejoins. `filescan up` printed two such
 *   ERROR lines on every fresh start, and a second instance of an app or a broker restart a few
 *   more, with nothing wrong.
 * - WARN: the group no longer knows this member (UNKNOWN_MEMBER_ID, ILLEGAL_GENERATION): it was
 *   out of touch past its session timeout, and its partitions went to others. kafkajs rejoins,
 *   and what it had not committed is read again; worth a look, not an alarm.
 *
 * Should the retries run out, the call throws and its caller reports the error; with
 * `FILESCAN_KAFKA_LOG=debug` (INFO) each answer is still shown.
 */
import { createRequire } from "node:module";
import { logLevel, type LogEntry, type logCreator } from "kafkajs";

const require = createRequire(import.meta.url);
const consoleLogger = require("kafkajs/src/loggers/console.js") as logCreator;
const { errorCodes } = require("kafkajs/src/protocol/error.js") as { errorCodes: Array<{ type: string; message: string }> };

const ROUTINE: Readonly<Record<string, logLevel.INFO | logLevel.WARN>> = {
  UNKNOWN_TOPIC_OR_PARTITION: logLevel.INFO,
  LEADER_NOT_AVAILABLE: logLevel.INFO,
  NOT_LEADER_FOR_PARTITION: logLevel.INFO,
  GROUP_LOAD_IN_PROGRESS: logLevel.INFO,
  GROUP_COORDINATOR_NOT_AVAILABLE: logLevel.INFO,
  NOT_COORDINATOR_FOR_GROUP: logLevel.INFO,
  REBALANCE_IN_PROGRESS: logLevel.INFO,
  MEMBER_ID_REQUIRED: logLevel.INFO,
  UNKNOWN_MEMBER_ID: logLevel.WARN,
  ILLEGAL_GENERATION: logLevel.WARN,
};
/** The level of each routine answer by the message kafkajs gives it (a logged response carries the message, not the type). */
const BY_MESSAGE: ReadonlyMap<string, logLevel.INFO | logLevel.WARN> = new Map(errorCodes.filter((e) => e.type in ROUTINE).map((e) => [e.message, ROUTINE[e.type]!]));

/** The level a broker's routine answer is logged at (INFO or WARN); undefined for any other entry. */
export function routineAnswer(entry: LogEntry): logLevel.INFO | logLevel.WARN | undefined {
  const { message, error } = entry.log as { message?: unknown; error?: unknown };
  if (entry.namespace !== "Connection" || typeof message !== "string" || !message.startsWith("Response ") || typeof error !== "string") return undefined;
  return BY_MESSAGE.get(error);
}

const LABEL = { [logLevel.INFO]: "INFO", [logLevel.WARN]: "WARN" } as const;

/** kafkajs's console logger at `level`, with routine answers logged at INFO or WARN. */
export const filescanLogCreator: logCreator = (level) => {
  const write = consoleLogger(level);
  return (entry) => {
    const to = entry.level === logLevel.ERROR ? routineAnswer(entry) : undefined;
    if (to !== undefined) {
      if (level >= to) write({ ...entry, level: to, label: LABEL[to] });
      return;
    }
    write(entry);
  };
};
