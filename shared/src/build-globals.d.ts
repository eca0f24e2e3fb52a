/** Compile-time constants defined by tools/webpack/mf-app.cjs. */
declare const __BUILD_LABEL__: string;
declare const __APP_NAME__: string;
