/** What the build tells the worker (build/service-worker.ts): the files of this version of the site. */
export interface PrecacheManifest {
  /** Changes whenever any precached file does, so a new build is a new worker and a new cache. */
  version: string;
  /** The page every navigation of the site is answered with. */
  shell: string;
  /** Absolute paths, the shell among them. */
  urls: string[];
}
