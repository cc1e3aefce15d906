import { Alert } from 'antd';
import type { CheckedImage } from '@common/contracts/tasks';
import DuplicateList from './DuplicateList';
import { hasFinding, takenText } from './texts';

/**
 * Under a record's photos in its drawer: what the check found, photo by photo, with the earlier
 * records' links. A warning to weigh, not an error: the record can be handled as usual.
 */
export default function PhotoFindings({ images }: { images: CheckedImage[] }) {
  const found = images.map((image, index) => ({ image, index })).filter(({ image }) => hasFinding(image.check));
  if (!found.length) return null;
  return (
    <Alert
      className="photo-findings"
      type="warning"
      showIcon
      message="照片提示（仅供参考，是否采用由审核人判断）"
      description={
        <ul className="photo-findings-list">
          {found.map(({ image, index }) => {
            const check = image.check!;
            return (
              <li key={image.id}>
                {check.duplicateOf.length ? (
                  <div>
                    <strong>第{index + 1}张疑似重复：</strong>
                    <DuplicateList check={check} />
                  </div>
                ) : null}
                {check.stale ? (
                  <div>
                    <strong>
                      第{index + 1}张{check.staleReason}：
                    </strong>
                    {takenText(check)}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      }
    />
  );
}
