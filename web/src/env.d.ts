/** The root package.json version, stamped in at build time; compared with the server's at startup. */
declare const __APP_VERSION__: string;

// The part of Vite's import.meta.env this app reads, declared here so `deno check` needs no Vite types.
interface ImportMetaEnv {
  readonly PROD: boolean;
  readonly DEV: boolean;
  readonly MODE: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
