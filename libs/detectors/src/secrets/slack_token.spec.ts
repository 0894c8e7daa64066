import assert from "node:assert/strict";
import { slackToken } from "./slack_token.ts";
import { spans } from "../testing.ts";

describe("secrets/slack_token", () => {
  it("finds bot tokens and webhook URLs", () => {
    const bot = "xoxb-123456789012-1234567890123-" + "AbCdEfGhIjKlMnOpQrStUvWx";
    const hook = "https://hooks.slack.com/services/T01ABCDEF/B02ABCDEF/" + "a1".repeat(12);
    assert.deepEqual(spans(slackToken, `${bot} ${hook}`), [[0, bot.length], [bot.length + 1, bot.length + 1 + hook.length]]);
  });
  it("rejects short or malformed tokens", () => {
    assert.deepEqual(spans(slackToken, "xoxb-123-456-abc xoxz-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx"), []);
  });
});
