/** Example CSV files are bundled as text (tsup's text loader; a vitest plugin in tests). */
declare module "*.csv" {
  const text: string;
  export default text;
}
