#!/usr/bin/env node
// The filescan command. Node 24 runs the TypeScript sources directly (type stripping).
import "../src/main.ts";
