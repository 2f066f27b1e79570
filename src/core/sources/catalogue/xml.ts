/**
 * A small XML reader for the catalogues' answers (SRU envelopes holding MARCXML or UNIMARC in
 * marcxchange): elements with their namespace and local name, attributes, text (entities and
 * CDATA resolved). One pass, linear in the input, nesting bounded; no DTD, no external
 * entities. A document it cannot read throws `XmlError`, which a source turns into `badResponse`.
 *
 * Elements are matched by namespace and local name, never by prefix: the services use `zs:`,
 * `srw:` or none for the same SRU namespace (library-catalogues-facts.md).
 */

export interface XmlElement {
  /** The namespace URI ('' when none). */
  ns: string;
  /** The name without its prefix. */
  local: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (CDATA included), its children's not. */
  text: string;
}

export class XmlError extends Error {}

/** Deeper than this is no catalogue record. */
const MAX_DEPTH = 64;

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#\d{1,7}|[a-zA-Z]+);/g, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '\uFFFD';
    }
    const named = NAMED[name];
    if (named === undefined) throw new XmlError(`unknown entity ${whole}`);
    return named;
  });
}

interface Open {
  element: XmlElement;
  qname: string;
  /** The prefixes this element and its ancestors declare. */
  scope: Map<string, string>;
}

const ATTR = /([^\s=/>]+)\s*=\s*("([^"]*)"|'([^']*)')/g;

/** Parses a whole document; returns its root element. */
export function parseXml(input: string): XmlElement {
  const stack: Open[] = [];
  let root: XmlElement | undefined;
  let i = 0;
  const n = input.length;
  const rootScope = new Map<string, string>([['xml', 'http://www.w3.org/XML/1998/namespace']]);
  while (i < n) {
    const lt = input.indexOf('<', i);
    const textEnd = lt < 0 ? n : lt;
    if (textEnd > i) {
      const text = input.slice(i, textEnd);
      const top = stack.at(-1);
      if (top) top.element.text += decodeEntities(text);
      else if (text.trim() !== '') throw new XmlError('text outside the root element');
    }
    if (lt < 0) break;
    if (input.startsWith('<!--', lt)) {
      const end = input.indexOf('-->', lt + 4);
      if (end < 0) throw new XmlError('unclosed comment');
      i = end + 3;
    } else if (input.startsWith('<![CDATA[', lt)) {
      const end = input.indexOf(']]>', lt + 9);
      if (end < 0) throw new XmlError('unclosed CDATA section');
      const top = stack.at(-1);
      if (!top) throw new XmlError('CDATA outside the root element');
      top.element.text += input.slice(lt + 9, end);
      i = end + 3;
    } else if (input.startsWith('<?', lt)) {
      const end = input.indexOf('?>', lt + 2);
      if (end < 0) throw new XmlError('unclosed processing instruction');
      i = end + 2;
    } else if (input.startsWith('<!', lt)) {
      // A DOCTYPE: skipped whole (no internal subset is read, so no entity is ever defined).
      const end = input.indexOf('>', lt + 2);
      if (end < 0 || input.slice(lt, end).includes('[')) throw new XmlError('a DOCTYPE with an internal subset is not read');
      i = end + 1;
    } else if (input[lt + 1] === '/') {
      const end = input.indexOf('>', lt + 2);
      if (end < 0) throw new XmlError('unclosed end tag');
      const qname = input.slice(lt + 2, end).trim();
      const top = stack.pop();
      if (!top || top.qname !== qname) throw new XmlError(`</${qname}> does not close ${top ? `<${top.qname}>` : 'anything'}`);
      i = end + 1;
    } else {
      const end = tagEnd(input, lt + 1);
      if (end < 0) throw new XmlError('unclosed tag');
      const selfClosing = input[end - 1] === '/';
      const body = input.slice(lt + 1, selfClosing ? end - 1 : end);
      const nameEnd = body.search(/[\s]|$/);
      const qname = body.slice(0, nameEnd);
      if (!qname) throw new XmlError('a tag without a name');
      const parentScope = stack.at(-1)?.scope ?? rootScope;
      let scope = parentScope;
      const rawAttrs: Array<[string, string]> = [];
      for (const m of body.slice(nameEnd).matchAll(ATTR)) {
        const value = decodeEntities(m[3] ?? m[4] ?? '');
        const name = m[1]!;
        if (name === 'xmlns' || name.startsWith('xmlns:')) {
          if (scope === parentScope) scope = new Map(parentScope);
          scope.set(name === 'xmlns' ? '' : name.slice(6), value);
        } else rawAttrs.push([name, value]);
      }
      const colon = qname.indexOf(':');
      const prefix = colon < 0 ? '' : qname.slice(0, colon);
      const ns = scope.get(prefix);
      if (ns === undefined && prefix !== '') throw new XmlError(`undeclared prefix ${prefix}`);
      const attrs: Record<string, string> = Object.create(null) as Record<string, string>;
      for (const [name, value] of rawAttrs) attrs[name.includes(':') ? name.slice(name.indexOf(':') + 1) : name] = value;
      const element: XmlElement = { ns: ns ?? '', local: colon < 0 ? qname : qname.slice(colon + 1), attrs, children: [], text: '' };
      const parent = stack.at(-1);
      if (parent) parent.element.children.push(element);
      else if (root) throw new XmlError('more than one root element');
      else root = element;
      if (!selfClosing) {
        if (stack.length >= MAX_DEPTH) throw new XmlError('nested too deeply');
        stack.push({ element, qname, scope });
      }
      i = end + 1;
    }
  }
  if (stack.length > 0) throw new XmlError(`<${stack.at(-1)!.qname}> is not closed`);
  if (!root) throw new XmlError('no root element');
  return root;
}

/** The index of the `>` that ends a tag begun before `from`, skipping quoted attribute values; -1 if none. */
function tagEnd(input: string, from: number): number {
  let quote: string | undefined;
  for (let j = from; j < input.length; j++) {
    const c = input[j]!;
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return j;
    else if (c === '<') return -1;
  }
  return -1;
}

/** The children of `element` with this local name (and namespace, when given). */
export function childrenNamed(element: XmlElement, local: string, ns?: string): XmlElement[] {
  return element.children.filter((c) => c.local === local && (ns === undefined || c.ns === ns));
}

export function childNamed(element: XmlElement, local: string, ns?: string): XmlElement | undefined {
  return element.children.find((c) => c.local === local && (ns === undefined || c.ns === ns));
}

/** Every descendant with this local name (and namespace), in document order. */
export function descendantsNamed(element: XmlElement, local: string, ns?: string): XmlElement[] {
  const found: XmlElement[] = [];
  const walk = (e: XmlElement) => {
    for (const c of e.children) {
      if (c.local === local && (ns === undefined || c.ns === ns)) found.push(c);
      else walk(c);
    }
  };
  walk(element);
  return found;
}
