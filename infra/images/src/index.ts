/** The container images of infra/images/: base image, build contexts, builds. */
export { buildImages, imageTag, latestTag, type BuiltImage, type BuildOptions } from "./build.ts";
export { IMAGE_NAMES, type ImageName } from "./contexts.ts";
export { DOCKER_HINT, dockerEngine, imageExists } from "./docker.ts";
export { ensureBaseImage, LOCAL_BASE, OFFICIAL_BASE } from "./base.ts";
