export * from "./pat.ts";
export * from "./jwt.ts";
export * from "./store.ts";
export * from "./principals.ts";
export * from "./token-cache.ts";
