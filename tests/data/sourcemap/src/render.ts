// HTML rendering of a small template.
export function escapeHtml(text: string): string {
  let out = "";
  for (const c of text) {
    switch (c) {
      case "<": out += "&lt;"; break;
      case ">": out += "&gt;"; break;
      case "&": out += "&amp;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

export function renderTemplate(template: string, values: Map<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => escapeHtml(values.get(key) ?? ""));
}
