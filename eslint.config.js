import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "test-results/", "tests/.tmp/", "drizzle/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["**/*.mjs", "**/*.js"],
    languageOptions: { globals: { process: "readonly", console: "readonly" } },
  },
  {
    // Domain rules are pure: no I/O, no React, nothing from server/ (HOUSE-STYLE.md).
    files: ["app/domain/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: ["~/server/*", "../server/*", "react", "react-router", "node:*"] },
      ],
    },
  },
  {
    // Shared components may not reach into server code.
    files: ["app/ui/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["~/server/*", "../server/*"] }],
    },
  },
);
