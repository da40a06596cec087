// Edits to the <head> of the served index.html: the gateway writes a page's own title there.

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe inside an element and inside a double- or single-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** The page with `title` (escaped) in place of its <title>, and `after` (markup) right behind it. */
export function withTitle(html: string, title: string, after = ''): string {
  // A function replacement: `$&`-style patterns in the title must stay literal.
  return html.replace(/<title>[^<]*<\/title>/i, () => `<title>${escapeHtml(title)}</title>${after}`);
}
