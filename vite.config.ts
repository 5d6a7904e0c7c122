import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The SSR build's entry is server/app.ts: it wraps the React Router handler in
// the Express middleware stack, so one bundle holds the app, its database layer
// and the HTTP shell, and server.ts only has to import it.
export default defineConfig({
  environments: {
    ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } },
  },
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
});
