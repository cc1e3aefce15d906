import { AREA_ID_MAX, AREA_MIN } from '@common/constants';
import type { VillageIntroduction } from '@common/contracts/content';
import { ratePercent } from '@common/figures';

type VillageFigureKey = 'population' | 'households' | 'landArea' | 'partyMembers';

/** The figures each village introduction carries, in display order. */
export const VILLAGE_FIGURES: ReadonlyArray<{ key: VillageFigureKey; label: string; unit: string }> = [
  { key: 'population', label: '人口', unit: '人' },
  { key: 'households', label: '户数', unit: '户' },
  { key: 'landArea', label: '土地面积', unit: '亩' },
  { key: 'partyMembers', label: '党员', unit: '人' },
];

/** The figures a village has filled in, in display order (the public never reads a blank as '—'). */
export function filledFigures<K extends VillageFigureKey>(
  village: VillageIntroduction,
  figures: ReadonlyArray<{ key: K; label: string; unit: string }>,
): Array<{ key: K; label: string; unit: string; value: number }> {
  return figures.flatMap((f) => {
    const value = village[f.key];
    return value != null && Number.isFinite(value) ? [{ ...f, value }] : [];
  });
}

/** Whether any of the village's figures is filled in. */
export const hasFigures = (village: VillageIntroduction) => filledFigures(village, VILLAGE_FIGURES).length > 0;

/** What a public page says where a village has no figures yet. */
export const NO_FIGURES_TEXT = '暂无统计数据';

/** A figure for reading: grouped digits, at most one decimal, '—' when not filled in. */
export function formatFigure(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return '—';
  return value.toLocaleString('zh-CN', { maximumFractionDigits: 1 });
}

/** The sum of a figure over the villages that filled it in; null when none did. */
export function sumFigure(villages: VillageIntroduction[], key: VillageFigureKey): number | null {
  const values = villages.map((v) => v[key]).filter((v): v is number => v != null);
  return values.length ? values.reduce((a, b) => a + b, 0) : null;
}

/** a / b with one decimal, or null when either is missing or b is 0. */
export function ratio(a: number | null, b: number | null): number | null {
  if (a == null || b == null || b === 0) return null;
  return Math.round((a / b) * 10) / 10;
}

/** a / b as a percentage with one decimal ('3.2%'), or '—'. */
export function percentText(a: number | null, b: number | null): string {
  if (a == null || b == null || b === 0) return '—';
  return `${ratePercent(a / b).toFixed(1)}%`;
}

/** A valid area id (1–12) from a route parameter, else undefined. */
export function areaFromParam(value: string | undefined): number | undefined {
  const area = Number(value);
  return Number.isInteger(area) && area >= AREA_MIN && area <= AREA_ID_MAX ? area : undefined;
}
