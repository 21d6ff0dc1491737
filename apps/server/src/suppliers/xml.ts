import { XMLParser } from 'fast-xml-parser';
import { create } from 'xmlbuilder2';

/** A parsed XML node: attributes under '@name', text under '#text' (fast-xml-parser conventions). */
export type XNode = Record<string, unknown>;

export function xmlParser(arrays: Iterable<string>) {
  const set = new Set(arrays);
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    processEntities: true,
    isArray: (name) => set.has(name),
    // Callbacks get the path matcher, not its string: isArray only needs the name, and building the
    // path string for every node cost ~20% of a 120 KB Juniper availability parse.
    jPath: false,
  });
}

/** Strict parse: fast-xml-parser is lenient, so well-formedness is checked first (XMLValidator). */
export function parseXml(parser: XMLParser, text: string): XNode {
  const trimmed = text.trim();
  if (!trimmed.startsWith('<')) throw new Error('reply is not XML');
  const doc = parser.parse(trimmed, true) as XNode;
  return doc;
}

export const node = (v: unknown): XNode => (v && typeof v === 'object' && !Array.isArray(v) ? (v as XNode) : {});
export const nodes = (v: unknown): XNode[] =>
  Array.isArray(v) ? (v as XNode[]).map(node) : v && typeof v === 'object' ? [v as XNode] : [];
export const textOf = (v: unknown): string => {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  if (v && typeof v === 'object' && '#text' in v) return String((v as XNode)['#text']);
  return '';
};
export const attr = (n: XNode, name: string): string | undefined => {
  const v = n[`@${name}`];
  return v === undefined ? undefined : String(v);
};

/** Serialises an xmlbuilder2 object tree ('@attr', '#' text, arrays for repeated elements). */
export function buildXml(tree: XNode, opts: { declaration?: boolean; encoding?: string } = {}): string {
  const doc = opts.declaration === false ? create(tree) : create({ version: '1.0', encoding: opts.encoding ?? 'UTF-8' }, tree);
  return doc.end({ headless: opts.declaration === false });
}
