/** The package version and build commit, set by vite.config.ts (absent under the unit tests). */
declare const __APP_VERSION__: string;
