import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import xmlbuilder from 'xmlbuilder';
import { XmlElement } from '../../../src/domain/einvoice/xml-element.ts';
import { xmlText } from '../../../src/domain/einvoice/xml-text.ts';

/** A tree of calls: an element's attributes, then its content (text or child elements), in order. */
interface Node {
  readonly name: string;
  readonly attributes: ReadonlyArray<readonly [string, string]>;
  readonly content: ReadonlyArray<string | Node>;
}

const NAMES = ['Invoice', 'cbc:ID', 'ram:Name', 'udt:DateTimeString', 'cac:Party'];
const value = fc.string({ unit: 'binary', maxLength: 12 }).map(xmlText);
const node: fc.Arbitrary<Node> = fc.letrec<{ node: Node }>((tie) => ({
  node: fc.record({
    name: fc.constantFrom(...NAMES),
    attributes: fc.uniqueArray(fc.tuple(fc.constantFrom('currencyID', 'schemeID', 'format', 'xmlns:ram'), value), { maxLength: 2, selector: ([name]) => name }),
    content: fc.array(fc.oneof({ depthSize: 'small', withCrossShrink: true }, value, tie('node')), { maxLength: 3 }),
  }),
})).node;

function build<E extends { ele(name: string): E; att(name: string, value: string): E; txt(value: string): E }>(element: E, tree: Node): void {
  for (const [name, text] of tree.attributes) element.att(name, text);
  for (const item of tree.content) {
    if (typeof item === 'string') element.txt(item);
    else build(element.ele(item.name), item);
  }
}

/** True when every element of the tree has a child element or text with more than white space. */
const filled = (tree: Node): boolean =>
  tree.content.some((item) => typeof item !== 'string' || item.trim() !== '') && tree.content.every((item) => typeof item === 'string' || filled(item));

describe('XmlElement writes what xmlbuilder wrote (the e-invoice bytes stay as they were)', () => {
  it('random trees of elements, attributes and text, with &, <, >, quotes, tabs, CR and LF', () => {
    fc.assert(fc.property(node.filter(filled), (tree) => {
      const theirs = xmlbuilder.create(tree.name, { version: '1.0', encoding: 'UTF-8' });
      build(theirs, tree);
      const ours = XmlElement.document(tree.name);
      build(ours, tree);
      assert.equal(ours.end(), theirs.end({ pretty: false }));
    }), { numRuns: 2000, seed: 22 });
  });

  it('escapes as XML needs, an element allowed to be empty is <a/>, and end() on any element writes the whole document', () => {
    const root = XmlElement.document('a').att('x', 'a&b<c"d\te\nf\rg');
    const child = root.ele('b').txt('1 < 2 & 3 > 0\r\n');
    root.ele('c').txt('').allowEmpty();
    root.ele('d').allowEmpty();
    assert.equal(child.end(), '<?xml version="1.0" encoding="UTF-8"?><a x="a&amp;b&lt;c&quot;d&#x9;e&#xA;f&#xD;g"><b>1 &lt; 2 &amp; 3 &gt; 0&#xD;\n</b><c/><d/></a>');
  });
});

describe('XmlElement never writes an empty element (PEPPOL-EN16931-R008, BR-06, BR-07, BR-25)', () => {
  for (const [what, build] of [
    ['no content', (e: XmlElement) => e],
    ['empty text', (e: XmlElement) => e.txt('')],
    ['white space only', (e: XmlElement) => e.txt(' \t\r\n ')],
    ['an attribute but no text', (e: XmlElement) => e.att('schemeID', 'EM').txt('   ')],
  ] as const) {
    it(`an element with ${what} throws, naming it, instead of being written`, () => {
      const root = XmlElement.document('Invoice');
      build(root.ele('cbc:Note'));
      assert.throws(() => root.end(), /<cbc:Note> would be written empty/);
    });
  }

  it('a container whose only child is empty fails on the child, so nothing empty hides inside', () => {
    const root = XmlElement.document('Invoice');
    root.ele('cac:Contact').ele('cbc:Name');
    assert.throws(() => root.end(), /<cbc:Name> would be written empty/);
  });

  it('text with anything but white space is content, and so is a child element', () => {
    const root = XmlElement.document('Invoice');
    root.ele('cbc:Note').txt(' x ');
    root.ele('cac:Party').ele('cbc:Name').txt('\u00a0Ø');
    assert.match(root.end(), /<cbc:Note> x <\/cbc:Note><cac:Party><cbc:Name>\u00a0Ø<\/cbc:Name><\/cac:Party>/);
  });
});
