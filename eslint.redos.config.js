// @ts-check
// `npm run lint:redos` (CI runs it): every regular expression literal checked by recheck for
// exponential backtracking (ReDoS), which hung the extractor on a JAR for minutes (a pattern's
// lazy `[^]*?` let a comment run on through the next ones). Polynomial ones are allowed here:
// most read short strings by design (a value, a window of 64 characters); those that read a whole
// text read each run once, and the specs named "ReDoS" or "long run" pump them. Kept apart from
// `npm run lint`, which it would slow from seconds to minutes.
import tseslint from "typescript-eslint";
import redos from "eslint-plugin-redos";

export default [
  { ignores: ["**/node_modules/**", ".filescan/**", "**/*.d.ts"] },
  {
    files: ["**/*.ts", "**/*.js"],
    languageOptions: { parser: tseslint.parser },
    plugins: { redos },
    rules: { "redos/no-vulnerable": ["error", { permittableComplexities: ["polynomial"] }] },
  },
];
