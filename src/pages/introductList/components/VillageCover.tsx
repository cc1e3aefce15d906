import type { VillageIntroduction } from '@common/contracts/content';
import './VillageCover.css';

/** A village's cover photo, or a drawn placeholder with its name when none was uploaded. */
export default function VillageCover({
  village,
  className = '',
}: {
  village: Pick<VillageIntroduction, 'area' | 'name' | 'cover'>;
  className?: string;
}) {
  if (village.cover) {
    return (
      <div className={`village-cover ${className}`}>
        <img src={village.cover.url} alt={`${village.name}封面`} loading="lazy" />
      </div>
    );
  }
  return (
    <div className={`village-cover village-cover-blank village-cover-tone-${village.area % 4} ${className}`} aria-hidden="true">
      <svg viewBox="0 0 120 40" preserveAspectRatio="xMidYMax slice" className="village-cover-hills">
        <path d="M0 40V26q15-12 30-4t30-6 32 6 28-4V40z" fill="rgba(255,255,255,0.18)" />
        <path d="M0 40V32q20-8 40-2t40-3 40 2V40z" fill="rgba(255,255,255,0.25)" />
      </svg>
      <span className="village-cover-name">{village.name}</span>
    </div>
  );
}
