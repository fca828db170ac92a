// Content hashing for the response's ETag.
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function mixBlocks(blocks: string[], rounds: number): number {
  let acc = 0;
  for (let r = 0; r < rounds; r++) {
    for (const block of blocks) {
      acc = (acc ^ fnv1a(block + r)) >>> 0;
    }
  }
  return acc;
}
