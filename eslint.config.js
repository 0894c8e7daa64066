// @ts-check
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["**/node_modules/**", ".filescan/**", "**/*.d.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2024, sourceType: "module", globals: { process: "readonly", console: "readonly", Buffer: "readonly", URL: "readonly", setTimeout: "readonly", clearTimeout: "readonly", setInterval: "readonly", clearInterval: "readonly" } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-constant-condition": ["error", { checkLoops: false }],
      // A list spread into a call's arguments throws RangeError past ~120,000 of them: an extra
      // field's array stopped the projector for good, a cut PDF's objects failed to mend.
      "no-restricted-syntax": ["error", { selector: "CallExpression[callee.object.name='Math'][callee.property.name=/^(max|min)$/] > SpreadElement", message: "Math.max/min(...list) throws RangeError past ~120,000 items: reduce over the list instead" }],
    },
  },
  {
    // tests read documents of many shapes back from servers
    files: ["test/**/*.ts", "**/*.spec.ts", "bench/**/*.ts", "**/test-util/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off", "no-restricted-syntax": "off" },
  },
);
