// The bench's figures: each measured RUNS times, its median printed against its budget in one
// table at the end of `npm run bench` (bench.spec.ts).

export const RUNS = Number(process.env.BENCH_RUNS ?? 3);

export interface Figure {
  name: string;
  unit: string;
  budget: number;
  /** Whether a higher value is better (frames per second). */
  atLeast?: boolean;
  values: number[];
}

export const figures: Figure[] = [];

export function record(name: string, unit: string, budget: number, value: number, atLeast = false) {
  let figure = figures.find((f) => f.name === name);
  if (!figure) figures.push((figure = { name, unit, budget, atLeast, values: [] }));
  figure.values.push(value);
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
