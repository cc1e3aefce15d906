import { Button, Input } from 'antd-mobile';
import { CloseCircleOutline, EnvironmentOutline } from 'antd-mobile-icons';
import { LIMITS } from '@common/limits';
import type { GeoState } from './useGeolocation';
import { GEO_FAILURE_TEXT } from './useGeolocation';
import Field from './Field';
import { coordinatesText } from './serviceText';

interface LocationFieldProps {
  geo: GeoState;
  onLocate(): void;
  onClearPosition(): void;
  text: string;
  onText(value: string): void;
  onBlur(): void;
  error?: string;
  disabled?: boolean;
}

/**
 * 位置: the phone's position when the villager allows it (kept as coordinates and shown as text),
 * plus a place description in their own words, which alone is enough when there is no position.
 */
export default function LocationField({ geo, onLocate, onClearPosition, text, onText, onBlur, error, disabled }: LocationFieldProps) {
  const located = geo.status === 'located';
  return (
    <Field
      id="location"
      label="位置"
      error={error}
      hint={located ? '可补充具体地点，方便工作人员找到' : '点击“获取当前位置”，或直接填写地点'}
    >
      <div className="svc-geo">
        {located ? (
          <div className="svc-geo-result" role="status">
            <EnvironmentOutline aria-hidden />
            <span className="svc-geo-coords">
              已获取当前位置：{coordinatesText(geo.lat, geo.lng)}
              {geo.accuracy > 0 ? <span className="m-muted">（误差约{geo.accuracy}米）</span> : null}
            </span>
            <button type="button" className="svc-geo-clear" onClick={onClearPosition} disabled={disabled}>
              <CloseCircleOutline aria-hidden />
              不使用
            </button>
          </div>
        ) : (
          <Button
            block
            fill="outline"
            color="primary"
            className="svc-geo-button"
            onClick={onLocate}
            loading={geo.status === 'locating'}
            loadingText="正在获取位置"
            disabled={disabled}
          >
            <EnvironmentOutline aria-hidden /> {geo.status === 'failed' ? '重新获取当前位置' : '获取当前位置'}
          </Button>
        )}
        {geo.status === 'failed' ? (
          <p className="svc-geo-failed" role="status">
            {GEO_FAILURE_TEXT[geo.reason]}
          </p>
        ) : null}
      </div>
      <Input
        id="location"
        className="svc-input"
        value={text}
        onChange={onText}
        onBlur={onBlur}
        placeholder={located ? '补充地点，如：小学门口东侧' : '填写地点，如：第一村村委会东侧100米'}
        maxLength={LIMITS.reportLocation}
        clearable
        disabled={disabled}
      />
    </Field>
  );
}
