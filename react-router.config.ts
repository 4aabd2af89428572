import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets a script (the soak, a second checkout) build beside the main build/.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
