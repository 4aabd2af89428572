import { reactRouter } from "@react-router/dev/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// React Router 8 builds through Vite's environments: `client` for the browser, `ssr` for the server.
//
// The production server build is our own Express entry (server.ts), which imports the
// React Router build as a virtual module: one bundle, one database handle to close.
// The server bundle is one file on purpose, so a form's Zod schema that the browser loads
// lazily (app/ui/lazy-form-check.ts) is also imported statically by its action there: Rolldown's
// "ineffective dynamic import" check is right for the browser build and noise for this one.
//
// In the browser build React, React DOM and React Router, which every page loads, go into one
// chunk: gzip then shares one dictionary across them, 1.9 KB less on every page than five
// separate files (issue 14's first-load budget).
//
// The server bundle also takes in the pure-JavaScript libraries the server loads at start
// (SERVER_BUNDLED): a start loads 515 modules instead of 1,690, most of those from node_modules,
// each resolved through its package.json (drizzle-orm's is 179 KB, parsed again for each of its
// 112 files). A start to /healthz took 3.2 s and 4.4 CPU-seconds, and takes 1.9 s and 2.9 here
// (30-11-2026): restarts, deployments and every test server start that much sooner. Left
// outside: what carries files or native code of its own (PGlite's WebAssembly, sharp, pdfkit's
// fonts, pdfjs), what starts worker threads (pino), what is loaded only when used (the S3
// client, nodemailer), and React, whose one copy React Router's server renderer shares.
//
// Rolldown's plugin-timing notice is off in both: it reports where a build spent its time,
// which on a shared machine says more about the machine than about the build.
const SERVER_BUNDLED = [
  /^kysely/, /^drizzle-orm/, /^better-auth/, /^@better-auth\//, /^better-call/, /^zod/, /^@simplewebauthn\/server/, /^jose/, /^@peculiar\//, /^tsyringe/,
  /^@opentelemetry\/api/, /^react-router/, /^@react-router\//, /^@remix-run\//, /^prom-client/, /^fast-xml-parser/, /^csv-(parse|stringify)/, /^date-fns/, /^@date-fns\//, /^@noble\//,
];

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  environments: {
    ssr: {
      resolve: { noExternal: SERVER_BUNDLED },
      build: { rolldownOptions: { input: "./server.ts", checks: { ineffectiveDynamicImport: false, pluginTimings: false } } },
    },
    client: {
      build: {
        rolldownOptions: {
          checks: { pluginTimings: false },
          output: {
            codeSplitting: {
              groups: [{ name: "react", test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
            },
          },
        },
      },
    },
  },
  plugins: [reactRouter()],
});
