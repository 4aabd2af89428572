import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "build-*/", ".react-router/", "node_modules/", "test-results/", "tests/.tmp/", "drizzle/"] },
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
    // Plain Node scripts (scripts/*.mjs, the e2e server starter): Node's own globals.
    languageOptions: {
      globals: {
        process: "readonly",
        console: "readonly",
        fetch: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        URL: "readonly",
        Buffer: "readonly",
        AbortSignal: "readonly",
      },
    },
  },
  {
    // CommonJS configuration files (.dependency-cruiser.cjs).
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: { module: "writable", require: "readonly" } },
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
    // Actions read posted bodies only through readForm (app/server/http/request-body.server.ts):
    // content type, size and encoding are checked there once, for every form.
    files: ["app/**"],
    ignores: ["app/server/http/request-body.server.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.object.name='request'][callee.property.name=/^(formData|json|text|arrayBuffer|blob|bytes)$/]",
          message: "Lea el cuerpo con readForm() de ~/server/request-body.server (límites, tipo y codificación).",
        },
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
