// The hot function: a checksum over a buffer, far more work than anything else here.
export function computeChecksum(data: Uint8Array, rounds: number): number {
  let sum = 0;
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < data.length; i++) {
      sum = (sum * 31 + data[i] + r) | 0;
    }
  }
  return sum;
}
