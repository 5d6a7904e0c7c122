import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { precompressFiles } from "./server/build/precompress.ts";

export default {
  appDirectory: "app",
  ssr: true,
  // After the whole build (React Router writes its manifest last): brotli and
  // gzip files beside every compressible client file, so the server never
  // compresses a static file at run time (issue 6, point 18).
  buildEnd({ reactRouterConfig }) {
    const t = precompressFiles(path.join(reactRouterConfig.buildDirectory, "client"));
    console.log(
      `precompressed ${t.files} files (${(t.bytes / 1024).toFixed(0)} KB): brotli ${(t.br / 1024).toFixed(0)} KB, gzip ${(t.gz / 1024).toFixed(0)} KB`,
    );
  },
} satisfies Config;
