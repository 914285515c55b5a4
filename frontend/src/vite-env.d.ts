/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE_URL?: string;
  readonly VITE_POWERED_BY_NAME?: string;
  readonly VITE_POWERED_BY_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
