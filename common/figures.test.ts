import { notSubmitted, ratePercent, ratePercentText } from './figures';

test('a rate shows as a percentage with one decimal, rounded half up', () => {
  expect(ratePercent(0)).toBe(0);
  expect(ratePercent(1)).toBe(100);
  expect(ratePercent(2 / 3)).toBe(66.7);
  expect(ratePercent(0.8333)).toBe(83.3);
  expect(ratePercent(0.12345)).toBe(12.3);
  expect(ratePercentText(0.5)).toBe('50%');
  expect(ratePercentText(1 / 3)).toBe('33.3%');
});

test('not submitted is what is left of the targeted, never negative', () => {
  expect(notSubmitted({ targeted: 10, submitted: 4 })).toBe(6);
  expect(notSubmitted({ targeted: 3, submitted: 3 })).toBe(0);
  // People who left the target after submitting are not counted twice.
  expect(notSubmitted({ targeted: 2, submitted: 5 })).toBe(0);
});
