// Types of the two Unicode data packages display-name.ts reads (they ship none).

declare module 'fold-to-ascii' {
  /** Apache Lucene's ASCII folding filter. */
  const ASCIIFolder: {
    /** Folds what the filter knows; other characters are kept as they are. */
    foldMaintaining(text: string): string;
    /** Folds what the filter knows; other characters become `replacement` (default ''). */
    foldReplacing(text: string, replacement?: string): string;
  };
  export default ASCIIFolder;
}

declare module 'regenerate-unicode-properties' {
  /** Unicode property names to their values (`Script_Extensions` to the script names). */
  const properties: Map<string, string[]>;
  export default properties;
}
