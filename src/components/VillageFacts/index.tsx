import type { VillageIntroduction } from '@common/contracts/content';
import { NO_FIGURES_TEXT, VILLAGE_FIGURES, filledFigures, formatFigure } from '@/utils/villageFigures';

interface Props {
  village: VillageIntroduction;
  /** Class names of the figures list, one figure, the contact list and the empty note: each page lays them out its own way. */
  classes: { figures: string; figure: string; contact: string; empty: string };
}

/**
 * A village's figures (人口, 户数…) and its leader and phone, the phone as a tap-to-call link. Only
 * what is filled in: a public reader sees no dashes, and a short note when there is nothing yet.
 */
export default function VillageFacts({ village, classes }: Props) {
  const figures = filledFigures(village, VILLAGE_FIGURES);
  const leader = village.leader.trim();
  const phone = village.phone.trim();
  if (!figures.length && !leader && !phone) return <p className={classes.empty}>{NO_FIGURES_TEXT}</p>;
  return (
    <>
      {figures.length ? (
        <dl className={classes.figures}>
          {figures.map((f) => (
            <div key={f.key} className={classes.figure}>
              <dt>{f.label}</dt>
              <dd>
                {formatFigure(f.value)}
                <small>{f.unit}</small>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {leader || phone ? (
        <dl className={classes.contact}>
          {leader ? (
            <div>
              <dt>负责人</dt>
              <dd>{leader}</dd>
            </div>
          ) : null}
          {phone ? (
            <div>
              <dt>联系电话</dt>
              <dd>
                <a href={`tel:${phone.replace(/[^0-9+]/g, '')}`}>{phone}</a>
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
    </>
  );
}
