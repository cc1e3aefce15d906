import { countAxisMax } from './axisScale';

test('a count axis ends on a round number above the tallest bar, at least at 5', () => {
  expect(countAxisMax(0)).toBe(5);
  expect(countAxisMax(1)).toBe(5);
  expect(countAxisMax(4)).toBe(5);
  expect(countAxisMax(5)).toBe(10);
  expect(countAxisMax(9)).toBe(20);
  expect(countAxisMax(17)).toBe(25);
  expect(countAxisMax(40)).toBe(50);
  expect(countAxisMax(90)).toBe(200);
  expect(countAxisMax(130)).toBe(200);
});
