/*
 * An XML document as a tree of elements with their namespaces resolved (tests only): the
 * VERI*FACTU XML tests and the AEAT stand-in read what the shop wrote through it, so they
 * check names, namespaces and order as a schema would, not the text's formatting.
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";

export type XmlElement = {
  /** As written, with its prefix ("sum1:Huella"). */
  qname: string;
  local: string;
  /** The resolved namespace URI ("" for none). */
  ns: string;
  children: XmlElement[];
  /** The element's own text, entities decoded (not trimmed). */
  text: string;
};

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  ignoreDeclaration: true,
});

type Ordered = Record<string, unknown>[];

function build(qname: string, body: Ordered, attributes: Record<string, string>, scope: Record<string, string>): XmlElement {
  const inner: Record<string, string> = { ...scope };
  for (const [name, value] of Object.entries(attributes)) {
    if (name === "xmlns") inner[""] = value;
    else if (name.startsWith("xmlns:")) inner[name.slice(6)] = value;
  }
  const colon = qname.indexOf(":");
  const prefix = colon >= 0 ? qname.slice(0, colon) : "";
  const ns = inner[prefix];
  if (ns === undefined) throw new Error(`Prefijo de espacio de nombres sin declarar: ${qname}`);
  const element: XmlElement = { qname, local: colon >= 0 ? qname.slice(colon + 1) : qname, ns, children: [], text: "" };
  for (const node of body) {
    if ("#text" in node) {
      element.text += String(node["#text"]);
      continue;
    }
    const name = Object.keys(node).find((key) => key !== ":@");
    if (!name || name.startsWith("?") || name === "#comment") continue;
    element.children.push(build(name, node[name] as Ordered, (node[":@"] ?? {}) as Record<string, string>, inner));
  }
  return element;
}

/** The document's root element; throws (Spanish message) if the text is not well-formed XML. */
export function readXml(xml: string): XmlElement {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`XML mal formado: ${valid.err.msg} (línea ${valid.err.line})`);
  const nodes = parser.parse(xml) as Ordered;
  const roots = nodes.filter((node) => Object.keys(node).some((key) => key !== ":@" && !key.startsWith("?") && key !== "#text" && key !== "#comment"));
  const root = roots[0];
  if (roots.length !== 1 || !root) throw new Error("El documento debe tener un único elemento raíz");
  const name = Object.keys(root).find((key) => key !== ":@") as string;
  return build(name, root[name] as Ordered, (root[":@"] ?? {}) as Record<string, string>, { xml: "http://www.w3.org/XML/1998/namespace" });
}

/** The child elements named `local`. */
export function childrenNamed(element: XmlElement, local: string): XmlElement[] {
  return element.children.filter((child) => child.local === local);
}

/** The one child named `local`; throws if there is none or more than one. */
export function only(element: XmlElement, local: string): XmlElement {
  const found = childrenNamed(element, local);
  const [first] = found;
  if (found.length !== 1 || !first) throw new Error(`Se esperaba un único ${local} en ${element.local} (hay ${found.length})`);
  return first;
}

/** Follows a path of single children and returns the last one's text. */
export function textAt(element: XmlElement, ...path: string[]): string {
  return path.reduce((node, name) => only(node, name), element).text;
}
