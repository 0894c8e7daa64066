import assert from "node:assert/strict";
import { awsAccessKey } from "./aws_access_key.ts";
import { run, spans } from "../testing.ts";

describe("secrets/aws_access_key", () => {
  it("finds key ids and marks AWS's documentation key as unlikely", () => {
    assert.deepEqual(spans(awsAccessKey, "aws_access_key_id = AKIAZ7QW3RT5PLM2XK4N"), [[20, 40]]);
    assert.ok(run(awsAccessKey, "AKIAIOSFODNN7EXAMPLE")[0]!.score < 0.4);
    // ... whatever words stand near it (awscli's examples: "UserId": "AIDAIOSFODNN7EXAMPLE" under an IAM user)
    assert.ok(run(awsAccessKey, 'aws iam credentials: "AccessKeyId": "AKIAIOSFODNN7EXAMPLE"')[0]!.score < 0.4);
    assert.ok(run(awsAccessKey, 'aws iam credentials: "AccessKeyId": "AKIAZ7QW3RT5PLM2XK4N"')[0]!.score >= 0.9);
    assert.ok(run(awsAccessKey, "aws X-Amz-Credential=AKIAEXAMPLEPBUMBC3GA%2F20170824%2Fus-west-2")[0]!.score < 0.4);
  });
  it("rejects lower case, wrong prefix and wrong length", () => {
    assert.deepEqual(spans(awsAccessKey, "akiaz7qw3rt5plm2xk4n AKZZZ7QW3RT5PLM2XK4N AKIAZ7QW3RT5PLM2XK4"), []);
  });
});
