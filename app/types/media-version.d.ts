/** The digest of public/media and public/captions, set by the build (vite.config.ts, decision 0098); not defined in unit tests. */
declare const __MEDIA_VERSION__: string | undefined;
