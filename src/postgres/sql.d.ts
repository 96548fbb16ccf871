/** SQL migrations are bundled as text (tsup's text loader; a vitest plugin in tests). */
declare module "*.sql" {
  const text: string;
  export default text;
}
