/** The whole English catalogue as its own chunk (lib/i18n.ts loadCatalogue): the `?whole` query
 * makes it a module apart from the shell's named imports of the same file. */
declare module '*/translation.json?whole' {
  const catalogue: Record<string, unknown>;
  export default catalogue;
}
