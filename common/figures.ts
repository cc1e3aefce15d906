// How a share is shown everywhere (pages, charts, exports, the report): the same rounding on the
// server and in the browser, so a figure on a page equals the one in its downloaded file.

/** A rate (0–1) as a percentage with one decimal: 0.8333 → 83.3. */
export const ratePercent = (rate: number) => Math.round(rate * 1000) / 10;

/** The same as text with its sign: 0.8333 → "83.3%", 1 → "100%". */
export const ratePercentText = (rate: number) => `${ratePercent(rate)}%`;

/** Of a task's targeted people in an area, how many have not submitted (never below zero). */
export const notSubmitted = (row: { targeted: number; submitted: number }) => Math.max(0, row.targeted - row.submitted);
