import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { clientChunks } from "./server/build/client-chunks.ts";
import { mediaVersion } from "./server/build/media-version.ts";

// The client's JavaScript in fewer, larger files: the framework in one, the
// public page shell in another (decision 0085).
const chunks = clientChunks();

// The SSR build's entry is server/app.ts: it wraps the React Router handler in
// the Express middleware stack, so one bundle holds the app, its database layer
// and the HTTP shell, and server.ts only has to import it.
export default defineConfig({
  // The demo media's digest, for their cacheable addresses (decision 0098): the same value in both builds.
  define: { __MEDIA_VERSION__: JSON.stringify(mediaVersion()) },
  environments: {
    client: { build: { rolldownOptions: { output: { codeSplitting: { groups: chunks.groups } } } } },
    ssr: {
      build: { rolldownOptions: { input: "./server/app.ts" } },
      // Bundled into the server build so only the icons in use are loaded at
      // start-up: importing the package whole costs about 250 ms (issue 6, point 22).
      resolve: { noExternal: ["lucide-react"] },
    },
  },
  plugins: [tailwindcss(), reactRouter(), chunks.plugin],
  resolve: { tsconfigPaths: true },
});
