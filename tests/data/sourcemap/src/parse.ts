// Request parsing: splits a query string into typed fields.
export interface Query {
  path: string;
  params: Map<string, string>;
}

export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  let current = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "&" || c === "=" || c === "?") {
      tokens.push(current, c);
      current = "";
    } else {
      current += c;
    }
  }
  tokens.push(current);
  return tokens;
}

export function parseQuery(url: string): Query {
  const tokens = tokenize(url);
  const params = new Map<string, string>();
  for (let i = 2; i + 2 < tokens.length; i += 4) {
    params.set(decodeURIComponent(tokens[i]), decodeURIComponent(tokens[i + 2]));
  }
  return { path: tokens[0], params };
}
