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
// Rolldown's plugin-timing notice is off in both: it reports where a build spent its time,
// which on a shared machine says more about the machine than about the build.
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  environments: {
    ssr: {
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
