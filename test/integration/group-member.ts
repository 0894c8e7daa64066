/**
 * A member of a consumer group, for tests: `node group-member.ts GROUP TOPIC` joins the group (the
 * names as Kafka knows them), says "joined" on stdout, handles nothing and commits nothing. A test
 * stops it (SIGSTOP) to hold the group's next join: the coordinator waits for it to rejoin, up to
 * its rebalance timeout of 6 s, before it lets the new member in.
 */
import { createKafka } from "@filescan/kafka";

const [group, topic] = process.argv.slice(2);
if (!group || !topic) throw new Error("usage: group-member.ts GROUP TOPIC");
const kafka = createKafka("test-group-member", process.env, { quiet: true });
const consumer = kafka.consumer({ groupId: group, sessionTimeout: 6000, rebalanceTimeout: 6000, heartbeatInterval: 1000 });
consumer.on(consumer.events.GROUP_JOIN, () => process.stdout.write("joined\n"));
await consumer.connect();
await consumer.subscribe({ topics: [topic], fromBeginning: false });
await consumer.run({ autoCommit: false, eachMessage: async () => undefined });
