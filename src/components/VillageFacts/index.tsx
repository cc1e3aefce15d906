import type { VillageIntroduction } from '@common/contracts/content';
import { VILLAGE_FIGURES, formatFigure } from '@/utils/villageFigures';

interface Props {
  village: VillageIntroduction;
  /** Class names of the figures list, one figure and the contact list: each page lays them out its own way. */
  classes: { figures: string; figure: string; contact: string };
}

/** A village's figures (人口, 户数…) and its leader and phone, the phone as a tap-to-call link. */
export default function VillageFacts({ village, classes }: Props) {
  return (
    <>
      <dl className={classes.figures}>
        {VILLAGE_FIGURES.map((f) => (
          <div key={f.key} className={classes.figure}>
            <dt>{f.label}</dt>
            <dd>
              {formatFigure(village[f.key])}
              {village[f.key] != null ? <small>{f.unit}</small> : null}
            </dd>
          </div>
        ))}
      </dl>
      <dl className={classes.contact}>
        <div>
          <dt>负责人</dt>
          <dd>{village.leader || '—'}</dd>
        </div>
        <div>
          <dt>联系电话</dt>
          <dd>{village.phone ? <a href={`tel:${village.phone.replace(/[^0-9+]/g, '')}`}>{village.phone}</a> : '—'}</dd>
        </div>
      </dl>
    </>
  );
}
