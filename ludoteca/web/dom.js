// The one DOM builder of the client: the shell (app.js) and every board make elements with it.
//   h("button", { class: "x", onclick: fn, disabled: true }, "text", child, [more])
//   s("rect", { x: 0, y: 0, width: 10 })            the same for SVG elements
// Attributes that are null, undefined or false are left out; true sets an empty attribute;
// "on..." with a function adds a listener; "style" goes through the CSSOM (the page's Content
// Security Policy forbids style attributes, not styles set by script). Children may be nodes,
// text or numbers, nested in arrays; null, undefined and false are skipped.

const SVG_NS = "http://www.w3.org/2000/svg";

function build(node, attrs, children) {
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "style") node.style.cssText = v;
    else if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" || typeof child === "number" ? String(child) : child);
  }
  return node;
}

export function h(tag, attrs = {}, ...children) {
  return build(document.createElement(tag), attrs, children);
}

export function s(tag, attrs = {}, ...children) {
  return build(document.createElementNS(SVG_NS, tag), attrs, children);
}

export { SVG_NS };
