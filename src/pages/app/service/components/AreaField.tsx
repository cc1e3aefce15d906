import { Picker } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useAreas } from '@/components/AppTask/useAreaNames';
import Field from './Field';

interface AreaFieldProps {
  value: number | null;
  onChange(area: number): void;
  error?: string;
  disabled?: boolean;
  /** The user's own area name, shown while the list of names loads. */
  fallbackName?: string | null;
}

/** 所在村（社区）: one of the active areas (ADR 0050), picked from a wheel; starts at the user's own area. */
export default function AreaField({ value, onChange, error, disabled, fallbackName }: AreaFieldProps) {
  const areas = useAreas();
  const [open, setOpen] = useState(false);
  const name = areas.find((a) => a.id === value)?.name ?? (value ? fallbackName || `区域${value}` : undefined);
  return (
    <Field id="area" label="所在村（社区）" required error={error}>
      <button
        type="button"
        id="area"
        className="svc-picker-trigger"
        onClick={() => setOpen(true)}
        disabled={disabled}
        aria-haspopup="dialog"
      >
        <span className={name ? undefined : 'svc-placeholder'}>{name ?? '请选择所在村（社区）'}</span>
        <RightOutline aria-hidden />
      </button>
      <Picker
        title="选择所在村（社区）"
        columns={[areas.filter((a) => a.active).map((a) => ({ label: a.name, value: a.id }))]}
        visible={open}
        value={value ? [value] : []}
        onClose={() => setOpen(false)}
        onConfirm={(picked) => {
          const area = Number(picked[0]);
          if (area) onChange(area);
        }}
      />
    </Field>
  );
}
