import { reactRouter } from "@react-router/dev/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// The production server build is our own Express entry (server.ts), which imports the
// React Router build as a virtual module: one bundle, one database handle to close.
export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  build: isSsrBuild ? { rollupOptions: { input: "./server.ts" } } : {},
  plugins: [reactRouter()],
}));
