/** The part of citeproc-js (npm `citeproc`, CommonJS, no types of its own) that render.ts uses. */
declare module 'citeproc' {
  interface CiteprocSys {
    retrieveLocale(lang: string): string | undefined;
    retrieveItem(id: string): unknown;
  }
  interface CiteprocEngine {
    updateItems(ids: string[]): void;
    setOutputFormat(format: string): void;
    makeBibliography(): [{ entry_ids: string[][] }, string[]] | false;
  }
  interface CiteprocOutputFormat {
    [key: string]: unknown;
  }
  const CSL: {
    Engine: new (sys: CiteprocSys, style: string, lang?: string, forceLang?: boolean) => CiteprocEngine;
    Output: { Formats: Record<string, CiteprocOutputFormat> };
  };
  export default CSL;
}

/** The browser build's citation worker script as text (esbuild.js makes it from src/core/host/browser/citeprocWebWorkerMain.ts). */
declare module 'citeproc-web-worker-source' {
  const source: string;
  export default source;
}
