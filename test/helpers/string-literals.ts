import ts from 'typescript';

/** One piece of literal text in a source file: a string, or the fixed text of a template literal. */
export interface StringLiteral {
  readonly line: number;
  readonly text: string;
}

/**
 * The literal texts of a TypeScript file, read with the compiler's parser so that comments are
 * left out and a string spread over a template's parts is seen piece by piece. Pure: one file,
 * nothing resolved.
 */
export function stringLiterals(fileName: string, text: string): StringLiteral[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: StringLiteral[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      found.push({ line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, text: node.text });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
