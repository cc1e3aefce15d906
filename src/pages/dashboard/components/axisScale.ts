/**
 * The top of a count axis: a round number (1, 2, 2.5 or 5 times a power of ten) at least a fifth
 * above the tallest bar, and never below 5. Left to itself echarts ends the axis at the tallest bar,
 * so when every category has one task each bar fills the plot and the chart reads as a solid wall.
 */
export function countAxisMax(largest: number): number {
  const target = Math.max(5, largest * 1.2);
  const magnitude = 10 ** Math.floor(Math.log10(target));
  const step = [1, 2, 2.5, 5, 10].find((s) => s * magnitude >= target) ?? 10;
  return step * magnitude;
}
