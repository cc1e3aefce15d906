import { Popover } from 'antd';
import type { PhotoCheck } from '@common/contracts/photoChecks';
import DuplicateList from './DuplicateList';
import { takenText } from './texts';
import './photoCheck.css';

interface Props {
  check: PhotoCheck;
  /** 第2张: which photo, for screen readers. */
  which: string;
}

/**
 * The warning tags under a photo: 疑似重复 and 拍摄过早, each opening the details (and the earlier
 * record's link) on hover or click. Never more than a hint: the review goes on as usual.
 */
export default function PhotoFlags({ check, which }: Props) {
  if (!check.duplicateOf.length && !check.stale) return null;
  return (
    <span className="photo-flags">
      {check.duplicateOf.length ? (
        <Popover
          trigger={['hover', 'click']}
          title="疑似重复照片"
          content={
            <div className="photo-check-popover">
              <DuplicateList check={check} />
              <div className="photo-check-note">仅供参考，是否采用由审核人判断。</div>
            </div>
          }
        >
          <button type="button" className="photo-flag photo-flag-duplicate" aria-label={`${which}疑似重复，查看详情`}>
            疑似重复
          </button>
        </Popover>
      ) : null}
      {check.stale ? (
        <Popover
          trigger={['hover', 'click']}
          title={check.staleReason}
          content={
            <div className="photo-check-popover">
              {takenText(check)}
              <div className="photo-check-note">仅供参考，是否采用由审核人判断。</div>
            </div>
          }
        >
          <button
            type="button"
            className="photo-flag photo-flag-stale"
            aria-label={`${which}拍摄过早${check.staleReason ? `，${check.staleReason}` : ''}，查看详情`}
          >
            拍摄过早
          </button>
        </Popover>
      ) : null}
    </span>
  );
}
