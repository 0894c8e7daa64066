import type { Detector } from "../core/types.ts";
import { re } from "../core/regex.ts";

/** Slack bot/user/app/refresh tokens (xoxb-, xoxp-, xoxa-, xoxr-, xoxe-, xapp-) and incoming-webhook URLs. */
export const slackToken: Detector = {
  id: "slack_token",
  type: "SLACK_TOKEN",
  area: "secrets",
  category: "credential",
  description: "Slack token or webhook URL",
  patterns: [
    { name: "token", regex: re(String.raw`(?<![A-Za-z0-9_])(?:xox[abposre]-\d{8,13}-\d{8,13}(?:-\d{8,13})?-[A-Za-z0-9]{24,34}|xapp-\d-[A-Z0-9]{9,12}-\d{10,14}-[a-f0-9]{64})(?![A-Za-z0-9_])`), score: 0.95 },
    { name: "webhook", regex: re(String.raw`https://hooks\.slack\.com/services/T[A-Z0-9]{8,12}/B[A-Z0-9]{8,12}/[A-Za-z0-9]{24}`), score: 0.95 },
  ],
  context: ["slack", "token", "bot", "webhook"],
  prefilter: { keywords: ["xox", "xapp-", "hooks.slack.com"] },
  validate: () => ({ validation: "slack_token_format" }),
};
