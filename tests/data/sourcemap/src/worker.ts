// A Worker-shaped request handler, run in a loop so that a profiler sees it.
import { parseQuery } from "./parse";
import { mixBlocks } from "./hash";
import { renderTemplate } from "./render";

const TEMPLATE = "<h1>{{title}}</h1><p>{{body}}</p><footer>{{user}} & co</footer>".repeat(20);

export function handleRequest(url: string): string {
  const query = parseQuery(url);
  const html = renderTemplate(TEMPLATE, query.params);
  const etag = mixBlocks(html.match(/.{1,64}/g) ?? [], 3);
  return `${etag.toString(16)} ${html.length}`;
}

export function serve(seconds: number): number {
  const end = Date.now() + seconds * 1000;
  let served = 0;
  let checksum = 0;
  while (Date.now() < end) {
    const url = `/items?title=Item%20${served}&body=<b>${"x".repeat(served % 50)}</b>&user=u${served % 7}`;
    checksum ^= handleRequest(url).length;
    served++;
  }
  return served + checksum * 0;
}

const seconds = Number(process.env.SECONDS ?? "2");
console.log(`served ${serve(seconds)} requests`);
