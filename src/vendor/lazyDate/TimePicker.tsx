// pro-field's FieldTimePicker and FieldTimeRangePicker, loaded on first use (see ../lazyField.tsx, ADR 0047).
import { lazyField } from '../lazyField';

const real = () => import('@ant-design/pro-field/es/components/TimePicker/index.js');

export const FieldTimeRangePicker = lazyField(async () => ({ default: (await real()).FieldTimeRangePicker }));
export default lazyField(real);
