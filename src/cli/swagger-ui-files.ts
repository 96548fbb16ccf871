/**
 * The files of swagger-ui-dist that the API reference page (`/docs`) serves, with their types. The
 * build copies them beside the CLI, into {@link SWAGGER_UI_DIRECTORY}, so the installed package
 * serves Swagger UI offline without depending on swagger-ui-dist, most of which (source maps, ES
 * builds, the standalone preset) the page never reads. Each is stored gzip-compressed
 * (`<name>.gz`, read once and decompressed when the page is first asked for): the script bundle
 * compresses to about a quarter of its size.
 */
export const SWAGGER_UI_SERVED = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "favicon-32x32.png": "image/png",
} as const;

/**
 * Swagger UI's licence (Apache-2.0) and notice, and the licences of the libraries its bundle
 * holds: they are copied, as they are, wherever the served files are.
 */
export const SWAGGER_UI_LICENSES = [
  "LICENSE",
  "NOTICE",
  "swagger-ui-bundle.js.LICENSE.txt",
] as const;

/** The copy's directory, beside the built CLI (dist/cli.js). */
export const SWAGGER_UI_DIRECTORY = "swagger-ui";
