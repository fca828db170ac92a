// The hoarder: keeps most of what it allocates, as a leaking cache would.
const retained: string[] = [];

export function retainBuffers(count: number): number {
  for (let i = 0; i < count; i++) {
    retained.push("entry-" + i + "-" + "x".repeat(512));
  }
  if (retained.length > 400000) retained.splice(0, 200000);
  return retained.length;
}
