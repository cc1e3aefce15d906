import { Grid, Select, Tag } from 'antd';
import './AreaPicker.css';
import type { VillageIntroduction } from '@common/contracts/content';
import { COMPLETENESS_TOTAL, completeness } from './villageValues';

/** How complete an area's page is, as a small tag. */
function CompletenessTag({ village }: { village: VillageIntroduction }) {
  const filled = completeness(village);
  if (filled === COMPLETENESS_TOTAL) return <Tag color="success">资料完整</Tag>;
  if (filled === 0) return <Tag>未填写</Tag>;
  return (
    <Tag color="warning">
      待完善 {filled}/{COMPLETENESS_TOTAL}
    </Tag>
  );
}

interface Props {
  villages: VillageIntroduction[];
  area: number;
  onPick: (area: number) => void;
}

/** The twelve areas: a side list on wide screens, a select on phones. */
export default function AreaPicker({ villages, area, onPick }: Props) {
  const screens = Grid.useBreakpoint();
  if (!screens.lg) {
    return (
      <Select
        aria-label="选择村（社区）"
        value={area}
        onChange={onPick}
        style={{ width: '100%' }}
        options={villages.map((v) => ({ value: v.area, label: v.name }))}
        optionRender={(option) => {
          const village = villages.find((v) => v.area === option.value);
          return (
            <span style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
              <span>{option.label}</span>
              {village ? <CompletenessTag village={village} /> : null}
            </span>
          );
        }}
      />
    );
  }
  // Plain buttons rather than antd Menu: a second Menu on the page restyles the layout's dark side menu.
  return (
    <nav aria-label="村（社区）列表" className="village-area-list">
      {villages.map((v) => (
        <button
          key={v.area}
          type="button"
          className={v.area === area ? 'village-area-item village-area-item-active' : 'village-area-item'}
          aria-current={v.area === area ? 'true' : undefined}
          onClick={() => onPick(v.area)}
        >
          <span className="village-area-name">{v.name}</span>
          <CompletenessTag village={v} />
        </button>
      ))}
    </nav>
  );
}
