import { gzipSync } from "node:zlib";
import { bundleImporter } from "../support/importer-page";

/** Bytes of one file of `rpdi/importer` as tsup builds it: minified, and gzipped. */
export interface ImporterFileBytes {
  minified: number;
  gzipped: number;
}

/**
 * The weight of `<rpdi-importer>` (issue 47): the element and its module worker, each bundled
 * with every dependency inside as the package ships them (tsup's importer entry, as the browser
 * tests serve them), minified, then gzipped one by one, as a page downloads them.
 */
export async function importerBundleBytes(): Promise<{
  element: ImporterFileBytes;
  worker: ImporterFileBytes;
  gzipped: number;
}> {
  const bundle = await bundleImporter(process.cwd());
  const bytesOf = (text: string): ImporterFileBytes => {
    const code = Buffer.from(text, "utf8");
    return { minified: code.byteLength, gzipped: gzipSync(code).byteLength };
  };
  const element = bytesOf(bundle.element);
  const worker = bytesOf(bundle.worker);
  return { element, worker, gzipped: element.gzipped + worker.gzipped };
}
