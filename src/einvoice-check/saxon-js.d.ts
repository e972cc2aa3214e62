// saxon-js 2.7.0 ships no type declarations. This declares only what the rule checks call;
// documents, SEF stylesheets and XPath results stay `unknown` to be narrowed where used.
declare module 'saxon-js' {
  interface SaxonJS {
    /** Parses XML given as text (or fetches a file/URL) into an XDM document node. */
    getResource(options: { readonly text: string; readonly type: 'xml' }): Promise<unknown>;
    /** Runs a compiled (SEF) stylesheet; with destination 'document' the result is a document node. */
    transform(options: {
      readonly stylesheetInternal: unknown;
      readonly sourceNode: unknown;
      readonly destination: 'document';
    }): { readonly principalResult: unknown };
    readonly XPath: {
      evaluate(
        expression: string,
        contextItem: unknown,
        options?: { readonly namespaceContext?: Readonly<Record<string, string>> },
      ): unknown;
    };
  }
  const saxonJs: SaxonJS;
  export default saxonJs;
}
