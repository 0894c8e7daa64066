export { createApp, BASE_PATH, type AppDeps } from "./app.ts";
export { startApi, createLogger, type RunningApi, type StartOptions } from "./server.ts";
export { apiSettings, base64Length, type ApiSettings } from "./settings.ts";
export { createKafkaQueue, type SubmissionQueue } from "./queue.ts";
export { createMetrics, type ApiMetrics } from "./metrics.ts";
export { checkSubmission, buildEvent, submissionId, decodeStrictBase64, SUBMISSION_FIELDS } from "./submission.ts";
export { compileValidators, openApiDocument, OPENAPI_FILE } from "./openapi.ts";
