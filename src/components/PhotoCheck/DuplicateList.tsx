import { Link } from '@umijs/max';
import { Typography } from 'antd';
import type { PhotoCheck } from '@common/contracts/photoChecks';
import { formatTime } from '@/utils/format';
import { duplicatePath, similarityText } from './texts';

/** The earlier records with a near-identical photo, each a link to its own page when the reader may open it. */
export default function DuplicateList({ check }: { check: PhotoCheck }) {
  const more = check.duplicateCount - check.duplicateOf.length;
  return (
    <ul className="photo-check-duplicates">
      {check.duplicateOf.map((duplicate, index) => {
        const path = duplicatePath(duplicate);
        return (
          <li key={`${duplicate.kind}-${duplicate.id ?? `hidden-${index}`}`}>
            与{path ? <Link to={path}>{duplicate.label}</Link> : <Typography.Text strong>{duplicate.label}</Typography.Text>}
            的照片几乎相同
            <div className="photo-check-meta">
              上传于 {formatTime(duplicate.uploadedAt)} · {similarityText(duplicate.distance)}
              {path ? null : ' · 无权查看该记录'}
            </div>
          </li>
        );
      })}
      {more > 0 ? <li className="photo-check-meta">另有 {more} 条记录含相似照片</li> : null}
    </ul>
  );
}
