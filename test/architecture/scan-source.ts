import ts from 'typescript';

/** One module a file depends on, as written in it. */
export interface ImportRef {
  /** The specifier as written, or undefined for a dynamic import of a computed value. */
  specifier: string | undefined;
  /** The names taken from it: '*' for a namespace, dynamic or star import, 'default' for a default one. */
  names: string[];
  line: number;
}

/** What the import rules look at in one source file. */
export interface SourceScan {
  imports: ImportRef[];
  /** Every mention of one of `watchedNames`, first line per name. */
  mentions: { name: string; line: number }[];
  /** Lines of `new AppError(…)` calls given an object literal with a `status` property. */
  appErrorStatusLines: number[];
}

/**
 * Reads a TypeScript file's dependencies with the compiler's parser rather than a regular
 * expression, so that `import type`, `export … from`, `import('…')`, `typeof import('…')` and
 * imports spread over several lines are all seen, and a specifier inside a comment or a string is
 * not. It parses one file alone: nothing is resolved or type-checked, which keeps it fast and pure.
 */
export function scanSource(fileName: string, text: string, watchedNames: readonly string[] = []): SourceScan {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const lineOf = (node: ts.Node): number => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const watched = new Set(watchedNames);
  const scan: SourceScan = { imports: [], mentions: [], appErrorStatusLines: [] };
  const mentioned = new Set<string>();

  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      scan.imports.push({ specifier: node.moduleSpecifier.text, names: importedNames(node.importClause), line: lineOf(node) });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier !== undefined && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      const names = clause !== undefined && ts.isNamedExports(clause)
        ? clause.elements.map((element) => (element.propertyName ?? element.name).text)
        : ['*'];
      scan.imports.push({ specifier: node.moduleSpecifier.text, names, line: lineOf(node) });
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const expression = node.moduleReference.expression;
      scan.imports.push({ specifier: ts.isStringLiteral(expression) ? expression.text : undefined, names: ['*'], line: lineOf(node) });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const argument = node.arguments[0];
      const specifier = argument !== undefined && ts.isStringLiteralLike(argument) ? argument.text : undefined;
      scan.imports.push({ specifier, names: ['*'], line: lineOf(node) });
    } else if (ts.isImportTypeNode(node)) {
      const argument = node.argument;
      const specifier = ts.isLiteralTypeNode(argument) && ts.isStringLiteral(argument.literal) ? argument.literal.text : undefined;
      scan.imports.push({ specifier, names: ['*'], line: lineOf(node) });
    } else if (ts.isNewExpression(node) && isAppErrorReference(node.expression)) {
      if ((node.arguments ?? []).some(hasStatusProperty)) scan.appErrorStatusLines.push(lineOf(node));
    } else if (ts.isIdentifier(node) && watched.has(node.text) && !mentioned.has(node.text)) {
      mentioned.add(node.text);
      scan.mentions.push({ name: node.text, line: lineOf(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return scan;
}

function importedNames(clause: ts.ImportClause | undefined): string[] {
  if (clause === undefined) return [];
  const names = clause.name !== undefined ? ['default'] : [];
  const bindings = clause.namedBindings;
  if (bindings === undefined) return names;
  if (ts.isNamespaceImport(bindings)) return [...names, '*'];
  return [...names, ...bindings.elements.map((element) => (element.propertyName ?? element.name).text)];
}

function isAppErrorReference(expression: ts.Expression): boolean {
  if (ts.isIdentifier(expression)) return expression.text === 'AppError';
  return ts.isPropertyAccessExpression(expression) && expression.name.text === 'AppError';
}

function hasStatusProperty(argument: ts.Expression): boolean {
  return ts.isObjectLiteralExpression(argument) && argument.properties.some((property) =>
    property.name !== undefined && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) && property.name.text === 'status');
}
