import { VillageIntroductionBody, type VillageIntroduction } from '@common/contracts/content';
import type { ImageRef } from '@common/contracts/tasks';
import { isRichTextBlank } from '@/components/RichTextEditor';

export interface VillageFormValues {
  name: string;
  population: number | null;
  households: number | null;
  landArea: number | null;
  partyMembers: number | null;
  leader: string;
  phone: string;
  cover: ImageRef | null;
  content: string;
}

/** The contract's phone rule (empty, or 5–20 digits, spaces, + and -). */
export const PHONE_RULE = new RegExp(VillageIntroductionBody.properties.phone.pattern as string);

export const fromVillage = (village: VillageIntroduction): VillageFormValues => ({
  name: village.name,
  population: village.population,
  households: village.households,
  landArea: village.landArea,
  partyMembers: village.partyMembers,
  leader: village.leader,
  phone: village.phone,
  cover: village.cover,
  content: village.content,
});

export const toVillageBody = (values: VillageFormValues): VillageIntroductionBody => ({
  name: values.name.trim(),
  content: values.content ?? '',
  coverId: values.cover?.id ?? null,
  population: values.population ?? null,
  households: values.households ?? null,
  landArea: values.landArea ?? null,
  partyMembers: values.partyMembers ?? null,
  leader: (values.leader ?? '').trim(),
  phone: (values.phone ?? '').trim(),
});

/** What a village page shows; the hint counts how many are filled in. */
/** The server seeds an untouched page with a text starting 【待完善】: that is not content yet. */
const PLACEHOLDER_MARK = '【待完善】';
const PARTS: Array<(v: VillageIntroduction) => boolean> = [
  (v) => !isRichTextBlank(v.content) && !v.content.includes(PLACEHOLDER_MARK),
  (v) => !!v.cover,
  (v) => v.population !== null,
  (v) => v.households !== null,
  (v) => v.landArea !== null,
  (v) => v.partyMembers !== null,
  (v) => !!v.leader.trim(),
  (v) => !!v.phone.trim(),
];
export const COMPLETENESS_TOTAL = PARTS.length;
export const completeness = (village: VillageIntroduction) => PARTS.filter((filled) => filled(village)).length;
